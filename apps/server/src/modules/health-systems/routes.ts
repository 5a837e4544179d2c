import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ZErrorReply } from '@portal/shared/api/envelope';
import { LANGUAGES } from '@portal/shared/constants';
import {
  CONSENT_FORM_MESSAGES,
  consentFilePart,
  ZConsentTab,
  type TConsentTab,
  GET_HEALTH_SYSTEM_FILES,
} from '@portal/shared/health-systems/consent-form-settings';
import {
  HEALTH_SYSTEM_MESSAGES as M,
  HEALTH_SYSTEM_PAGE_SIZES,
  ZBasicInfoUpdate,
  ZBasicTab,
  ZHealthSystemIdQuery,
  ZHealthSystemOverviewQuery,
  ZHealthSystemOverviewReply,
  ZHealthSystemTabQuery,
  ZRevisionReply,
  ZSystemInfo,
  ZSystemInfoUpdate,
  ZSystemTab,
  ZValidateBasicRequest,
  type TBasicTab,
  type TSystemTab,
  POST_HEALTH_SYSTEM_VALIDATE_BASIC,
  POST_HEALTH_SYSTEM_VALIDATE_SYSTEM,
  GET_HEALTH_SYSTEM,
  GET_HEALTH_SYSTEM_OVERVIEW,
  PUT_HEALTH_SYSTEM_UPDATE,
  PUT_UPDATE_BASIC_INFO,
  PUT_UPDATE_SYSTEM_INFO,
} from '@portal/shared/health-systems/health-system-info';
import {
  ZHealthSystemRegistration,
  ZHealthSystemUpdate,
  ZRegisteredReply,
  POST_HEALTH_SYSTEM_REGISTER,
} from '@portal/shared/health-systems/registration-data';
import { sendOutcome, type DataOutcome, type Refusal } from '../../lib/outcome';
import { sendPdf } from '../../lib/send-pdf';
import { tooLargeProblem } from './consent-checks';
import { consentFormRoutes } from './consent-routes';
import { registrationErrorField } from './field-errors';
import { sendSystemOutcome, sendSystemRefusal } from './replies';
import { callLimits, security, tags } from './route-options';
import { readJsonUpload, registerConsentMultipart, type UploadSpec } from './upload';

