import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage, translate } from './localize';

/** Where a request came from, for the audit trail. */
export interface RequestContext {
  ip: string;
}

export interface FieldProblem {
  errorField: string;
  /** A catalog key, translated by the route into the reader's language. */
  message: string;
}

/** What a service decided: a message key, or a refusal with its HTTP status and field problems. */
export type Outcome =
  { ok: true; message: string } | { ok: false; httpStatus: number; message: string; errors?: FieldProblem[] };

export const refused = (httpStatus: number, message: string, errors?: FieldProblem[]): Outcome => ({
  ok: false,
  httpStatus,
  message,
  errors,
});

/** Sends an outcome in the envelope, its messages in the reader's language. */
export function sendOutcome(request: FastifyRequest, response: FastifyReply, outcome: Outcome) {
  const language = requestLanguage(request);
  if (outcome.ok) return response.send({ status: true, message: translate(language, outcome.message) });
  return response.code(outcome.httpStatus).send({
    status: false,
    message: translate(language, outcome.message),
    ...(outcome.errors && {
      data: outcome.errors.map((e) => ({ errorField: e.errorField, message: translate(language, e.message) })),
    }),
  });
}
