import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { envelope } from '@portal/shared/api/envelope';
import {
  ZBasicTab,
  ZFieldErrorsReply,
  ZHealthSystemOverviewReply,
  ZRevisionReply,
  ZSystemTab,
  type HealthSystemTab,
  type TBasicInfo,
  type TSystemInfo,
  GET_HEALTH_SYSTEM,
  GET_HEALTH_SYSTEM_OVERVIEW,
  POST_HEALTH_SYSTEM_VALIDATE_BASIC,
  POST_HEALTH_SYSTEM_VALIDATE_SYSTEM,
  PUT_UPDATE_BASIC_INFO,
  PUT_UPDATE_SYSTEM_INFO,
} from '@portal/shared/health-systems/health-system-info';
import { consentFilePart } from '@portal/shared/health-systems/consent-form-settings';
import {
  ZRegisteredReply,
  type THealthSystemRegistration,
  POST_HEALTH_SYSTEM_REGISTER,
} from '@portal/shared/health-systems/registration-data';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';

/** Every query of Health System Management starts with this key; a consent change refreshes them all. */
export const HEALTH_SYSTEMS_KEY = ['health-systems'];
/** One system's tab (`BASIC`, `SYSTEM_INFO`, `CONSENT`) as the edit and view modes load it. */
export const healthSystemTabKey = (id: string, tab: HealthSystemTab) => [...HEALTH_SYSTEMS_KEY, 'system', id, tab];

const ZBasicTabReply = envelope(ZBasicTab);
const ZSystemTabReply = envelope(ZSystemTab);

/**
 * A new or changed system shows at once wherever systems are listed: this tab, Health System Verification's
 * filter, and registration's health-system choice.
 */
function refreshEverywhere(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: HEALTH_SYSTEMS_KEY }),
    client.invalidateQueries({ queryKey: ['health-system-verification'] }),
    client.invalidateQueries({ queryKey: ['registration-dropdowns'] }),
  ]);
}

/** `GET /health-system/overview?page&size`: one page of the systems, by name, with their registered users. */
export function useHealthSystemsOverview(request: PageRequest) {
  return useQuery({
    queryKey: [...HEALTH_SYSTEMS_KEY, 'overview', request.page, request.size],
    queryFn: async () =>
      (
        await authorizedRequest(
          `${GET_HEALTH_SYSTEM_OVERVIEW.path}?${pagingQuery(request)}`,
          ZHealthSystemOverviewReply,
        )
      ).data!,
    placeholderData: keepPreviousData,
  });
}

/** `GET /health-system?id&tab`: one tab of a system (its reply schema), as the edit and view modes load it. */
export function useHealthSystemTab<T>(
  id: string,
  tab: HealthSystemTab,
  reply: z.core.$ZodType<{ status: boolean; message?: string; data?: T }>,
) {
  return useQuery({
    queryKey: healthSystemTabKey(id, tab),
    queryFn: async () =>
      (await authorizedRequest(`${GET_HEALTH_SYSTEM.path}?${new URLSearchParams({ id, tab })}`, reply)).data!,
  });
}

/** Name, description and the system's revision. */
export const useBasicTab = (id: string) => useHealthSystemTab(id, 'BASIC', ZBasicTabReply);

/** Database value, dropdown labels, active, and the system's revision. */
export const useSystemTab = (id: string) => useHealthSystemTab(id, 'SYSTEM_INFO', ZSystemTabReply);

/** `POST /health-system/validate/basic`: the server's rules (a name no other system has); field errors when refused. */
export function useValidateBasic() {
  return useMutation({
    mutationFn: (body: TBasicInfo & { id?: string }) =>
      authorizedRequest(
        POST_HEALTH_SYSTEM_VALIDATE_BASIC.path,
        ZFieldErrorsReply,
        jsonRequest(POST_HEALTH_SYSTEM_VALIDATE_BASIC.method, body),
      ),
  });
}

/** `POST /health-system/validate/system`: a database value no other system has, and a label per language. */
export function useValidateSystem() {
  return useMutation({
    mutationFn: (body: TSystemInfo) =>
      authorizedRequest(
        POST_HEALTH_SYSTEM_VALIDATE_SYSTEM.path,
        ZFieldErrorsReply,
        jsonRequest(POST_HEALTH_SYSTEM_VALIDATE_SYSTEM.method, body),
      ),
  });
}

/** A registration as the form holds it: the JSON part, and the PDF of each language with a custom form. */
export interface RegistrationSubmission {
  data: THealthSystemRegistration;
  files: { language: THealthSystemRegistration['consentForms'][number]['language']; file: File }[];
}

/** `POST /health-system/register`: multipart, the JSON part `data` and a `file_<language>` part per custom PDF. */
export function useRegisterHealthSystem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ data, files }: RegistrationSubmission) => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      for (const { language, file } of files) form.append(consentFilePart(language), file, file.name);
      return authorizedRequest(POST_HEALTH_SYSTEM_REGISTER.path, ZRegisteredReply, {
        method: POST_HEALTH_SYSTEM_REGISTER.method,
        body: form,
      });
    },
    onSuccess: () => refreshEverywhere(client),
  });
}

/** `PUT /update/basic-info?id`: name and description, refused (409) when the system changed since `revision`. */
export function useUpdateBasicInfo(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBasicInfo & { revision: number }) =>
      authorizedRequest(
        `${PUT_UPDATE_BASIC_INFO.path}?id=${encodeURIComponent(id)}`,
        ZRevisionReply,
        jsonRequest(PUT_UPDATE_BASIC_INFO.method, body),
      ),
    onSuccess: () => refreshEverywhere(client),
  });
}

/** `PUT /update/system-info?id`: the dropdown labels and whether the system is active. */
export function useUpdateSystemInfo(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      systemInfo: { dropdownLabels: Record<string, string>; isActive: boolean };
      revision: number;
    }) =>
      authorizedRequest(
        `${PUT_UPDATE_SYSTEM_INFO.path}?id=${encodeURIComponent(id)}`,
        ZRevisionReply,
        jsonRequest(PUT_UPDATE_SYSTEM_INFO.method, body),
      ),
    onSuccess: () => refreshEverywhere(client),
  });
}
