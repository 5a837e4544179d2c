import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZRegistrationDropdownsReply,
  GET_EXTERNALIZATION_REGISTRATION_DROPDOWNS,
} from '@portal/shared/reference/registration-dropdowns';
import { ZPasswordPolicyReply, GET_EXTERNALIZATION_PASSWORD_POLICY } from '@portal/shared/reference/password-policy';
import { ZLanguagesReply, GET_EXTERNALIZATION_LANGUAGES } from '@portal/shared/reference/languages';
import {
  GET_CONSENT_SUPPORTED_FIELDS,
  GET_EXTERNALIZATION_CONSENT_SUPPORTED_FIELDS,
  ZSupportedFieldsReply,
} from '@portal/shared/reference/supported-fields';
import { publicReadRateLimit } from '../../plugins/rate-limits';

const tags = ['reference'];

/** The reference reads anyone may make without a token: downtime, dropdowns, password policy, languages, fields. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { replies, getPasswordPolicy } = app.services.reference;
  const config = { rateLimit: publicReadRateLimit(app.env) };

  app.route({
    method: GET_EXTERNALIZATION_REGISTRATION_DROPDOWNS.method,
    url: GET_EXTERNALIZATION_REGISTRATION_DROPDOWNS.path,
    config: { access: 'public', ...config },
    schema: {
      tags,
      summary: 'Registration option lists by language',
      response: { 200: ZRegistrationDropdownsReply },
    },
    handler: (_request, reply) => replies.dropdowns.send(reply),
  });
  app.route({
    method: GET_EXTERNALIZATION_PASSWORD_POLICY.method,
    url: GET_EXTERNALIZATION_PASSWORD_POLICY.path,
    config: { access: 'public', ...config },
    schema: { tags, summary: 'Password rules of the security policy', response: { 200: ZPasswordPolicyReply } },
    handler: async () => ({ status: true, data: await getPasswordPolicy() }),
  });
  app.route({
    method: GET_EXTERNALIZATION_LANGUAGES.method,
    url: GET_EXTERNALIZATION_LANGUAGES.path,
    config: { access: 'public', ...config },
    schema: { tags, summary: 'Supported languages', response: { 200: ZLanguagesReply } },
    handler: (_request, reply) => replies.languages.send(reply),
  });
  // This read is served both beside the externalization reads and under /consent; both paths answer.
  for (const { method, path } of [GET_CONSENT_SUPPORTED_FIELDS, GET_EXTERNALIZATION_CONSENT_SUPPORTED_FIELDS]) {
    app.route({
      method,
      url: path,
      config: { access: 'public', ...config },
      schema: { tags, summary: 'Consent input field types', response: { 200: ZSupportedFieldsReply } },
      handler: (_request, reply) => replies.fieldTypes.send(reply),
    });
  }
};
