import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { serverMessage } from '../../../lib/api-client';
import { downloadExport, type ExportRequest } from '../api/data-export-api';

export interface ExportCardProps {
  title: string;
  description: string;
  /** The button's text, naming what it downloads. */
  buttonLabel: string;
  /** What to download; none while there is nothing to choose from. */
  request?: ExportRequest;
}

/** One export: what it holds in a line, and its Download button, busy while the file comes, with an alert if it fails. */
export function ExportCard({ title, description, buttonLabel, request }: ExportCardProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const download = async () => {
    if (!request) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await downloadExport(request);
    } catch (error) {
      setFailure(serverMessage(error) ?? t('dataExport.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{description}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={download}
          disabled={busy || !request}
          aria-busy={busy}
          sx={{ minHeight: 44 }}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {buttonLabel}
        </Button>
        {busy && <Typography role="status">{t('dataExport.downloading')}</Typography>}
      </Box>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </Paper>
  );
}
