import {
  APP_CODE_PATTERN,
  RECOVERY_CODE_PATTERN,
  STAFF_SIGN_IN_MINUTES,
  type TWebAuthnOptions,
} from '@portal/shared/staff/second-factor';
import { MINUTE_MS } from '@portal/shared/durations';
import type { Database } from '../../db/client';
import { matchingTimeStep } from './totp';
import type { AppSecretSeal } from './app-secret-seal';
import { recoveryCodeHash } from './recovery-codes';
import {
  asStoredPasskey,
  findPasskey,
  insertChallenge,
  listFactors,
  recoveryCodesLeft,
  spendAppStep,
  spendChallenge,
  spendPasskeyUse,
  spendRecoveryCode,
  type ChallengeBinding,
} from './factors';
import type { WebAuthnCeremonies } from './webauthn';

/** How a second factor was given: an app's code, a recovery code or a passkey. */
export type FactorMethod = 'app' | 'recoveryCode' | 'passkey';
export type CodeCheck =
  | { ok: true; method: 'app' | 'recoveryCode'; recoveryCodesLeft?: number }
  | { ok: false; reason: 'wrongCode' | 'reusedCode' };
export type PasskeyCheck = { ok: true; userId: string; factorId: string } | { ok: false; reason: string };

/** WebAuthn options as the browser's library takes them, unchanged. */
const asOptions = (options: { challenge: string }) => options as unknown as TWebAuthnOptions;

/** A WebAuthn challenge lasts as long as a staff sign-in's password step. */
const CHALLENGE_MS = STAFF_SIGN_IN_MINUTES * MINUTE_MS;

export interface FactorCheckDeps {
  db: Database;
  seal: AppSecretSeal;
  ceremonies: WebAuthnCeremonies;
}

/** Checking a staff member's second factor: an app or recovery code, or a passkey's signature. */
export function factorChecks({ db, seal, ceremonies }: FactorCheckDeps) {
  /** The step of an app code among the member's apps, spent; a step already used is a reused code. */
  async function checkAppCode(userId: string, code: string, now: Date): Promise<CodeCheck> {
    let reused = false;
    for (const factor of (await listFactors(db, userId)).filter((f) => f.kind === 'app')) {
      const step = matchingTimeStep(await seal.open(factor.appSecret!), code, now);
      if (step === undefined) continue;
      if (await spendAppStep(db, factor.id, step, now)) return { ok: true, method: 'app' };
      reused = true;
    }
    return { ok: false, reason: reused ? 'reusedCode' : 'wrongCode' };
  }

  return {
    /** An app's current code (once) or an unused recovery code of the member. */
    async checkCode(userId: string, typed: string, now: Date): Promise<CodeCheck> {
      const code = typed.replace(/\s+/g, '');
      if (APP_CODE_PATTERN.test(code)) return checkAppCode(userId, code, now);
      if (RECOVERY_CODE_PATTERN.test(code) && (await spendRecoveryCode(db, userId, recoveryCodeHash(code), now)))
        return { ok: true, method: 'recoveryCode', recoveryCodesLeft: await recoveryCodesLeft(db, userId) };
      return { ok: false, reason: 'wrongCode' };
    },

    /** Hands out a challenge bound to a ceremony and asks the browser to sign it with a passkey. */
    async passkeyOptions(binding: ChallengeBinding, now: Date) {
      const allowed = binding.userId
        ? (await listFactors(db, binding.userId)).filter((f) => f.kind === 'passkey').map(asStoredPasskey)
        : undefined;
      const options = await ceremonies.authenticationOptions(allowed);
      await insertChallenge(db, options.challenge, binding, now, new Date(now.getTime() + CHALLENGE_MS));
      return asOptions(options);
    },

    /** Options to create a passkey for the member, with a challenge bound to the ceremony. */
    async registrationOptions(user: { id: string; email: string; name: string }, binding: ChallengeBinding, now: Date) {
      const existing = (await listFactors(db, user.id)).filter((f) => f.kind === 'passkey').map(asStoredPasskey);
      const options = await ceremonies.registrationOptions(user, existing);
      await insertChallenge(db, options.challenge, binding, now, new Date(now.getTime() + CHALLENGE_MS));
      return asOptions(options);
    },

    /** The new passkey of a registration answer to an open challenge of this ceremony, or undefined. */
    checkRegistration(response: unknown, binding: ChallengeBinding, now: Date) {
      return ceremonies.verifyRegistration(
        response,
        async (challenge) => (await spendChallenge(db, challenge, binding, now)) !== false,
      );
    },

    /**
     * A passkey's answer to a challenge of this ceremony: the passkey must be known, the challenge open and bound
     * to the same user (when it names one), the signature good, and its counter new.
     */
    async checkPasskey(response: { id: string }, binding: ChallengeBinding, now: Date): Promise<PasskeyCheck> {
      const passkey = await findPasskey(db, response.id);
      if (!passkey) return { ok: false, reason: 'unknownPasskey' };
      if (binding.userId && binding.userId !== passkey.userId) return { ok: false, reason: 'otherUser' };
      let challengeOk = false;
      const counter = await ceremonies.verifyAuthentication(response, passkey, async (challenge) => {
        const spent = await spendChallenge(db, challenge, binding, now);
        challengeOk = spent !== false && (!spent.userId || spent.userId === passkey.userId);
        return challengeOk;
      });
      if (counter === undefined) return { ok: false, reason: challengeOk ? 'badSignature' : 'badChallenge' };
      if (!(await spendPasskeyUse(db, passkey.id, counter, now))) return { ok: false, reason: 'replayedCounter' };
      return { ok: true, userId: passkey.userId, factorId: passkey.id };
    },
  };
}
export type FactorChecks = ReturnType<typeof factorChecks>;
