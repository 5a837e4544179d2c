import { randomBytes } from 'node:crypto';
import { HOTP, Secret, TOTP, URI } from 'otpauth';
import { TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS } from '@portal/shared/staff/second-factor';

/**
 * Time-based one-time codes (RFC 6238) as the common authenticator apps make them: HMAC-SHA-1, 30-second steps
 * counted from the Unix epoch, 6 digits.
 */
const ALGORITHM = 'SHA1';
/** A new app's secret: 160 bits, the length RFC 4226 recommends for HMAC-SHA-1. */
export const APP_SECRET_BYTES = 20;

/** The time step of an instant: whole periods since the Unix epoch. */
export const timeStepOf = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** A new random secret, in base32 (RFC 4648, no padding), the form apps and `otpauth://` addresses take. */
export const newAppSecret = () => new Secret({ buffer: randomBytes(APP_SECRET_BYTES).buffer }).base32;

/** Whether a base32 text decodes to a secret of at least `minBits` bits. */
export function isBase32Secret(text: string, minBits: number): boolean {
  if (!/^[A-Z2-7]+=*$/i.test(text)) return false;
  try {
    return Secret.fromBase32(text).bytes.length * 8 >= minBits;
  } catch {
    return false;
  }
}

/** The code of a secret at a time step; `digits` other than 6 only for the RFC's own test vectors. */
export const appCodeAt = (secret: Secret | string, step: number, digits = TOTP_DIGITS) =>
  HOTP.generate({
    secret: typeof secret === 'string' ? Secret.fromBase32(secret) : secret,
    algorithm: ALGORITHM,
    digits,
    counter: step,
  });

/**
 * The time step an offered code belongs to, within one step of `now`'s either way, or undefined when it matches
 * none. Whether that step was already used is the caller's to decide (each code works once).
 */
export function matchingTimeStep(secretBase32: string, code: string, now: Date): number | undefined {
  const current = timeStepOf(now);
  const delta = HOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    counter: current,
    window: TOTP_DRIFT_STEPS,
  });
  return delta === null ? undefined : current + delta;
}

/** The `otpauth://totp/…` address an app reads from the QR code: issuer, account and the code's settings. */
export const appAddress = (secretBase32: string, issuer: string, account: string) =>
  URI.stringify(
    new TOTP({
      issuer,
      label: account,
      secret: Secret.fromBase32(secretBase32),
      algorithm: ALGORITHM,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
    }),
  );
