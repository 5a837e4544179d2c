import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CallMethod } from '@portal/shared/api/call';
import { envelope } from '@portal/shared/api/envelope';
import type { Language } from '@portal/shared/constants';
import {
  CONSENT_FILE_PART,
  CONSENT_FORM_DOWNLOAD_NAME,
  ZConsentChangeReply,
  ZConsentTab,
  type TInputFieldEntry,
  type TInputFieldSettings,
  type ZConsentFormCreate,
  type ZConsentFormReplace,
  DELETE_CONSENT_FORM,
  DELETE_CONSENT_INPUT_FIELD,
  GET_HEALTH_SYSTEM_FILES,
  POST_CONSENT_FORM,
  POST_CONSENT_INPUT_FIELD,
  PUT_CONSENT_INPUT_FIELD,
  PUT_UPDATE_CONSENT_FORM,
  PUT_UPDATE_CONSENT_FORM_INPUT_FIELDS,
} from '@portal/shared/health-systems/consent-form-settings';
import {
  FALLBACK_FIELD_TYPES,
  ZSupportedFieldsReply,
  GET_CONSENT_SUPPORTED_FIELDS,
} from '@portal/shared/reference/supported-fields';
import { apiRequest, authorizedDownload, authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { openBlob } from '../../../lib/blob-files';
import { HEALTH_SYSTEMS_KEY, healthSystemTabKey, useHealthSystemTab } from './health-systems-api';

type TConsentFormCreate = z.input<typeof ZConsentFormCreate>;
type TConsentFormReplace = z.input<typeof ZConsentFormReplace>;

const ZConsentTabReply = envelope(ZConsentTab);

/** `GET /health-system?id&tab=CONSENT`: each language's current form, its fields, and the system's revision. */
export const useConsentTab = (healthSystemId: string) =>
  useHealthSystemTab(healthSystemId, 'CONSENT', ZConsentTabReply);

/** Loads a system's consent forms again (after someone else changed them). */
export function useReloadConsentTab(healthSystemId: string) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: healthSystemTabKey(healthSystemId, 'CONSENT') });
}

/** `GET /consent/supported-fields`: the input field types; the four built-in ones when the call fails. */
export function useFieldTypes() {
  return useQuery({
    queryKey: ['consent-field-types'],
    queryFn: async () => {
      try {
        const types = (await apiRequest(GET_CONSENT_SUPPORTED_FIELDS.path, ZSupportedFieldsReply)).data;
        if (types?.length) return { types, fallback: false };
      } catch {
        // The built-in list below stands in, with a note saying so.
      }
      return { types: FALLBACK_FIELD_TYPES, fallback: true };
    },
    staleTime: Infinity,
  });
}

const filePath = (fileId: string) => `${GET_HEALTH_SYSTEM_FILES.path}?${new URLSearchParams({ id: fileId })}`;

/** `GET /health-system/files?id`: a consent form's PDF, for the field editor. */
export const fetchConsentFile = (fileId: string) => authorizedDownload(filePath(fileId));

/** Opens a consent form's PDF in a new tab, or saves it as consent-form.pdf when the pop-up is blocked. */
export async function viewConsentFile(fileId: string) {
  openBlob(await fetchConsentFile(fileId), CONSENT_FORM_DOWNLOAD_NAME);
}

/** A change of a system's consent form in one language; each publishes a new version (or switches to the default). */
export type ConsentChange =
  | { kind: 'addField'; formId: string; inputField: TInputFieldSettings }
  | { kind: 'updateField'; fieldId: string; inputField: TInputFieldSettings }
  | { kind: 'deleteField'; fieldId: string }
  | { kind: 'replaceFields'; formId: string; language: Language; inputFields: TInputFieldEntry[] }
  | { kind: 'replaceFile'; formId: string; language: Language; file: File }
  | { kind: 'switchToDefault'; formId: string }
  | { kind: 'addForm'; healthSystemId: string; language: Language; file: File; inputFields: TInputFieldSettings[] };

/**
 * The administrator's choices of a publication: re-consent, and what the change was made on: the form's version
 * (a form changed since is refused), or for a language on the default form the system's revision.
 */
export interface PublishChoice {
  reconsent: boolean;
  version?: number;
  revision?: number;
}

const query = (values: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(Object.entries(values).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

/** Request options for a multipart body: a JSON part and the PDF. */
function multipart(method: CallMethod, jsonPart: string, json: unknown, file: File): RequestInit {
  const body = new FormData();
  body.append(jsonPart, JSON.stringify(json));
  body.append(CONSENT_FILE_PART, file, file.name);
  return { method, body };
}

/** Sends a consent change with the publication choices (calls 10 to 16). */
export function sendConsentChange(change: ConsentChange, choice: PublishChoice) {
  const send = (path: string, init: RequestInit) => authorizedRequest(path, ZConsentChangeReply, init);
  switch (change.kind) {
    case 'addField':
      return send(
        `${POST_CONSENT_INPUT_FIELD.path}?${query({ formId: change.formId })}`,
        jsonRequest(POST_CONSENT_INPUT_FIELD.method, { inputField: change.inputField, ...choice }),
      );
    case 'updateField':
      return send(
        `${PUT_CONSENT_INPUT_FIELD.path}?${query({ id: change.fieldId })}`,
        jsonRequest(PUT_CONSENT_INPUT_FIELD.method, { inputField: change.inputField, ...choice }),
      );
    case 'deleteField':
      return send(`${DELETE_CONSENT_INPUT_FIELD.path}?${query({ id: change.fieldId, ...choice })}`, {
        method: DELETE_CONSENT_INPUT_FIELD.method,
      });
    case 'replaceFields':
      return send(
        `${PUT_UPDATE_CONSENT_FORM_INPUT_FIELDS.path}?${query({ id: change.formId, language: change.language })}`,
        jsonRequest(PUT_UPDATE_CONSENT_FORM_INPUT_FIELDS.method, { inputFields: change.inputFields, ...choice }),
      );
    case 'replaceFile':
      return send(
        `${PUT_UPDATE_CONSENT_FORM.path}?${query({ id: change.formId, language: change.language })}`,
        multipart(
          PUT_UPDATE_CONSENT_FORM.method,
          'consentFormSettings',
          choice satisfies TConsentFormReplace,
          change.file,
        ),
      );
    case 'switchToDefault':
      return send(`${DELETE_CONSENT_FORM.path}?${query({ id: change.formId, ...choice })}`, {
        method: DELETE_CONSENT_FORM.method,
      });
    case 'addForm':
      return send(
        `${POST_CONSENT_FORM.path}?${query({ healthSystemId: change.healthSystemId })}`,
        multipart(
          POST_CONSENT_FORM.method,
          'data',
          {
            language: change.language,
            inputFields: change.inputFields,
            fileName: change.file.name,
            ...choice,
          } satisfies TConsentFormCreate,
          change.file,
        ),
      );
  }
}

/** Publishes a consent change; then every health-system query loads again (lists count forms and versions). */
export function useConsentChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ change, choice }: { change: ConsentChange; choice: PublishChoice }) =>
      sendConsentChange(change, choice),
    onSuccess: () => client.invalidateQueries({ queryKey: HEALTH_SYSTEMS_KEY }),
  });
}
