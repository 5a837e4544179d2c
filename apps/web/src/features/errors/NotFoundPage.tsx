import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';
import lostIllustration from './not-found.svg';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('notFound.title')}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 4, alignItems: 'center' }}>
        <Box component="img" src={lostIllustration} alt="" sx={{ width: 220, maxWidth: '60%' }} />
        <Box>
          <Typography sx={{ mb: 3, fontSize: '1.1rem' }}>{t('notFound.body')}</Typography>
          <Button variant="contained" component={RouterLink} to="/">
            {t('notFound.home')}
          </Button>
        </Box>
      </Box>
    </PageHeading>
  );
}
