import { z } from 'zod';
import { STEP_UP_MINUTES } from '@portal/shared/staff/second-factor';
import { isBase32Secret } from './security/second-factor/totp';
import { parseS3Url } from './providers/storage/s3-url';

/** The development payload key documented in the README; override with PAYLOAD_KEY anywhere real. */
export const DEVELOPMENT_PAYLOAD_KEY = 'a2lkbmV5LXN0dWR5LXBvcnRhbC1kZXYta2V5LTIwMjY=';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** `9-19`: reminders go out from 9:00 until 19:00, local time of the study; `0-24` is all day. */
const ZSendHours = z
  .string()
  .regex(/^\d{1,2}-\d{1,2}$/, 'must be two hours such as 9-19')
  .transform((text) => text.split('-').map(Number) as [number, number])
  .refine(([from, to]) => from < to && to <= 24, 'the first hour must come before the second, at most 24')
  .transform(([from, to]) => ({ from, to }));

const ZEnv = z.object({
  /** `production` turns on the refusals of `productionProblems`. */
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kidney Research Study <no-reply@localhost>'),
  ADMIN_EMAIL: z.string().email().default('admin@example.org'),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /** The first study administrator's authenticator-app secret (base32, at least 160 bits), set at the first start. */
  ADMIN_TOTP_SECRET: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((value) => isBase32Secret(value, 160), 'must be base32 (RFC 4648) of at least 160 bits: 32 characters')
    .optional(),
  SEED_DEMO: booleanFlag(true),
  CAPTCHA_ENABLED: booleanFlag(true),
  PAYLOAD_KEY: z
    .string()
    .default(DEVELOPMENT_PAYLOAD_KEY)
    .refine(
      // Node's decoder skips characters outside the alphabet, so the alphabet is checked first.
      (k) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(k) && Buffer.from(k, 'base64').length === 32,
      'must be 32 bytes, base64-encoded',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  TRUST_PROXY: booleanFlag(false),
  /** A PKCS#8 PEM private key (RSA) that signs access tokens; by default one is generated under DATA_DIR. */
  TOKEN_SIGNING_KEY: z.string().startsWith('-----BEGIN PRIVATE KEY-----').optional(),
  /** The study's time zone (IANA): reminder days are its calendar days, and its daytime is when they are sent. */
  STUDY_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Chicago')
    .default('America/Chicago'),
  REMINDER_SEND_HOURS: ZSendHours.default({ from: 9, to: 19 }),
  /** How long an administrator's manual withdrawal request stays pending (and can be deleted) before it is carried out. */
  WITHDRAWAL_REQUEST_HOLD_S: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(3600),
  /**
   * How long a staff member's second factor, given in a session, covers dangerous actions before they are asked
   * for it again: 5 minutes, or less (test suites set it to seconds).
   */
  STEP_UP_WINDOW_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(STEP_UP_MINUTES * 60)
    .default(STEP_UP_MINUTES * 60),
  /**
   * Seconds between runs of each scheduled job (e-mail delivery, reminders, manual withdrawals, one-time survey
   * invitations): every minute, unless a test wants their effects sooner.
   */
  SCHEDULER_INTERVAL_S: z.coerce.number().int().min(5).max(60).default(60),
  /** The bearer token a Prometheus scraper sends to read `/metrics`; without it the metrics are not served. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable ASCII characters without spaces')
    .optional(),
  /** The S3-compatible bucket that keeps documents (consent forms, signed copies, pictures); unset: the database. */
  S3_URL: z
    .string()
    .transform((text, context) => {
      try {
        return parseS3Url(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
});

export type Env = z.infer<typeof ZEnv> & { PUBLIC_URL: string };

/** The only reader of process.env: validates once and fails fast with a readable message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blanksRemoved = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ZEnv.safeParse(blanksRemoved);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}` };
  const refusals = productionProblems(env);
  if (refusals.length > 0) throw new Error(refusals.join('\n'));
  return env;
}

/**
 * With NODE_ENV=production the portal does not start on a development setup: the public development key, demo
 * content, an address without https, or no mail server (the development outbox writes sign-in codes and links to
 * the log). One line per broken rule, saying how to mend it; none outside production.
 */
export function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (env.PAYLOAD_KEY === DEVELOPMENT_PAYLOAD_KEY)
    problems.push('PAYLOAD_KEY is the public development key; set a secret one (openssl rand -base64 32)');
  if (env.SEED_DEMO) problems.push('SEED_DEMO would create demo content; set SEED_DEMO=false');
  if (new URL(env.PUBLIC_URL).protocol !== 'https:')
    problems.push(`PUBLIC_URL ${env.PUBLIC_URL} is not https; set it to the portal's https:// address`);
  if (!env.SMTP_URL)
    problems.push('SMTP_URL is not set, so e-mails with sign-in codes would go to the log; set the mail server');
  return problems.map((problem) => `Refusing to start in production: ${problem}`);
}
