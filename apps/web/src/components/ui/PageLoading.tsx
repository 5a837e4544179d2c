import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';

/**
 * A page, or a part of one, still loading: a labelled spinner, or a spinner and a line saying what loads
 * (announced).
 */
export function PageLoading({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 2, py: 8 }}>
      {text ? (
        <>
          <CircularProgress aria-hidden />
          <Typography role="status">{text}</Typography>
        </>
      ) : (
        <CircularProgress aria-label={t('common.loading')} />
      )}
    </Box>
  );
}
