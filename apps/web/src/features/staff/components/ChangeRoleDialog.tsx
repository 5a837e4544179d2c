import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { STAFF_MESSAGES, type TStaffMember } from '@portal/shared/staff/staff';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { useTranslation } from '../../../lib/use-translation';
import { useUpdateStaff } from '../api/staff-api';
import { placeRefusal } from './refusal';
import { StaffAccessFields } from './StaffAccessFields';
import { fullName } from './StaffTable';
import { withScope, ZChangeRoleForm } from './staff-forms';

type AccessInput = z.input<typeof ZChangeRoleForm>;
type AccessValues = z.output<typeof ZChangeRoleForm>;

const FIELDS = ['role', 'healthSystemIds'] as const;

/** Change role: a member's role and, for a role limited to health systems, which ones; saved, the dialog closes. */
export function ChangeRoleDialog({
  member,
  onClose,
  onChanged,
}: {
  member: TStaffMember;
  onClose(): void;
  onChanged(message: string): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateStaff();
  const form = useForm<AccessInput, unknown, AccessValues>({
    resolver: zodResolver(ZChangeRoleForm),
    defaultValues: { role: member.role, healthSystemIds: member.healthSystems.map((system) => system.id) },
  });
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;
  const name = fullName(member);

  const submit = form.handleSubmit((values) => {
    setFailure(undefined);
    update.mutate(
      { id: member.id, ...withScope(values) },
      {
        onSuccess: (message) => onChanged(message ?? t(STAFF_MESSAGES.updated)),
        onError: (error) => setFailure(placeRefusal(error, FIELDS, form.setError, t('error.generic'))),
      },
    );
  });

  return (
    <Dialog open onClose={() => !update.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('staff.changeRole.title', { name })}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('staff.changeRole.intro', { name, email: member.email })}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t(failure, { defaultValue: failure })}
            </Alert>
          )}
          <StaffAccessFields
            control={form.control}
            roleError={errors.role?.message}
            healthSystemsError={errors.healthSystemIds?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            {t('staff.cancel')}
          </Button>
          <SubmitButton
            busy={update.isPending}
            label={update.isPending ? t('staff.changeRole.saving') : t('staff.changeRole.submit')}
          />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
