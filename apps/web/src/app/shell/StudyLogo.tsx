import { Box, Link } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink } from 'react-router';

export function StudyLogo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="none"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.dark', fontWeight: 700 }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 36, height: 36 }} />
      <Box component="span" sx={{ fontSize: '1.05rem', lineHeight: 1.2 }}>
        {t('shell.studyName')}
      </Box>
    </Link>
  );
}
