import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LANGUAGES } from '@portal/shared/constants';
import { EMAIL_MAX_LENGTH } from '@portal/shared/registration/registration-form';
import { STAFF_INVITATION_DAYS, STAFF_MESSAGES, STAFF_NAME_MAX } from '@portal/shared/staff/staff';
import { FormTextField } from '../../../components/ui/FormTextField';
import { SelectField } from '../../../components/ui/SelectField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { LANGUAGE_LABELS } from '../../../lib/labels';
import { useTranslation } from '../../../lib/use-translation';
import { useInviteStaff } from '../api/staff-api';
import { placeRefusal } from './refusal';
import { StaffAccessFields } from './StaffAccessFields';
import { withScope, ZInviteForm } from './staff-forms';

type InviteInput = z.input<typeof ZInviteForm>;
type InviteValues = z.output<typeof ZInviteForm>;

const FIELDS = ['firstName', 'lastName', 'email', 'role', 'healthSystemIds', 'language'] as const;

/**
 * Invite a staff member: their name, e-mail address, role (with its health systems when the role is limited to
 * some) and the language of their e-mails, checked with the server's own rules. Sent, the dialog closes and the
 * panel says so; a refusal shows under the field it concerns.
 */
export function InviteStaffDialog({ onClose, onInvited }: { onClose(): void; onInvited(message: string): void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const invite = useInviteStaff();
  const form = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(ZInviteForm),
    defaultValues: { firstName: '', lastName: '', email: '', healthSystemIds: [], language: i18n.language },
  });
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFailure(undefined);
    invite.mutate(withScope(values), {
      onSuccess: (message) => onInvited(message ?? t(STAFF_MESSAGES.invited)),
      onError: (error) => setFailure(placeRefusal(error, FIELDS, form.setError, t('error.generic'))),
    });
  });

  return (
    <Dialog
      open
      onClose={() => !invite.isPending && onClose()}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('staff.invite.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <Typography id={introId}>{t('staff.invite.intro', { count: STAFF_INVITATION_DAYS })}</Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t(failure, { defaultValue: failure })}
            </Alert>
          )}
          <FormTextField
            {...form.register('firstName')}
            label={t('staff.fields.firstName')}
            autoComplete="off"
            maxLength={STAFF_NAME_MAX}
            errorMessage={errors.firstName?.message}
          />
          <FormTextField
            {...form.register('lastName')}
            label={t('staff.fields.lastName')}
            autoComplete="off"
            maxLength={STAFF_NAME_MAX}
            errorMessage={errors.lastName?.message}
          />
          <FormTextField
            {...form.register('email')}
            type="email"
            label={t('staff.fields.email')}
            autoComplete="off"
            maxLength={EMAIL_MAX_LENGTH}
            errorMessage={errors.email?.message}
          />
          <StaffAccessFields
            control={form.control}
            roleError={errors.role?.message}
            healthSystemsError={errors.healthSystemIds?.message}
          />
          <SelectField
            control={form.control}
            name="language"
            label={t('staff.fields.language')}
            options={LANGUAGES.map((value) => ({ value, label: t(LANGUAGE_LABELS[value]) }))}
            errorMessage={errors.language?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={invite.isPending}>
            {t('staff.cancel')}
          </Button>
          <SubmitButton
            busy={invite.isPending}
            label={invite.isPending ? t('staff.invite.sending') : t('staff.invite.submit')}
          />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
