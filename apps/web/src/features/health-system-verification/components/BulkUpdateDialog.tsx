import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  VERIFICATION_MESSAGES,
  VERIFICATION_PREVIEW_SIZES,
  type TVerificationUpdateResult,
} from '@portal/shared/health-system-verification/verification-records';
import { ConfirmStepButtons } from '../../../components/ui/ConfirmStepButtons';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { serverMessage } from '../../../lib/api-client';
import { usePagedQueryState } from '../../../lib/paging';
import { useIdIssues, useUpdateVerification } from '../api/verification-api';
import { BulkIdsInput, type IdSource } from './BulkIdsInput';
import { readPastedIds, type IdList } from './id-list';
import { IdPreview } from './IdPreview';
import { StatusRadios } from './StatusRadios';

/** The longest value the ID check takes; a longer one is no UUID either way, so it is sent cut short. */
const CHECKED_LENGTH = 100;

/** A list read, known by its version: each new list is checked again. */
type ReadList = IdList & { version: number };

/** Why the IDs cannot be sent as they are (a catalog key), or undefined. */
function idsError(list: IdList): string | undefined {
  if (list.tooMany) return VERIFICATION_MESSAGES.tooManyIds;
  if (list.valid.length === 0 && list.invalid.length === 0) return VERIFICATION_MESSAGES.idsRequired;
  if (list.invalid.length > 0) return VERIFICATION_MESSAGES.idsInvalid;
  return undefined;
}

/**
 * 'Bulk update verification status': user IDs typed, pasted or imported from a CSV file, a status, and a preview
 * of the valid IDs and of the IDs with issues. A confirmation says how many IDs will be left out before the
 * update is sent; then what it did.
 */
export function BulkUpdateDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateVerification();
  const [source, setSource] = useState<IdSource>({ kind: 'pasted', text: '' });
  const [list, setList] = useState<ReadList>();
  const [status, setStatus] = useState<boolean>();
  const [errors, setErrors] = useState<{ ids?: string; status?: string }>({});
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [result, setResult] = useState<TVerificationUpdateResult>();
  const issuesPaging = usePagedQueryState({
    sizes: VERIFICATION_PREVIEW_SIZES,
    defaultSize: VERIFICATION_PREVIEW_SIZES[0],
  });
  const [checked, setChecked] = useState<{ version: number; ids: string[] }>();
  const issues = useIdIssues(checked, issuesPaging);
  const issueCount = issues.data?.totalElements;

  /** Shows a list read, and checks its IDs (the invalid ones too, so the issues list them) with the server. */
  const takeList = (read: IdList): ReadList => {
    const taken = { ...read, version: (list?.version ?? 0) + 1 };
    setList(taken);
    setErrors((current) => ({ ...current, ids: idsError(read) }));
    issuesPaging.reset();
    const checkable = read.valid.length > 0 && !read.tooMany;
    const ids = [...read.valid, ...read.invalid.map((id) => id.slice(0, CHECKED_LENGTH))];
    setChecked(checkable ? { version: taken.version, ids } : undefined);
    return taken;
  };
  const dropList = () => {
    setList(undefined);
    setChecked(undefined);
  };

  /** Reads the box's IDs into the preview; a CSV file's were read as it was chosen. */
  const preview = () => (source.kind === 'pasted' ? takeList(readPastedIds(source.text)) : list);

  /** To the confirmation, once there are valid IDs and a status; invalid IDs are said and left out. */
  const next = () => {
    const shown = list ?? preview();
    const idsRefusal = shown ? idsError(shown) : VERIFICATION_MESSAGES.idsRequired;
    const statusRefusal = status === undefined ? VERIFICATION_MESSAGES.statusRequired : undefined;
    setErrors({ ids: idsRefusal, status: statusRefusal });
    const blocked = !shown || shown.valid.length === 0 || shown.tooMany;
    if (!blocked && !statusRefusal) setStep('confirm');
  };

  const submit = () => {
    if (!list || status === undefined || issueCount === undefined) return;
    update.mutate(
      {
        userIds: list.valid,
        invalidIds: list.invalid.map((id) => id.slice(0, CHECKED_LENGTH)),
        status,
        skipIdIssues: issueCount > 0,
        source: 'bulk',
      },
      { onSuccess: (reply) => setResult(reply.data), onError: () => setStep('edit') },
    );
  };

  return (
    <Dialog open onClose={() => !update.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('verification.bulk.title')}</DialogTitle>
      <DialogContent>
        {result ? (
          <Alert severity="success" role="status">
            {t('verification.bulk.result', {
              updated: t('verification.bulk.updated', { count: result.applied }),
              leftOut: t('verification.bulk.leftOut', { count: result.skipped }),
            })}
          </Alert>
        ) : step === 'confirm' && list ? (
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {t('verification.bulk.confirmTitle')}
            </Typography>
            {issues.isError ? (
              <Alert severity="error" role="alert">
                {serverMessage(issues.error) ?? t('admin.loadFailed')}
              </Alert>
            ) : issueCount === undefined ? (
              <Typography role="status">{t('verification.bulk.checking')}</Typography>
            ) : (
              <>
                <Typography>
                  {t('verification.bulk.confirmBody', {
                    count: list.valid.length + list.invalid.length - issueCount,
                    status: status ? t('verification.status.verified') : t('verification.status.rejected'),
                  })}
                </Typography>
                {issueCount > 0 && (
                  <Typography sx={{ mt: 1 }}>{t('verification.bulk.confirmLeftOut', { count: issueCount })}</Typography>
                )}
              </>
            )}
          </Box>
        ) : (
          <>
            <Typography>{t('verification.bulk.intro')}</Typography>
            {update.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {serverMessage(update.error) ?? t('error.generic')}
              </Alert>
            )}
            <BulkIdsInput
              source={source}
              error={errors.ids}
              onText={(text) => {
                setSource({ kind: 'pasted', text });
                dropList();
              }}
              onFile={(fileName, read) => {
                if (fileName && read) {
                  setSource({ kind: 'csv', fileName });
                  takeList(read);
                } else {
                  setSource({ kind: 'pasted', text: '' });
                  dropList();
                  setErrors((current) => ({ ...current, ids: undefined }));
                }
              }}
            />
            <StatusRadios
              value={status}
              error={errors.status}
              onChange={(value) => {
                setStatus(value);
                setErrors((current) => ({ ...current, status: undefined }));
              }}
            />
            {list && list.valid.length > 0 && (
              <IdPreview key={list.version} valid={list.valid} issues={issues} issuesPaging={issuesPaging} />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('verification.close')}
          </Button>
        ) : step === 'confirm' ? (
          <ConfirmStepButtons
            backLabel={t('verification.bulk.back')}
            confirmLabel={t('verification.bulk.confirm')}
            busy={update.isPending}
            disabled={issueCount === undefined}
            onBack={() => setStep('edit')}
            onConfirm={submit}
          />
        ) : (
          <>
            <Button onClick={onClose}>{t('verification.cancel')}</Button>
            {source.kind === 'pasted' && (
              <Button variant="outlined" onClick={() => void preview()}>
                {t('verification.bulk.preview')}
              </Button>
            )}
            <SubmitButton busy={false} onClick={next} label={t('verification.bulk.continue')} />
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
