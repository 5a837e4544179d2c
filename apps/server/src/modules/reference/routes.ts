import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRegistrationDropdownsReply } from '@portal/shared/reference/registration-dropdowns';
import { ZPasswordPolicyReply } from '@portal/shared/reference/password-policy';
import { ZLanguagesReply } from '@portal/shared/reference/languages';
import { ZSupportedFieldsReply } from '@portal/shared/reference/supported-fields';
import { publicReadRateLimit } from '../../plugins/rate-limits';

const tags = ['reference'];

/** The reference reads anyone may make without a token: downtime, dropdowns, password policy, languages, fields. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { replies, getPasswordPolicy } = app.services.reference;
  const config = { rateLimit: publicReadRateLimit(app.env) };

  app.get(
    '/externalization/registration-dropdowns',
    {
      config,
      schema: {
        tags,
        summary: 'Registration option lists by language',
        response: { 200: ZRegistrationDropdownsReply },
      },
    },
    (_request, reply) => replies.dropdowns.send(reply),
  );
  app.get(
    '/externalization/password-policy',
    {
      config,
      schema: { tags, summary: 'Password rules of the security policy', response: { 200: ZPasswordPolicyReply } },
    },
    async () => ({ status: true, data: await getPasswordPolicy() }),
  );
  app.get(
    '/externalization/languages',
    { config, schema: { tags, summary: 'Supported languages', response: { 200: ZLanguagesReply } } },
    (_request, reply) => replies.languages.send(reply),
  );
  // This read is served both beside the externalization reads and under /consent; both paths answer.
  for (const url of ['/consent/supported-fields', '/externalization/consent/supported-fields']) {
    app.get(
      url,
      { config, schema: { tags, summary: 'Consent input field types', response: { 200: ZSupportedFieldsReply } } },
      (_request, reply) => replies.fieldTypes.send(reply),
    );
  }
};
