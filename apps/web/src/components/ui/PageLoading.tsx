import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A page, or a part of one, still loading: a labelled spinner. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
