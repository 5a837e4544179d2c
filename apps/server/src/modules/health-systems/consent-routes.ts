import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { LANGUAGES, type Language } from '@portal/shared/constants';
import {
  CONSENT_FILE_PART,
  CONSENT_FORM_MESSAGES as M,
  ZConsentChangeReply,
  ZConsentFormCreate,
  ZConsentFormReplace,
  ZInputFieldRequest,
  ZInputFieldsRequest,
  ZPublishQuery,
  PUT_UPDATE_CONSENT_FORM,
  PUT_UPDATE_CONSENT_FORM_INPUT_FIELDS,
  DELETE_CONSENT_FORM,
  POST_CONSENT_FORM,
  POST_CONSENT_INPUT_FIELD,
  PUT_CONSENT_INPUT_FIELD,
  DELETE_CONSENT_INPUT_FIELD,
} from '@portal/shared/health-systems/consent-form-settings';
import { HEALTH_SYSTEM_MESSAGES } from '@portal/shared/health-systems/health-system-info';
import { loadedVersion } from '../../lib/setting-version';
import { tooLargeProblem } from './consent-checks';
import { dotted } from './field-errors';
import { sendSystemOutcome, sendSystemRefusal } from './replies';
import { callLimits, security, tags } from './route-options';
import { readJsonUpload, type UploadSpec } from './upload';

