import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { requestLanguage, translate } from '../lib/localize';

/** The English text of the generic failure, in the catalogs as `error.generic`. */
export const GENERIC_ERROR_MESSAGE = translate('en', 'error.generic');

/**
 * One error handler for the whole API: every failure answers `{ status: false, message }`.
 * Client errors keep their message; server errors are logged in full and answered generically.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = requestLanguage(request);
      return reply.status(400).send({
        status: false,
        message: translate(language, 'error.invalidRequest'),
        // A shared schema's message is a catalog key; zod's own messages pass through unchanged.
        data: error.validation.map((issue) => ({
          errorField: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: translate(language, issue.message ?? 'error.invalidRequest'),
        })),
      });
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(statusCode)
        .send({ status: false, message: translate(requestLanguage(request), 'error.generic') });
    }
    return reply.status(statusCode).send({ status: false, message: error.message });
  });
}
