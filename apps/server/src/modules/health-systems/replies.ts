import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '@portal/shared/constants';
import { requestLanguage, translate } from '../../lib/localize';
import { sendRefusal, type DataOutcome, type Refusal } from '../../lib/outcome';

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** A refusal whose `{{language}}` values (language codes) read as the language's name in the reader's language. */
export function sendSystemRefusal(request: FastifyRequest, response: FastifyReply, refusal: Refusal) {
  const reader = requestLanguage(request);
  const named = (values: Refusal['values']) =>
    values && isLanguage(values.language)
      ? { ...values, language: translate(reader, `healthSystems.languageNames.${values.language}`) }
      : values;
  return sendRefusal(request, response, {
    ...refusal,
    values: named(refusal.values),
    errors: refusal.errors?.map((error) => ({ ...error, values: named(error.values) })),
  });
}

/** Sends a data outcome: the data with the success message `message`, or the refusal. */
export function sendSystemOutcome<T>(
  request: FastifyRequest,
  response: FastifyReply,
  outcome: DataOutcome<T>,
  message?: string,
) {
  if (!outcome.ok) return sendSystemRefusal(request, response, outcome);
  return response.send({
    status: true,
    ...(message && { message: translate(requestLanguage(request), message) }),
    data: outcome.data,
  });
}