const response = { 200: ZConsentChangeReply, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
const publishes =
  'Publishes a new version of the form, whose id and fields’ ids stay the same; `reconsent` asks its signers to ' +
  'sign it. A `version` (or an `If-Match` header) other than the current version, or a stale `revision`, is refused';

/** A change's options with the form's version the editor loaded: the call's own `version`, else `If-Match`. */
const withLoadedVersion = <T extends { version?: number }>(request: FastifyRequest, options: T): T => ({
  ...options,
  version: loadedVersion(options.version, request.headers['if-match']),
});

const ZFormQuery = z.object({ id: z.uuid({ error: M.formNotFound }), language: z.enum(LANGUAGES) });
const ZFieldQuery = z.object({ id: z.uuid({ error: M.fieldNotFound }) });

/** A single-form call's multipart: a JSON part and the PDF part `file`. */
const formUpload = <T extends z.ZodType>(
  jsonPart: string,
  schema: T,
  languageOf: (json: unknown) => Language,
): UploadSpec<T> => ({
  jsonPart,
  schema,
  fileParts: [CONSENT_FILE_PART],
  errorField: () => dotted,
  tooLarge: (_part, json) => tooLargeProblem(languageOf(json), CONSENT_FILE_PART),
});

/** The consent form changes of Health System Management (registered inside its routes' multipart scope). */
export const consentFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { consent } = app.services.healthSystems;
  const { writes } = callLimits(app);

  app.route({
    method: PUT_UPDATE_CONSENT_FORM.method,
    url: PUT_UPDATE_CONSENT_FORM.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary: `Replaces the PDF of the form \`id\` (multipart: \`consentFormSettings\` JSON, \`file\`). ${publishes}`,
      security,
      querystring: ZFormQuery,
      consumes: ['multipart/form-data'],
      response,
    },
    handler: async (request, reply) => {
      const { id, language } = request.query;
      const upload = await readJsonUpload(
        request,
        formUpload('consentFormSettings', ZConsentFormReplace, () => language),
      );
      if (!upload.ok) return sendSystemRefusal(request, reply, upload);
      const { data, files } = upload.data;
      const outcome = await consent.replacePdf(
        request.auth!.userId,
        { formId: id, language },
        withLoadedVersion(request, data),
        files.get(CONSENT_FILE_PART),
        { ip: request.ip },
      );
      return sendSystemOutcome(request, reply, outcome, M.published);
    },
  });

  app.route({
    method: PUT_UPDATE_CONSENT_FORM_INPUT_FIELDS.method,
    url: PUT_UPDATE_CONSENT_FORM_INPUT_FIELDS.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary: `Replaces the input fields of the form \`id\` (same PDF; a field sent with its \`id\` keeps it). ${publishes}`,
      security,
      querystring: ZFormQuery,
      body: ZInputFieldsRequest,
      response,
    },
    handler: async (request, reply) => {
      const { id, language } = request.query;
      const outcome = await consent.replaceFields(
        request.auth!.userId,
        { formId: id, language },
        withLoadedVersion(request, request.body),
        { ip: request.ip },
      );
      return sendSystemOutcome(request, reply, outcome, M.published);
    },
  });

  app.route({
    method: DELETE_CONSENT_FORM.method,
    url: DELETE_CONSENT_FORM.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary: `Switches the language of the form \`id\` to the study’s default form. ${publishes}`,
      security,
      querystring: ZPublishQuery,
      response,
    },
    handler: async (request, reply) => {
      const { id, ...options } = request.query;
      const outcome = await consent.useDefault(request.auth!.userId, id, withLoadedVersion(request, options), {
        ip: request.ip,
      });
      return sendSystemOutcome(request, reply, outcome, M.switchedToDefault);
    },
  });

  app.route({
    method: POST_CONSENT_FORM.method,
    url: POST_CONSENT_FORM.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary: `A custom form for a language of the system (multipart: \`data\` JSON, \`file\`). ${publishes}`,
      security,
      querystring: z.object({ healthSystemId: z.uuid({ error: HEALTH_SYSTEM_MESSAGES.notFound }) }),
      consumes: ['multipart/form-data'],
      response,
    },
    handler: async (request, reply) => {
      const languageOf = (json: unknown) =>
        ZConsentFormCreate.shape.language
          .catch(LANGUAGES[0])
          .parse((json as { language?: unknown } | undefined)?.language);
      const upload = await readJsonUpload(request, formUpload('data', ZConsentFormCreate, languageOf));
      if (!upload.ok) return sendSystemRefusal(request, reply, upload);
      const { data, files } = upload.data;
      const outcome = await consent.createForm(
        request.auth!.userId,
        request.query.healthSystemId,
        withLoadedVersion(request, data),
        files.get(CONSENT_FILE_PART),
        { ip: request.ip },
      );
      return sendSystemOutcome(request, reply, outcome, M.published);
    },
  });

  app.route({
    method: POST_CONSENT_INPUT_FIELD.method,
    url: POST_CONSENT_INPUT_FIELD.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary: `Adds an input field to the form \`formId\`. ${publishes}`,
      security,
      querystring: z.object({ formId: z.uuid({ error: M.formNotFound }) }),
      body: ZInputFieldRequest,
      response,
    },
    handler: async (request, reply) => {
      const outcome = await consent.addField(
        request.auth!.userId,
        request.query.formId,
        withLoadedVersion(request, request.body),
        { ip: request.ip },
      );
      return sendSystemOutcome(request, reply, outcome, M.added);
    },
  });

  app.route({
    method: PUT_CONSENT_INPUT_FIELD.method,
    url: PUT_CONSENT_INPUT_FIELD.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary: `Changes the input field \`id\` of a form. ${publishes}`,
      security,
      querystring: ZFieldQuery,
      body: ZInputFieldRequest,
      response,
    },
    handler: async (request, reply) => {
      const outcome = await consent.updateField(
        request.auth!.userId,
        request.query.id,
        withLoadedVersion(request, request.body),
        { ip: request.ip },
      );
      return sendSystemOutcome(request, reply, outcome, M.updated);
    },
  });

  app.route({
    method: DELETE_CONSENT_INPUT_FIELD.method,
    url: DELETE_CONSENT_INPUT_FIELD.path,
    config: { access: 'settings.edit', ...writes },
    schema: {
      tags,
      summary: `Removes the input field \`id\` of a form (never its last one). ${publishes}`,
      security,
      querystring: ZPublishQuery.extend(ZFieldQuery.shape),
      response,
    },
    handler: async (request, reply) => {
      const { id, ...options } = request.query;
      const outcome = await consent.deleteField(request.auth!.userId, id, withLoadedVersion(request, options), {
        ip: request.ip,
      });
      return sendSystemOutcome(request, reply, outcome, M.deleted);
    },
  });
};
