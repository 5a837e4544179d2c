import { Alert, Box, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import type { TDropdownSet } from '@portal/shared/reference/registration-dropdowns';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import { localCalendarDate } from '@portal/shared/dates';
import {
  NAME_MAX_LENGTH,
  NO_HEALTH_SYSTEM,
  personalInformationSchema,
  REGISTRATION_MESSAGES,
  ZIP_LENGTH,
} from '@portal/shared/registration/registration-form';
import { CaptchaField } from './CaptchaField';
import { BirthDateFormField } from '../../../components/ui/DateOfBirthField';
import { FieldError } from '../../../components/ui/FieldError';
import { FormTextField } from '../../../components/ui/FormTextField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { HealthSystemField, useHealthSystemConfirmation } from './HealthSystemField';
import { SelectField } from '../../../components/ui/SelectField';
import { applyServerErrors, serverFieldErrors, type ServerFieldError } from '../../../lib/server-errors';
import { serverMessage } from '../../../lib/api-client';

export interface PersonalValues {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  country: string;
  postalCode: string;
  language: string;
  healthSystem: string;
  healthSystemConsent: boolean;
}
const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'birthDate',
  'gender',
  'country',
  'postalCode',
  'language',
  'healthSystem',
  'healthSystemConsent',
] as const;

interface PersonalStepProps {
  policy: TPasswordPolicy;
  options: TDropdownSet;
  initial: PersonalValues;
  captchaEnabled: boolean;
  actionsDisabled: boolean;
  backButton?: React.ReactNode;
  onChange(values: PersonalValues): void;
  /** Sends the registration; rejects with the server's answer. */
  onSubmit(values: PersonalValues, captcha: string | undefined): Promise<void>;
}

