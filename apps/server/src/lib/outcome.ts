import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage, translate } from './localize';

/** Where a request came from, for the audit trail. */
export interface RequestContext {
  ip: string;
  /** The browser's user agent, where a call records a session's device. */
  userAgent?: string;
}

/** The context of a request that opens or changes a session: its address and user agent. */
export const sessionContext = (request: { ip: string; headers: { 'user-agent'?: string } }): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export interface FieldProblem {
  errorField: string;
  /** A catalog key, translated by the route into the reader's language. */
  message: string;
  /** Values of the message's {{placeholders}}. */
  values?: Record<string, string | number>;
}

/** A refusal: its HTTP status, a message key, field problems, and a code the client may act on. */
export interface Refusal {
  ok: false;
  httpStatus: number;
  message: string;
  errors?: FieldProblem[];
  code?: string;
  /** Values of the message's {{placeholders}}. */
  values?: Record<string, string | number>;
}

/** What a service decided: a message key, or a refusal. */
export type Outcome = { ok: true; message: string } | Refusal;

/** What a service decided when it answers with data. */
export type DataOutcome<T> = { ok: true; data: T } | Refusal;

export const refused = (httpStatus: number, message: string, errors?: FieldProblem[], code?: string): Refusal => ({
  ok: false,
  httpStatus,
  message,
  errors,
  code,
});

/** Sends a refusal in the envelope, its messages in the reader's language. */
export function sendRefusal(request: FastifyRequest, response: FastifyReply, refusal: Refusal) {
  const language = requestLanguage(request);
  return response.code(refusal.httpStatus).send({
    status: false,
    message: translate(language, refusal.message, refusal.values),
    // A code goes in `data` as the login's do (`{ errorCode }`); field problems as `[{ errorField, message }]`.
    ...(refusal.code && { data: { errorCode: refusal.code } }),
    ...(refusal.errors &&
      !refusal.code && {
        data: refusal.errors.map((e) => ({
          errorField: e.errorField,
          message: translate(language, e.message, e.values),
        })),
      }),
  });
}

/** Sends an outcome in the envelope, its messages in the reader's language. */
export function sendOutcome(request: FastifyRequest, response: FastifyReply, outcome: Outcome) {
  if (outcome.ok) return response.send({ status: true, message: translate(requestLanguage(request), outcome.message) });
  return sendRefusal(request, response, outcome);
}

/** Sends a data outcome in the envelope: the data, or the refusal in the reader's language. */
export function sendDataOutcome<T>(request: FastifyRequest, response: FastifyReply, outcome: DataOutcome<T>) {
  return outcome.ok ? response.send({ status: true, data: outcome.data }) : sendRefusal(request, response, outcome);
}
