import { useQuery } from '@tanstack/react-query';
import {
  ZCommunicationPreferencesReply,
  ZCommunicationPreferencesUpdateReply,
  type TCommunicationPreferences,
} from '@portal/shared/account/communication-preferences';
import { ZProfileUpdateReply, type TProfileForm } from '@portal/shared/account/profile';
import { ZChangePasswordReply, type TChangePasswordRequest } from '@portal/shared/password/change-password';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';

interface ProfileSave extends TProfileForm {
  picture?: File;
  removePicture: boolean;
}

/** `PUT /keycloak/user` as multipart form data: language, birth date, gender and the picture or its removal. */
export async function saveProfile(values: ProfileSave) {
  const form = new FormData();
  form.append('language', values.language);
  form.append('birthDate', values.birthDate);
  form.append('gender', values.gender);
  form.append('isRemoveProfilePicture', String(values.removePicture));
  if (values.picture && !values.removePicture) form.append('file', values.picture);
  return authorizedRequest('/keycloak/user', ZProfileUpdateReply, { method: 'PUT', body: form });
}

export const COMMUNICATION_PREFERENCES_KEY = ['communication-preferences'];

export function useCommunicationPreferences() {
  return useQuery({
    queryKey: COMMUNICATION_PREFERENCES_KEY,
    queryFn: async () =>
      (await authorizedRequest('/communication-preferences/view', ZCommunicationPreferencesReply)).data!,
    retry: false,
  });
}

export const saveCommunicationPreferences = (values: TCommunicationPreferences) =>
  authorizedRequest(
    '/communication-preferences/update',
    ZCommunicationPreferencesUpdateReply,
    jsonRequest('PUT', values),
  );

export const changePassword = (values: TChangePasswordRequest) =>
  authorizedRequest('/update-password', ZChangePasswordReply, jsonRequest('PUT', values));