/** Step 3: personal information, the health system, the captcha, then `POST /register`. */
export function PersonalStep(props: PersonalStepProps) {
  const { policy, options, initial, captchaEnabled, actionsDisabled, backButton } = props;
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<string>();
  const [captchaKey, setCaptchaKey] = useState(0);
  const [failure, setFailure] = useState<{ message: string; details: ServerFieldError[] }>();
  const schema = useMemo(
    () =>
      personalInformationSchema({
        policy,
        today: localCalendarDate(),
        choices: {
          gender: options.gender.map((o) => o.value),
          country: options.country.map((o) => o.value),
          language: options.language.map((o) => o.value),
          healthSystems: options.healthSystems.map((o) => o.value),
        },
      }),
    [policy, options],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PersonalValues>({ resolver: zodResolver(schema), defaultValues: initial, mode: 'onSubmit' });
  // 'Postal code should not contain letters' belongs to the typing itself, not to the form's rules.
  const [zipTypingError, setZipTypingError] = useState<string>();

  // Every change is kept in the wizard's draft, so a reload loses nothing typed.
  const { onChange } = props;
  const values = useWatch({ control });
  useEffect(() => onChange(values as PersonalValues), [values, onChange]);

  const confirmation = useHealthSystemConfirmation(options.healthSystems);
  const healthSystem = values.healthSystem;
  const chosenSystem = options.healthSystems.find((o) => o.value === healthSystem && o.value !== NO_HEALTH_SYSTEM);
  const errorId = (name: keyof PersonalValues) => (errors[name] ? `${name}-error` : undefined);

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await props.onSubmit(values, captcha);
    } catch (error) {
      const details = serverFieldErrors(error);
      applyServerErrors(details, PERSONAL_FIELDS, setError);
      if (details.some((d) => d.errorField === 'altcha')) {
        setCaptcha(undefined);
        setCaptchaKey((k) => k + 1);
      }
      setFailure({
        message: details.length > 0 ? 'error.register.failed' : (serverMessage(error) ?? 'error.generic'),
        details,
      });
    }
  });

  // A system the person has not confirmed is asked about first; Yes goes on with the registration.
  const onRegister = (event: React.FormEvent) => {
    if (confirmation.settle(getValues('healthSystem'), () => void submit())) return submit(event);
    event.preventDefault();
  };

  return (
    <Box component="form" noValidate onSubmit={onRegister}>
      <Typography sx={{ mb: 1 }}>{t('registration.personal.intro')}</Typography>
      <FormTextField
        {...register('firstName')}
        label={t('registration.fields.firstName')}
        autoComplete="given-name"
        maxLength={NAME_MAX_LENGTH}
        errorMessage={errors.firstName?.message}
      />
      <FormTextField
        {...register('lastName')}
        label={t('registration.fields.lastName')}
        autoComplete="family-name"
        maxLength={NAME_MAX_LENGTH}
        errorMessage={errors.lastName?.message}
      />
      <BirthDateFormField control={control} name="birthDate" errorMessage={errors.birthDate?.message} />
      <SelectField
        control={control}
        name="gender"
        label={t('registration.fields.gender')}
        options={options.gender}
        errorMessage={errors.gender?.message}
        autoComplete="sex"
      />
      <SelectField
        control={control}
        name="country"
        label={t('registration.fields.country')}
        options={options.country}
        errorMessage={errors.country?.message}
        autoComplete="country"
      />
      <Controller
        control={control}
        name="postalCode"
        render={({ field }) => (
          <TextField
            inputRef={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => {
              const typed = event.target.value;
              const digits = typed.replace(/\D/g, '').slice(0, ZIP_LENGTH);
              // Digits only while typing: a letter is refused and explained.
              setZipTypingError(/\p{L}/u.test(typed) ? REGISTRATION_MESSAGES.zipLetters : undefined);
              field.onChange(digits);
            }}
            label={t('registration.fields.postalCode')}
            autoComplete="postal-code"
            required
            fullWidth
            margin="normal"
            error={Boolean(zipTypingError ?? errors.postalCode)}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: ZIP_LENGTH,
                'aria-describedby': zipTypingError ? 'postalCode-error' : errorId('postalCode'),
              },
            }}
          />
        )}
      />
      <FieldError id="postalCode-error" message={zipTypingError ?? errors.postalCode?.message} />
      <SelectField
        control={control}
        name="language"
        label={t('registration.fields.language')}
        options={options.language}
        errorMessage={errors.language?.message}
      />
      <Controller
        control={control}
        name="healthSystem"
        render={({ field }) => (
          <HealthSystemField
            ref={field.ref}
            name={field.name}
            value={field.value}
            options={options.healthSystems}
            errorId={errorId('healthSystem')}
            confirmation={confirmation}
            onChange={(v) => {
              field.onChange(v);
              setValue('healthSystemConsent', false);
            }}
            onBlur={field.onBlur}
          />
        )}
      />
      <FieldError id="healthSystem-error" message={errors.healthSystem?.message} />
      {chosenSystem && (
        <>
          <Controller
            control={control}
            name="healthSystemConsent"
            render={({ field }) => (
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mt: 1 }}
                control={
                  <Checkbox
                    inputRef={field.ref}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': errorId('healthSystemConsent') } }}
                    sx={{ pt: 0.5 }}
                  />
                }
                label={t('registration.healthSystemConsent', { name: chosenSystem.label })}
              />
            )}
          />
          <FieldError id="healthSystemConsent-error" message={errors.healthSystemConsent?.message} />
        </>
      )}
      {captchaEnabled && <CaptchaField key={captchaKey} onChange={setCaptcha} />}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {t(failure.message, { defaultValue: failure.message })}
          {failure.details.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
              {failure.details.map((d) => (
                <li key={d.errorField}>{d.message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
        <span>{backButton}</span>
        <SubmitButton
          busy={isSubmitting}
          disabled={actionsDisabled}
          label={t(isSubmitting ? 'registration.registering' : 'registration.submit')}
        />
      </Box>
    </Box>
  );
}