const FILE_PARTS = LANGUAGES.map(consentFilePart);
const refusals = { 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

/** The registration's and the whole update's multipart: the JSON part `data` and a PDF per custom language. */
const systemUpload = <T extends typeof ZHealthSystemRegistration | typeof ZHealthSystemUpdate>(
  schema: T,
): UploadSpec<T> => ({
  jsonPart: 'data',
  schema,
  fileParts: FILE_PARTS,
  errorField: registrationErrorField,
  tooLarge: (part) => {
    const language = LANGUAGES.find((code) => consentFilePart(code) === part) ?? LANGUAGES[0];
    return tooLargeProblem(language, `consentForms.${language}.file`);
  },
});

/** Health System Management of System Options: administrators only. */
export const healthSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { systems, registration } = app.services.healthSystems;
  const { reads, writes } = callLimits(app);
  await registerConsentMultipart(app);
  await app.register(consentFormRoutes);

  app.route({
    method: POST_HEALTH_SYSTEM_VALIDATE_BASIC.method,
    url: POST_HEALTH_SYSTEM_VALIDATE_BASIC.path,
    config: { access: 'settings.edit', ...reads },
    schema: {
      tags,
      summary: 'Checks a name and description (the name unique, ignoring case; `id`: the system being edited)',
      security,
      body: ZValidateBasicRequest,
      response: { 200: envelope(z.unknown()), 400: ZErrorReply },
    },
    handler: async (request, response) => sendOutcome(request, response, await systems.validateBasic(request.body)),
  });

  app.route({
    method: POST_HEALTH_SYSTEM_VALIDATE_SYSTEM.method,
    url: POST_HEALTH_SYSTEM_VALIDATE_SYSTEM.path,
    config: { access: 'settings.edit', ...reads },
    schema: {
      tags,
      summary: 'Checks a database value (format, not reserved, not taken ignoring case) and dropdown labels',
      security,
      body: ZSystemInfo,
      response: { 200: envelope(z.unknown()), 400: ZErrorReply },
    },
    handler: async (request, response) => sendOutcome(request, response, await systems.validateSystem(request.body)),
  });

  app.route({
    method: POST_HEALTH_SYSTEM_REGISTER.method,
    url: POST_HEALTH_SYSTEM_REGISTER.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary:
        'Onboards a health system in one transaction (multipart: JSON part `data`, a PDF part `file_<language>` ' +
        'per custom form, judged by content): version 1 of each custom form is published',
      security,
      consumes: ['multipart/form-data'],
      response: { 200: ZRegisteredReply, ...refusals },
    },
    handler: async (request, response) => {
      // A registration refused for its fields says so, the fields' own messages following.
      const failed = (refusal: Refusal): Refusal =>
        refusal.errors ? { ...refusal, message: M.registrationFailed, values: undefined } : refusal;
      const upload = await readJsonUpload(request, systemUpload(ZHealthSystemRegistration));
      if (!upload.ok) return sendSystemRefusal(request, response, failed(upload));
      const outcome = await registration.register(request.auth!.userId, upload.data, { ip: request.ip });
      return sendSystemOutcome(request, response, outcome.ok ? outcome : failed(outcome), M.registered);
    },
  });

  app.route({
    method: GET_HEALTH_SYSTEM.method,
    url: GET_HEALTH_SYSTEM.path,
    config: { access: 'settings.view', ...reads },
    schema: {
      tags,
      summary: 'One tab of a health system: BASIC, SYSTEM_INFO or CONSENT (each language’s current version)',
      security,
      querystring: ZHealthSystemTabQuery,
      response: { 200: envelope(z.union([ZBasicTab, ZSystemTab, ZConsentTab])), ...refusals },
    },
    handler: async (request, response) => {
      const { id, tab } = request.query;
      const read = { BASIC: systems.basicTab, SYSTEM_INFO: systems.systemTab, CONSENT: systems.consentTab }[tab];
      const outcome: DataOutcome<TBasicTab | TSystemTab | TConsentTab> = await read(id);
      return sendSystemOutcome(request, response, outcome);
    },
  });

  app.route({
    method: GET_HEALTH_SYSTEM_FILES.method,
    url: GET_HEALTH_SYSTEM_FILES.path,
    config: { access: 'settings.view', ...reads },
    schema: {
      tags,
      summary: 'The PDF of a consent form version, by its file id (a download; never a signed copy)',
      security,
      querystring: z.object({ id: z.uuid({ error: CONSENT_FORM_MESSAGES.fileNotFound }) }),
    },
    handler: async (request, response) => {
      const file = await systems.formFile(request.query.id);
      if (!file)
        return sendSystemRefusal(request, response, {
          ok: false,
          httpStatus: 404,
          message: CONSENT_FORM_MESSAGES.fileNotFound,
        });
      return sendPdf(response, file.bytes, file.fileName);
    },
  });

  app.route({
    method: GET_HEALTH_SYSTEM_OVERVIEW.method,
    url: GET_HEALTH_SYSTEM_OVERVIEW.path,
    config: { access: 'settings.view', ...reads },
    schema: {
      tags,
      summary:
        `Health systems by name, paged (sizes ${HEALTH_SYSTEM_PAGE_SIZES.join(', ')}), with their registered ` +
        'participants who have not withdrawn',
      security,
      querystring: ZHealthSystemOverviewQuery,
      response: { 200: ZHealthSystemOverviewReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await systems.overview(request.query) }),
  });

  app.route({
    method: PUT_HEALTH_SYSTEM_UPDATE.method,
    url: PUT_HEALTH_SYSTEM_UPDATE.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary:
        'Changes everything of a system in one transaction (multipart as registration, with `id`, `revision`, ' +
        '`isActive` and `reconsent`): a language with a new PDF or other fields gets a new version',
      security,
      consumes: ['multipart/form-data'],
      response: { 200: ZRevisionReply, ...refusals },
    },
    handler: async (request, response) => {
      const upload = await readJsonUpload(request, systemUpload(ZHealthSystemUpdate));
      if (!upload.ok) return sendSystemRefusal(request, response, upload);
      const outcome = await registration.update(request.auth!.userId, upload.data, { ip: request.ip });
      return sendSystemOutcome(request, response, outcome);
    },
  });

  app.route({
    method: PUT_UPDATE_BASIC_INFO.method,
    url: PUT_UPDATE_BASIC_INFO.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary: 'Changes a system’s name and description (a stale `revision` is refused)',
      security,
      querystring: ZHealthSystemIdQuery,
      body: ZBasicInfoUpdate,
      response: { 200: ZRevisionReply, ...refusals },
    },
    handler: async (request, response) => {
      const outcome = await systems.updateBasic(request.auth!.userId, request.query.id, request.body, {
        ip: request.ip,
      });
      return sendSystemOutcome(request, response, outcome, M.basicUpdated);
    },
  });

  app.route({
    method: PUT_UPDATE_SYSTEM_INFO.method,
    url: PUT_UPDATE_SYSTEM_INFO.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary:
        'Changes a system’s dropdown labels and whether it is active; its database value never changes ' +
        '(a stale `revision` is refused)',
      security,
      querystring: ZHealthSystemIdQuery,
      body: ZSystemInfoUpdate,
      response: { 200: ZRevisionReply, ...refusals },
    },
    handler: async (request, response) => {
      const outcome = await systems.updateSystemInfo(request.auth!.userId, request.query.id, request.body, {
        ip: request.ip,
      });
      return sendSystemOutcome(request, response, outcome, M.systemUpdated);
    },
  });
};
