import { useQuery } from '@tanstack/react-query';
import {
  ZCommunicationPreferencesReply,
  ZCommunicationPreferencesUpdateReply,
  type TCommunicationPreferences,
  GET_COMMUNICATION_PREFERENCES_VIEW,
  PUT_COMMUNICATION_PREFERENCES_UPDATE,
} from '@portal/shared/account/communication-preferences';
import { ZProfileUpdateReply, type TProfileForm, PUT_KEYCLOAK_USER } from '@portal/shared/account/profile';
import {
  ZChangePasswordReply,
  type TChangePasswordRequest,
  PUT_UPDATE_PASSWORD,
} from '@portal/shared/password/change-password';
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
  return authorizedRequest(PUT_KEYCLOAK_USER.path, ZProfileUpdateReply, {
    method: PUT_KEYCLOAK_USER.method,
    body: form,
  });
}

export const COMMUNICATION_PREFERENCES_KEY = ['communication-preferences'];

export function useCommunicationPreferences() {
  return useQuery({
    queryKey: COMMUNICATION_PREFERENCES_KEY,
    queryFn: async () =>
      (await authorizedRequest(GET_COMMUNICATION_PREFERENCES_VIEW.path, ZCommunicationPreferencesReply)).data!,
    retry: false,
  });
}

/** Saves the two subscriptions and the categories named (a category left out stays as the server has it). */
export const saveCommunicationPreferences = (values: TCommunicationPreferences) =>
  authorizedRequest(
    PUT_COMMUNICATION_PREFERENCES_UPDATE.path,
    ZCommunicationPreferencesUpdateReply,
    jsonRequest(PUT_COMMUNICATION_PREFERENCES_UPDATE.method, values),
  );

export const changePassword = (values: TChangePasswordRequest) =>
  authorizedRequest(PUT_UPDATE_PASSWORD.path, ZChangePasswordReply, jsonRequest(PUT_UPDATE_PASSWORD.method, values));
