import { createHmac } from 'node:crypto';

/**
 * The journeys' own authenticator app: time-based one-time codes (RFC 6238) as common apps make them, written
 * here from the RFCs (HMAC-SHA-1, 30-second steps counted from the Unix epoch, 6 digits, RFC 4226's dynamic
 * truncation) rather than taken from the portal or its library, so a mistake there cannot hide behind the same
 * mistake here.
 */
export const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of a base32 text (RFC 4648; spaces, padding and case ignored), as an app reads a typed secret. */
export function base32Bytes(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** HOTP (RFC 4226): HMAC-SHA-1 of the 8-byte big-endian counter, dynamically truncated to `digits` digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The time step of an instant (ms since the epoch): whole 30-second periods. */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / STEP_SECONDS);

/** The code of a base32 secret at a time step. */
export const codeAtStep = (secret: string, step: number) => hotp(base32Bytes(secret), step);

/** The code an app shows now. */
export const currentCode = (secret: string) => codeAtStep(secret, stepAt(Date.now()));

/**
 * Resolves once the time step after `step` has begun: a wait on the clock the portal reads (the same machine's),
 * as a person waits for their app's next code, never a fixed pause.
 */
export async function stepAfter(step: number) {
  for (;;) {
    const left = (step + 1) * STEP_SECONDS * 1000 - Date.now();
    if (left <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, left + 50));
  }
}

/**
 * The code an app shows, for a person who last used the code of `spentStep`: each code works once, so when the app
 * still shows that one they wait for the next (rare when the journey's other steps come between).
 */
export async function shownCodeAfter(secret: string, spentStep: number): Promise<{ code: string; step: number }> {
  await stepAfter(spentStep);
  const step = stepAt(Date.now());
  return { code: codeAtStep(secret, step), step };
}

/**
 * Checks the generator against RFC 6238's first SHA-1 vector (appendix B): the ASCII seed
 * '12345678901234567890' at T = 59 s is 94287082 in 8 digits. Throws when it is not.
 */
export function checkAgainstRfc6238() {
  const code = hotp(Buffer.from('12345678901234567890', 'ascii'), stepAt(59_000), 8);
  if (code !== '94287082') throw new Error(`the journeys' TOTP generator is wrong: ${code} instead of 94287082`);
  return code;
}
