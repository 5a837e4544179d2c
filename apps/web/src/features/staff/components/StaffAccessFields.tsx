import { Alert, Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, Typography } from '@mui/material';
import { useId } from 'react';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { isScopedRole, isStaffRole, STAFF_ROLES, type StaffRole } from '@portal/shared/staff/roles';
import { FieldError } from '../../../components/ui/FieldError';
import { NativeSelect } from '../../../components/ui/NativeSelect';
import { useTranslation } from '../../../lib/use-translation';
import { useHealthSystemChoices } from '../api/staff-api';
import { ROLE_LABELS, ROLE_SUMMARIES } from './staff-labels';

/** The part of a form that sets a member's access. */
export interface AccessValues extends FieldValues {
  role?: StaffRole;
  healthSystemIds?: string[];
}

/** A server refusal of one health system (`healthSystemIds.2`) belongs to the health systems field. */
export const accessField = (errorField: string) =>
  /^healthSystemIds\.\d+$/.test(errorField) ? 'healthSystemIds' : errorField;

const ROLE_ERROR_ID = 'role-error';
const SYSTEMS_ERROR_ID = 'healthSystemIds-error';

/**
 * A role (with what it is for) and, only for a role limited to health systems, the health systems it covers as a
 * group of check boxes. Each shows its message under it.
 */
export function StaffAccessFields<T extends AccessValues>({
  control,
  roleError,
  healthSystemsError,
}: {
  control: Control<T>;
  roleError?: string;
  healthSystemsError?: string;
}) {
  const { t } = useTranslation();
  const summaryId = useId();
  const role = useWatch({ control, name: 'role' as Path<T> }) as unknown;
  const scoped = isStaffRole(role) && isScopedRole(role);
  return (
    <>
      <Controller
        control={control}
        name={'role' as Path<T>}
        render={({ field }) => (
          <NativeSelect
            ref={field.ref}
            name={field.name}
            label={t('staff.fields.role')}
            value={(field.value as string | undefined) ?? ''}
            placeholder={t('staff.fields.chooseRole')}
            options={STAFF_ROLES.map((value) => ({ value, label: t(ROLE_LABELS[value]) }))}
            onChange={field.onChange}
            onBlur={field.onBlur}
            required
            fullWidth
            margin="normal"
            error={Boolean(roleError)}
            describedBy={
              [roleError ? ROLE_ERROR_ID : undefined, isStaffRole(role) ? summaryId : undefined]
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
        )}
      />
      <FieldError id={ROLE_ERROR_ID} message={roleError} />
      {isStaffRole(role) && (
        <Typography id={summaryId} variant="body2" color="text.secondary">
          {t(ROLE_SUMMARIES[role])}
        </Typography>
      )}
      {scoped && <HealthSystemsField control={control} error={healthSystemsError} />}
    </>
  );
}

/** The health systems of a scoped role: one check box each, in a group named by its legend. */
function HealthSystemsField<T extends AccessValues>({ control, error }: { control: Control<T>; error?: string }) {
  const { t } = useTranslation();
  const choices = useHealthSystemChoices();
  const helpId = useId();
  return (
    <Controller
      control={control}
      name={'healthSystemIds' as Path<T>}
      render={({ field }) => {
        const chosen = (field.value as string[] | undefined) ?? [];
        const toggle = (id: string, checked: boolean) =>
          field.onChange(checked ? [...chosen, id] : chosen.filter((value) => value !== id));
        return (
          <FormControl
            component="fieldset"
            required
            error={Boolean(error)}
            margin="normal"
            fullWidth
            aria-describedby={[helpId, error ? SYSTEMS_ERROR_ID : undefined].filter(Boolean).join(' ')}
          >
            <FormLabel component="legend">{t('staff.fields.healthSystems')}</FormLabel>
            <Typography id={helpId} variant="body2" color="text.secondary">
              {t('staff.fields.healthSystemsHelp')}
            </Typography>
            {choices.isError ? (
              <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                {t('staff.fields.healthSystemsFailed')}
              </Alert>
            ) : !choices.data ? (
              <Typography sx={{ mt: 1 }}>{t('common.loading')}</Typography>
            ) : choices.data.length === 0 ? (
              <Typography sx={{ mt: 1 }}>{t('staff.fields.noHealthSystems')}</Typography>
            ) : (
              <Box sx={{ maxHeight: 240, overflowY: 'auto' }}>
                <FormGroup>
                  {choices.data.map((system, index) => (
                    <FormControlLabel
                      key={system.id}
                      label={system.name}
                      control={
                        <Checkbox
                          // The first box takes the focus when the server refuses the choice.
                          inputRef={index === 0 ? field.ref : undefined}
                          checked={chosen.includes(system.id)}
                          onChange={(event) => toggle(system.id, event.target.checked)}
                          onBlur={field.onBlur}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </Box>
            )}
            <FieldError id={SYSTEMS_ERROR_ID} message={error} />
          </FormControl>
        );
      }}
    />
  );
}
