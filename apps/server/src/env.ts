import { z } from 'zod';
import { STEP_UP_MINUTES } from '@portal/shared/staff/second-factor';
import { isBase32Secret } from './security/second-factor/totp';
import { parseS3Url } from './providers/storage/s3-url';
import { DEFAULT_PACE_RATES, parsePaceRates } from './providers/mail/pacing/pace-rates';
import { DKIM_VARIABLES, isPrivateKey, unescapedPem } from './providers/mail/dkim';
import { isSendgridPublicKey } from './modules/mail-events/sendgrid-signature';

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
  /**
   * Bulk e-mails (reminders, invitations, news) a minute per recipient domain, shared by every server process:
   * `microsoft=60,yahoo=60,google=300,*=600` (`*`: each other domain); a key left out keeps that default.
   */
  MAIL_PACE_PER_MINUTE: z
    .string()
    .transform((text, context) => {
      try {
        return parsePaceRates(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .default(DEFAULT_PACE_RATES),
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
  /** DKIM: every message is signed for this domain (d=) with this selector (s=); all three or none. */
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/, 'must be a domain name such as study.example.org')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/, 'must be a DNS label such as portal2026')
    .optional(),
  /** The DKIM private key as a PEM (RSA); literal `\n` escapes, as platforms often store it, are read as breaks. */
  DKIM_PRIVATE_KEY: z
    .string()
    .transform(unescapedPem)
    .refine(isPrivateKey, 'is not a PEM private key that can be read (-----BEGIN PRIVATE KEY----- …)')
    .optional(),
  /** SendGrid's Event Webhook verification key (base64 as SendGrid shows it, or a PEM); unset: no SendGrid webhook. */
  SENDGRID_WEBHOOK_PUBLIC_KEY: z
    .string()
    .refine(isSendgridPublicKey, 'is not an ECDSA P-256 public key (base64 as SendGrid shows it, or a PEM)')
    .optional(),
  /** The SNS topic SES events arrive on, the only one taken from; unset: no SES webhook (it answers 404). */
  SES_SNS_TOPIC_ARN: z
    .string()
    .regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]+$/, 'must be an SNS topic ARN')
    .optional(),
});

export type Env = z.infer<typeof ZEnv> & { PUBLIC_URL: string };

/** DKIM signs with all three variables or not at all: a partial set is a mistake, refused naming what is missing. */
function dkimMissing(env: z.infer<typeof ZEnv>): string[] {
  const set = DKIM_VARIABLES.filter((name) => env[name] !== undefined);
  if (set.length === 0 || set.length === DKIM_VARIABLES.length) return [];
  return DKIM_VARIABLES.filter((name) => !set.includes(name)).map(
    (name) => `${name}: is missing: DKIM needs ${DKIM_VARIABLES.join(', ')} together (${set.join(', ')} set)`,
  );
}

/** The only reader of process.env: validates once and fails fast with a readable message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blanksRemoved = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ZEnv.safeParse(blanksRemoved);
  if (!parsed.success || dkimMissing(parsed.data).length > 0) {
    const problems = parsed.success
      ? dkimMissing(parsed.data)
      : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
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

/** What a production start logs as a warning without refusing: mail sent without a DKIM signature. */
export function productionWarnings(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!env.DKIM_DOMAIN)
    warnings.push(
      'DKIM is not set (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY): e-mail leaves unsigned and mail providers may ' +
        'refuse it or file it as spam; see the deployment guide',
    );
  return warnings;
}
