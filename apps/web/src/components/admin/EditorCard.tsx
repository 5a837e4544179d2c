import { Alert, Box, Button, Snackbar, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { SUCCESS_MESSAGE_DISPLAY_MS } from '@portal/shared/constants';
import { serverMessage } from '../../lib/api-client';
import { LoadFailedAlert } from '../ui/LoadFailedAlert';
import { PageLoading } from '../ui/PageLoading';
import { SubmitButton } from '../ui/SubmitButton';
import { focusRing } from '../ui/styles';
import { RefusalAlerts } from './RefusalAlerts';
import type { EditorState } from './use-editor';

export interface EditorCardProps<T> extends EditorState<T> {
  /** A heading (h3) naming the editor, for a panel that holds more than one. */
  title?: string;
  /** The stored value, read-only. */
  view(stored: T): ReactNode;
  /** The form's fields, shown in edit mode. */
  children: ReactNode;
  /** Whether the staff member's role may change the setting: without it the value stays read-only, with no Edit. */
  canEdit: boolean;
}

const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * A setting's editor: the stored value read-only with Edit; in edit mode the fields with Save and Cancel.
 * Edit puts the focus on the first field; saving or cancelling puts it back on Edit. A role that may not change
 * the setting sees the value alone.
 */
export function EditorCard<T>({
  title,
  view,
  children,
  canEdit,
  load,
  isEditing,
  onEdit,
  onCancel,
  onSave,
  onReload,
  canSave,
  saving,
  formErrors,
  stale,
  success,
  onSuccessClose,
}: EditorCardProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(isEditing);
  useEffect(() => {
    if (isEditing && !wasEditing.current) formRef.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    if (!isEditing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  let body: ReactNode;
  if (load.data === undefined) {
    body = load.isError ? (
      <LoadFailedAlert
        message={serverMessage(load.error) ?? t('admin.loadFailed')}
        onRetry={() => void load.refetch()}
      />
    ) : (
      <PageLoading />
    );
  } else if (isEditing && canEdit) {
    body = (
      <Box component="form" noValidate ref={formRef} onSubmit={onSave}>
        {children}
        <RefusalAlerts stale={stale} problems={formErrors} onReload={onReload} />
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <SubmitButton
            busy={saving}
            disabled={!canSave}
            label={t(saving ? 'admin.editor.saving' : 'admin.editor.save')}
          />
          <Button variant="outlined" size="large" onClick={onCancel} disabled={saving}>
            {t('admin.editor.cancel')}
          </Button>
        </Stack>
      </Box>
    );
  } else {
    body = (
      <>
        {view(load.data)}
        {canEdit && (
          <Button
            ref={editRef}
            variant="contained"
            size="large"
            onClick={onEdit}
            aria-describedby={title ? titleId : undefined}
            sx={{ mt: 3, ...focusRing }}
          >
            {t('admin.editor.edit')}
          </Button>
        )}
      </>
    );
  }

  return (
    <Box component={title ? 'section' : 'div'} aria-labelledby={title ? titleId : undefined} sx={{ mb: 4 }}>
      {title && (
        <Typography id={titleId} variant="h3" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {title}
        </Typography>
      )}
      {body}
      <Snackbar
        open={success !== undefined}
        autoHideDuration={SUCCESS_MESSAGE_DISPLAY_MS}
        onClose={(_event, reason) => reason !== 'clickaway' && onSuccessClose()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          role="status"
          onClose={onSuccessClose}
          closeText={t('admin.editor.closeMessage')}
        >
          {success}
        </Alert>
      </Snackbar>
    </Box>
  );
}
