import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { PROFILE_MESSAGES, profileUpdateSchema, type TProfileForm } from '@portal/shared/account/profile';
import type { TUserDetails } from '@portal/shared/auth/user-details';
import { SUCCESS_MESSAGE_DISPLAY_MS, UPLOAD_ERROR_DISPLAY_MS, type Language } from '@portal/shared/constants';
import { localCalendarDate } from '@portal/shared/dates';
import type { TRegistrationDropdowns } from '@portal/shared/reference/registration-dropdowns';
import { useSession } from '../../../lib/session';
import { BirthDateFormField } from '../../../components/ui/DateOfBirthField';
import { SelectField } from '../../../components/ui/SelectField';
import { serverMessage } from '../../../lib/api-client';
import { switchLanguage } from '../../../lib/i18n';
import { isLanguage } from '../../../lib/language';
import { useProfilePictureUrl } from '../../../lib/profile-picture';
import { useRegistrationDropdowns } from '../../../lib/reference-data';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useUserDetails } from '../../../lib/user-details';
import { saveProfile } from '../api/account-api';
import { FormActions } from './FormActions';
import { PictureField, type PictureChoice } from './PictureField';
import { ReadOnlyDetails } from './ReadOnlyDetails';

const EDITABLE = ['language', 'birthDate', 'gender'] as const;

/** Account Information / Profile: the participant's details, four of them editable. */
export function ProfileTab() {
  const { t } = useTranslation();
  const { session } = useSession();
  const user = useUserDetails(session?.claims.sub);
  const dropdowns = useRegistrationDropdowns();
  if (user.isError) return <Alert severity="error">{t('account.fetchFailed')}</Alert>;
  if (!user.data || !dropdowns.data) return <CircularProgress aria-label={t('common.loading')} />;
  return <ProfileForm user={user.data} dropdowns={dropdowns.data} />;
}

function ProfileForm({ user, dropdowns }: { user: TUserDetails; dropdowns: TRegistrationDropdowns }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const options = dropdowns[isLanguage(i18n.language) ? i18n.language : 'en'];
  const values = (list: { value: string }[]) => list.map((o) => o.value);
  const schema = profileUpdateSchema({
    today: localCalendarDate(),
    gender: values(options.gender),
    language: values(options.language),
  }).omit({ isRemoveProfilePicture: true });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: { language: user.language, birthDate: user.birthDate ?? '', gender: user.gender ?? '' },
  });
  const pictureUrl = useProfilePictureUrl(user.profilePicture);
  const [picture, setPicture] = useState<PictureChoice>({ remove: false });
  const [pictureError, showPictureError] = useTimedMessage<string>(UPLOAD_ERROR_DISPLAY_MS);
  const [success, showSuccess] = useTimedMessage<boolean>(SUCCESS_MESSAGE_DISPLAY_MS);
  const [failure, showFailure] = useTimedMessage<string>(SUCCESS_MESSAGE_DISPLAY_MS);
  const [busy, setBusy] = useState(false);

  const submit = async (form: TProfileForm) => {
    setBusy(true);
    showFailure(undefined);
    try {
      await saveProfile({ ...form, picture: picture.file, removePicture: picture.remove });
      // The new language takes over at once and is remembered.
      await switchLanguage(form.language as Language);
      setPicture({ remove: false });
      await queryClient.invalidateQueries({ queryKey: ['user-details'] });
      showSuccess(true);
    } catch (error) {
      const fieldProblems = serverFieldErrors(error);
      const file = fieldProblems.find((e) => e.errorField === 'file');
      if (file) {
        setPicture({ remove: false });
        showPictureError(file.message);
      }
      const unplaced = applyServerErrors(fieldProblems, [...EDITABLE, 'file'], setError);
      if (!file && (unplaced.length > 0 || fieldProblems.length === 0)) {
        showFailure(serverMessage(error) ?? PROFILE_MESSAGES.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
      <ReadOnlyDetails user={user} />
      <PictureField
        currentUrl={pictureUrl}
        choice={picture}
        onChange={setPicture}
        error={pictureError}
        onError={showPictureError}
      />
      <SelectField
        control={control}
        name="language"
        label={t('account.profile.language')}
        options={options.language}
        errorMessage={errors.language?.message}
      />
      <BirthDateFormField control={control} name="birthDate" errorMessage={errors.birthDate?.message} />
      <SelectField
        control={control}
        name="gender"
        label={t('account.profile.gender')}
        options={options.gender}
        errorMessage={errors.gender?.message}
        autoComplete="sex"
      />
      <div role="status">
        {success && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('account.profile.updated')}
          </Alert>
        )}
      </div>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          <Typography>{t(failure, { defaultValue: failure })}</Typography>
        </Alert>
      )}
      <FormActions busy={busy} />
    </Box>
  );
}
