import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, type Language } from '@portal/shared/constants';
import { toLanguage } from '@portal/shared/i18n/language';
import { translate } from '../lib/localize';
import { API_HEADERS } from './security-headers';

/** The catalog text of each status the HTTP layer answers by itself; any other refusal is an invalid request. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'error.payloadUnreadable',
  404: 'error.http.notFound',
  408: 'error.http.timeout',
  413: 'error.http.tooLarge',
  414: 'error.http.urlTooLong',
  415: 'error.http.unsupportedType',
  431: 'error.http.headersTooLarge',
  503: 'error.http.unavailable',
};

/** The envelope's message for a status, in the caller's language; any other server error reads as the generic one. */
export function statusMessage(language: Language, statusCode: number): string {
  const fallback = statusCode >= 500 ? 'error.generic' : 'error.invalidRequest';
  return translate(language, STATUS_MESSAGES[statusCode] ?? fallback);
}

/**
 * A failure raised by the framework or one of its plugins (unreadable JSON, body too large, unsupported type…):
 * its own text is English and technical, so the caller reads the status's catalog message instead.
 */
export const isFrameworkError = (error: FastifyError) =>
  error.code?.startsWith('FST_') === true || error instanceof SyntaxError;

/** The language a raw Cookie header asks for, English when there is none (before the cookie plugin has run). */
function cookieHeaderLanguage(header: string | undefined): Language {
  return toLanguage(header && fastifyCookie.parse(header)[LANGUAGE_COOKIE]);
}

/** Errors found while routing (an undecodable URL, a path parameter over its length), before any hook runs. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 500) request.log.error({ err: error }, 'routing failed');
  const language = cookieHeaderLanguage(request.headers.cookie);
  void reply
    .headers(API_HEADERS)
    .status(statusCode)
    .send({ status: false, message: statusMessage(language, statusCode) });
}

/**
 * While the server closes, a request still arriving on a busy connection is refused with 503 in the envelope
 * and its connection is not kept (the framework's own bare 503 is turned off where the app is built).
 */
export function registerClosingRefusal(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    const language = cookieHeaderLanguage(request.headers.cookie);
    void reply.status(503).send({ status: false, message: statusMessage(language, 503) });
  });
}

/** Socket-level failures Node answers before any request exists: a request timeout, headers over the limit. */
const SOCKET_STATUSES: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/** The Cookie header of what was received of a request Node could not parse, as far as it arrived. */
function rawCookieHeader(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /^cookie:[ \t]*([^\r\n]*)/im.exec(rawPacket.toString('latin1'))?.[1];
}

/**
 * Answers a request the HTTP parser refused (400 malformed, 408 too slow, 431 headers or URL too large) in the
 * envelope, with the portal's security headers, written straight to the socket since no reply object exists.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = SOCKET_STATUSES[error.code ?? ''] ?? 400;
  // The error holds the raw bytes received (cookies, tokens): only its code is logged.
  this.log.trace({ code: error.code }, 'client error');
  if (socket.writable) {
    const language = cookieHeaderLanguage(rawCookieHeader(error.rawPacket));
    const body = JSON.stringify({ status: false, message: statusMessage(language, statusCode) });
    const headers = {
      ...API_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}
