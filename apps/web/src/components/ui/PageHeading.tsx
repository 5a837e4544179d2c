import { Container, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { clearOfHelpToggle } from './styles';

/** The page's one h1, which also names the browser tab. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${t('shell.studyName')}`;
  }, [title, t]);
  return (
    <Container maxWidth="lg" sx={{ py: 4, ...clearOfHelpToggle('lg') }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
