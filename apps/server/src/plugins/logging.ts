import type { FastifyServerOptions } from 'fastify';

/** A failed query's message ends with the values it was given (names, addresses, codes): they stay out. */
const QUERY_VALUES = /\nparams: [\s\S]*$/;
const hideValues = (text: string) => text.replace(QUERY_VALUES, '\nparams: [hidden]');

export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
};

/** An error as the log writes it: its type, message, stack, code and cause, without a failed query's values. */
export function errorWithoutQueryValues(error: Error): LoggedError {
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: hideValues(error.message),
    stack: hideValues(error.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause instanceof Error ? { cause: errorWithoutQueryValues(error.cause) } : {}),
  };
}

/**
 * Structured logs that carry no personal data: request lines keep the path but drop the query
 * string (it can hold e-mail addresses and tokens), credentials are redacted wherever they appear, and a failed
 * query's values are left out of its error.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-dashboard-token"]',
        'req.headers["x-api-key"]',
        'headers.authorization',
        'headers.cookie',
        'headers["x-dashboard-token"]',
        'headers["x-api-key"]',
        '*.password',
        '*.token',
        '*.access_token',
        '*.refresh_token',
        '*.otp',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: errorWithoutQueryValues,
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
    },
  };
}
