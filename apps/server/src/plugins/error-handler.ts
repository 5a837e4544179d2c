import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { requestLanguage, translate } from '../lib/localize';
import { DocumentStoreUnavailableError } from '../providers/storage/object-bucket';
import { isFrameworkError, statusMessage } from './http-envelope';

/** The dotted field name of a validation issue's JSON pointer (`/a/0` → `a.0`); '' for the body itself. */
const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/**
 * One error handler for the whole API: every failure answers `{ status: false, message }`.
 * Client errors keep their message, or read the catalog's when the framework raised them; server errors are
 * logged in full and answered generically.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = requestLanguage(request);
      // A rule of the whole body (no field at fault), such as "a user ID or a health system", is the message.
      const [first] = error.validation;
      const wholeBody = error.validation.every((issue) => fieldOf(issue.instancePath) === '')
        ? first?.message
        : undefined;
      if (wholeBody && translate('en', wholeBody) !== wholeBody)
        return reply.status(400).send({ status: false, message: translate(language, wholeBody) });
      return reply.status(400).send({
        status: false,
        message: translate(language, 'error.invalidRequest'),
        // A shared schema's message is a catalog key; zod's own messages pass through unchanged.
        data: error.validation.map((issue) => ({
          errorField: fieldOf(issue.instancePath),
          message: translate(language, issue.message ?? 'error.invalidRequest'),
        })),
      });
    }
    if (error instanceof DocumentStoreUnavailableError) {
      request.log.warn({ err: error }, 'object store unavailable');
      return reply.status(503).send({ status: false, message: translate(requestLanguage(request), error.messageKey) });
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(statusCode)
        .send({ status: false, message: translate(requestLanguage(request), 'error.generic') });
    }
    const message = isFrameworkError(error) ? statusMessage(requestLanguage(request), statusCode) : error.message;
    return reply.status(statusCode).send({ status: false, message });
  });
}
