import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Database } from '../../db/client';
import { loadAppSecret } from '../../db/app-secrets';
import type { Clock } from '../../providers/clock/clock';
import { purgeExpiredRedemptions, redeemChallenge } from './repository';

/** How long a challenge may be solved and used for. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/**
 * PBKDF2 rounds per attempt and the range of attempts needed: about a second of work on an older phone,
 * unnoticeable for a person, costly for a script registering thousands of accounts.
 */
const COST = 1_000;
const COUNTER_RANGE = [300, 1_500] as const;

function decodePayload(text: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Payload;
    return payload?.challenge?.parameters && payload.solution ? payload : null;
  } catch {
    return null;
  }
}

/**
 * The self-hosted ALTCHA proof-of-work captcha. Challenges are signed with a secret kept in
 * the database; a solution counts once, and only within its lifetime measured on the portal's clock.
 */
export function createCaptchaService({ db, clock }: { db: Database; clock: Clock }) {
  let secrets: Promise<{ signature: string; keySignature: string }> | undefined;
  const loadSecrets = () =>
    (secrets ??= Promise.all([loadAppSecret(db, 'captcha'), loadAppSecret(db, 'captcha-key')]).then(
      ([signature, keySignature]) => ({ signature, keySignature }),
      (error: unknown) => {
        secrets = undefined;
        throw error;
      },
    ));

  return {
    async createChallenge(): Promise<Challenge> {
      const { signature, keySignature } = await loadSecrets();
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: COST,
        counter: randomInt(...COUNTER_RANGE),
        deriveKey,
        data: { issuedAt: clock.now().getTime() },
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      });
    },

    /** Whether `payload` (the widget's base64 value) solves a live challenge not redeemed before. */
    async verify(payload: unknown): Promise<boolean> {
      if (typeof payload !== 'string' || payload.length > 4_000) return false;
      const decoded = decodePayload(payload);
      if (!decoded) return false;
      const { signature, keySignature } = await loadSecrets();
      const result = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey,
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      }).catch(() => null);
      if (!result?.verified) return false;
      const issuedAt = Number(decoded.challenge.parameters.data?.issuedAt);
      const now = clock.now();
      if (
        !Number.isFinite(issuedAt) ||
        now.getTime() - issuedAt > CHALLENGE_LIFETIME_MS ||
        issuedAt > now.getTime() + 60_000
      ) {
        return false;
      }
      await purgeExpiredRedemptions(db, now);
      return redeemChallenge(db, decoded.challenge.parameters.nonce, new Date(issuedAt + CHALLENGE_LIFETIME_MS));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
