import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  Link,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import {
  SIGNING_ERROR_CODES,
  type TCeremony,
  type TSignatureMark,
  type TSignatureStatus,
} from '@portal/shared/consent/ceremony';
import { fieldValueProblems } from '@portal/shared/consent/field-values';
import { localCalendarDate, toUsDate } from '@portal/shared/dates';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { useCeremony, useFormDocument, useSignConsent } from '../api/consent-api';
import { ConsentDocument, DownloadFormButton } from '../../../components/consent/ConsentDocument';
import { fieldInputId, SIGNATURE_SECTION_ID } from '../../../components/consent/FieldOverlay';
import { ZoomControls } from '../../../components/consent/ZoomControls';
import { ReconsentNotice } from './ReconsentNotice';
import { SignatureInput } from './SignatureInput';
import { SIGNING_CODE_ID, SigningCode } from './SigningCode';

const ZOOMS = [0.75, 1, 1.25, 1.5] as const;
/** Where a problem with the signature itself is reported. */
const SIGNATURE_KEY = 'signature';
const CODE_KEY = 'code';

interface SigningDialogProps {
  open: boolean;
  onClose(): void;
  onSigned(status: TSignatureStatus): void;
}

/** Today's date in each date field, as the participant would write it. */
function initialValues(ceremony: TCeremony): Record<string, string | boolean> {
  const today = toUsDate(localCalendarDate());
  return Object.fromEntries(ceremony.fields.filter((f) => f.type === 'date').map((f) => [f.id, today]));
}

/**
 * The built-in e-signature ceremony, in a full-screen dialog: the participant's consent form page by page with
 * its fields in place, the signature (drawn or typed), the e-mailed code when the policy asks for one.
 */
export default function SigningDialog({ open, onClose, onSigned }: SigningDialogProps) {
  const { t } = useTranslation();
  const ceremony = useCeremony(open);
  const form = ceremony.data ?? undefined;
  const pdf = useFormDocument(form?.documentUrl);
  const signing = useSignConsent();
  const [entered, setEntered] = useState<Record<string, string | boolean>>({});
  const defaults = useMemo(() => (form ? initialValues(form) : {}), [form]);
  const values = useMemo(() => ({ ...defaults, ...entered }), [defaults, entered]);
  const [signature, setSignature] = useState<TSignatureMark | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string>();
  const [zoom, setZoom] = useState(1);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary, errors]);

  const setValue = (fieldId: string, value: string | boolean) => {
    setEntered((current) => ({ ...current, [fieldId]: value }));
    setErrors(({ [fieldId]: _fixed, ...rest }) => rest);
  };

  const submit = () => {
    if (!form) return;
    const found: Record<string, string> = {};
    for (const problem of fieldValueProblems(form.fields, values, localCalendarDate()))
      found[problem.errorField] = problem.message;
    if (!signature) found[SIGNATURE_KEY] = 'consent.signatureRequired';
    if (form.codeRequired && !code.trim()) found[CODE_KEY] = 'consent.codeRequired';
    setErrors(found);
    if (Object.keys(found).length > 0) return setSummary('consent.fieldsIncomplete');
    setSummary(undefined);
    signing.mutate(
      { formId: form.formId, values, signature: signature!, ...(form.codeRequired && { code: code.trim() }) },
      {
        onSuccess: onSigned,
        onError: (error) => {
          const data = error instanceof ApiError ? error.data : undefined;
          const errorCode = (data as { errorCode?: string } | undefined)?.errorCode;
          if (errorCode === SIGNING_ERROR_CODES.formOutdated) {
            setSummary('consent.sign.outdated');
            void ceremony.refetch();
            return;
          }
          if (Array.isArray(data))
            setErrors(
              Object.fromEntries(data.map((e: { errorField: string; message: string }) => [e.errorField, e.message])),
            );
          else if (errorCode === SIGNING_ERROR_CODES.codeRequired) setErrors({ [CODE_KEY]: error.message });
          setSummary(serverMessage(error) ?? 'error.generic');
        },
      },
    );
  };

  const fieldLabel = (key: string) =>
    key === SIGNATURE_KEY
      ? t('consent.sign.signatureHeading')
      : key === CODE_KEY
        ? t('consent.sign.codeLabel')
        : (form?.fields.find((f) => f.id === key)?.description ?? key);
  const focusProblem = (key: string) => {
    const field = form?.fields.find((f) => f.id === key);
    const target = document.getElementById(
      field ? fieldInputId(field) : key === SIGNATURE_KEY ? SIGNATURE_SECTION_ID : SIGNING_CODE_ID,
    );
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby="signing-title">
      <DialogTitle id="signing-title" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1 }}>{t('consent.sign.title')}</Box>
        <Button onClick={onClose}>{t('consent.sign.later')}</Button>
      </DialogTitle>
      <Divider />
      <DialogContent lang={form?.locale.replace('_', '-')}>
        <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
          {ceremony.isPending || (form && pdf.isPending) ? (
            <Stack direction="row" spacing={1} alignItems="center" role="status">
              <CircularProgress size={20} aria-hidden />
              <Typography>{t('consent.sign.loading')}</Typography>
            </Stack>
          ) : ceremony.isError || pdf.isError || !form || !pdf.data ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={() => void (ceremony.isError ? ceremony.refetch() : pdf.refetch())}>
                  {t('consent.sign.retry')}
                </Button>
              }
            >
              {serverMessage(ceremony.error) ?? t('consent.sign.loadFailed')}
            </Alert>
          ) : (
            <>
              {form.reconsent && <ReconsentNotice reconsent={form.reconsent} />}
              <Typography>{t('consent.sign.intro')}</Typography>
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <ZoomControls zooms={ZOOMS} zoom={zoom} onZoom={setZoom} />
                <DownloadFormButton bytes={pdf.data} fileName={form.fileName} />
              </Stack>
              <ConsentDocument
                bytes={pdf.data}
                fields={form.fields}
                values={values}
                signature={signature}
                errors={errors}
                zoom={zoom}
                onValue={setValue}
              />
              <SignatureInput
                value={signature}
                onChange={(next) => {
                  setSignature(next);
                  setErrors(({ [SIGNATURE_KEY]: _fixed, ...rest }) => rest);
                }}
                error={errors[SIGNATURE_KEY]}
              />
              {form.codeRequired && <SigningCode value={code} onChange={setCode} error={errors[CODE_KEY]} />}
              {summary && (
                <Alert severity="error" ref={summaryRef} tabIndex={-1} role="alert">
                  <Typography>{t(summary, { defaultValue: summary })}</Typography>
                  <List dense disablePadding>
                    {Object.entries(errors).map(([key, message]) => (
                      <ListItem key={key} disableGutters>
                        <Link component="button" type="button" onClick={() => focusProblem(key)}>
                          {fieldLabel(key)}: {t(message, { defaultValue: message })}
                        </Link>
                      </ListItem>
                    ))}
                  </List>
                </Alert>
              )}
              <Box>
                <SubmitButton
                  onClick={submit}
                  busy={signing.isPending}
                  label={signing.isPending ? t('consent.sign.signing') : t('consent.sign.submit')}
                />
              </Box>
            </>
          )}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
