import type { FastifyServerOptions } from 'fastify';

/**
 * Structured logs that carry no personal data: request lines keep the path but drop the query
 * string (it can hold e-mail addresses and tokens), and credentials are redacted wherever they appear.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
    },
  };
}
