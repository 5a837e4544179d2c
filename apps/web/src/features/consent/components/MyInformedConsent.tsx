import {
  Alert,
  Button,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { SIGNED_COPY_FILE_NAME } from '@portal/shared/consent/signed-copy';
import { openBlob, saveBlob } from '../../../lib/blob-files';
import { useConsentView, useSignedCopy } from '../api/consent-api';

/** My Informed Consent: row 1 with view and download once signed, else 'No Consent Form Signed'. */
export function MyInformedConsent() {
  const { t } = useTranslation();
  const view = useConsentView();
  const copy = useSignedCopy(Boolean(view.data));

  if (view.isPending)
    return (
      <Stack direction="row" spacing={1} alignItems="center" role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>{t('common.loading')}</Typography>
      </Stack>
    );
  if (view.isError) return <Alert severity="error">{t('consent.copy.loadFailed')}</Alert>;
  if (!view.data) return <Typography>{t('consent.noSignedCopy')}</Typography>;

  const unavailable = !copy.data;
  return (
    <Stack spacing={2}>
      <TableContainer>
        <Table aria-label={t('consent.copy.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('consent.copy.rowNumber')}</TableCell>
              <TableCell>{t('consent.copy.signedBy')}</TableCell>
              <TableCell>{t('consent.copy.signedDate')}</TableCell>
              <TableCell>{t('consent.copy.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell>1</TableCell>
              <TableCell>{view.data.consentSignBy}</TableCell>
              <TableCell>{view.data.signedDate}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button
                    startIcon={<VisibilityIcon aria-hidden />}
                    aria-label={t('consent.copy.viewLabel')}
                    disabled={unavailable}
                    onClick={() => copy.data && openBlob(copy.data, SIGNED_COPY_FILE_NAME)}
                  >
                    {t('consent.copy.view')}
                  </Button>
                  <Button
                    startIcon={<DownloadIcon aria-hidden />}
                    aria-label={t('consent.copy.downloadLabel')}
                    disabled={unavailable}
                    onClick={() => copy.data && saveBlob(copy.data, SIGNED_COPY_FILE_NAME)}
                  >
                    {t('consent.copy.download')}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      <div role="status">
        {copy.isPending && (
          <Stack direction="row" spacing={1} alignItems="center">
            <CircularProgress size={20} aria-hidden />
            <Typography>{t('consent.copy.loading')}</Typography>
          </Stack>
        )}
        {copy.isError && <Alert severity="error">{t('consent.copy.failed')}</Alert>}
      </div>
    </Stack>
  );
}
