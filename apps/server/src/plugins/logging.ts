import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

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

/** The pino logger Fastify makes from `loggerOptions`, which tells whether a level writes. */
type LevelledLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes its child logger (the request id bound, through the redaction) only when the
 * request first writes a line at a level that is written: with LOG_LEVEL at warn most requests write none, and
 * making the child on every request cost a cached read about a twentieth of its time.
 */
class RequestLogger implements FastifyBaseLogger {
  private made?: FastifyBaseLogger;

  constructor(
    private readonly parent: LevelledLogger,
    private readonly bindings: Bindings,
  ) {}

  /** The child logger, made at the first line written. */
  private make(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private write(level: Level, line: unknown[]) {
    if (!this.made && !this.parent.isLevelEnabled(level)) return;
    (this.make()[level] as (...line: unknown[]) => void)(...line);
  }

  get level() {
    return (this.made ?? this.parent).level;
  }
  set level(level: string) {
    this.make().level = level;
  }
  fatal(...line: unknown[]) {
    this.write('fatal', line);
  }
  error(...line: unknown[]) {
    this.write('error', line);
  }
  warn(...line: unknown[]) {
    this.write('warn', line);
  }
  info(...line: unknown[]) {
    this.write('info', line);
  }
  debug(...line: unknown[]) {
    this.write('debug', line);
  }
  trace(...line: unknown[]) {
    this.write('trace', line);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildOptions) {
    return this.make().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request logger as above, or the child at once when the route has a level or
 * serializers of its own (or the logger cannot tell which levels write).
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
  const lazy = 'isLevelEnabled' in logger && Object.keys(options).length === 0;
  return lazy ? new RequestLogger(logger as LevelledLogger, bindings) : logger.child(bindings, options);
}
