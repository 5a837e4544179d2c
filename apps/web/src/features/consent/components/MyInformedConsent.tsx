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
import { useTranslation } from '../../../lib/use-translation';
import { SIGNED_COPY_FILE_NAME } from '@portal/shared/consent/signed-copy';
import { openBlob, saveBlob } from '../../../lib/blob-files';
import { useSignedCopies, useSignedVersions } from '../api/consent-api';
import { focusRing } from '../../../components/ui/styles';

/**
 * My Informed Consent: one row per form version signed, newest first, each with its signer, date, and view and
 * download of its signed copy (disabled while it downloads or when it could not), else 'No Consent Form Signed'.
 */
export function MyInformedConsent() {
  const { t } = useTranslation();
  const signed = useSignedVersions();
  const versions = signed.data ?? [];
  const copies = useSignedCopies(versions.map((v) => v.id));

  if (signed.isPending)
    return (
      <Stack direction="row" spacing={1} alignItems="center" role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>{t('common.loading')}</Typography>
      </Stack>
    );
  if (signed.isError) return <Alert severity="error">{t('consent.copy.loadFailed')}</Alert>;
  if (versions.length === 0) return <Typography>{t('consent.noSignedCopy')}</Typography>;

  return (
    <Stack spacing={2}>
      {/* Focusable, so a keyboard can scroll the table sideways on a phone even while its buttons are disabled. */}
      <TableContainer role="region" aria-label={t('consent.copy.tableLabel')} tabIndex={0} sx={focusRing}>
        <Table aria-label={t('consent.copy.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('consent.copy.version')}</TableCell>
              <TableCell>{t('consent.copy.signedBy')}</TableCell>
              <TableCell>{t('consent.copy.signedDate')}</TableCell>
              <TableCell>{t('consent.copy.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((version, index) => {
              const copy = copies[index]?.data;
              const labels = { version: String(version.version) };
              return (
                <TableRow key={version.id}>
                  <TableCell>{version.version}</TableCell>
                  <TableCell>{version.consentSignBy}</TableCell>
                  <TableCell>{version.signedDate}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button
                        startIcon={<VisibilityIcon aria-hidden />}
                        aria-label={t('consent.copy.viewLabel', labels)}
                        disabled={!copy}
                        onClick={() => copy && openBlob(copy, SIGNED_COPY_FILE_NAME)}
                      >
                        {t('consent.copy.view')}
                      </Button>
                      <Button
                        startIcon={<DownloadIcon aria-hidden />}
                        aria-label={t('consent.copy.downloadLabel', labels)}
                        disabled={!copy}
                        onClick={() => copy && saveBlob(copy, SIGNED_COPY_FILE_NAME)}
                      >
                        {t('consent.copy.download')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <div role="status">
        {copies.some((c) => c.isPending) && (
          <Stack direction="row" spacing={1} alignItems="center">
            <CircularProgress size={20} aria-hidden />
            <Typography>{t('consent.copy.loading')}</Typography>
          </Stack>
        )}
        {copies.some((c) => c.isError) && <Alert severity="error">{t('consent.copy.failed')}</Alert>}
      </div>
    </Stack>
  );
}
