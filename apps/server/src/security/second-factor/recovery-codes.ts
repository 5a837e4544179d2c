import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/shared/staff/second-factor';
import { hashSecret } from '../one-use-token';

/** Lower-case letters and digits without the look-alikes 0, 1, i, l, o: 31 symbols, about 5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** One code: three groups of four symbols (about 59 bits), such as `k7mq-2xzt-9fhp`. */
function newRecoveryCode(): string {
  const symbols = Array.from({ length: GROUPS * GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return Array.from({ length: GROUPS }, (_, g) =>
    symbols.slice(g * GROUP_LENGTH, (g + 1) * GROUP_LENGTH).join(''),
  ).join('-');
}

/** A code as stored and compared: lower case, without its hyphens or spaces. */
export const normalizedRecoveryCode = (typed: string) => typed.replace(/[\s-]/g, '').toLowerCase();

/** The hash a code is kept as; the code itself is shown once and never stored. */
export const recoveryCodeHash = (typed: string) => hashSecret(`recovery:${normalizedRecoveryCode(typed)}`);

/** A new set of recovery codes, with the hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return { codes: [...codes], hashes: [...codes].map(recoveryCodeHash) };
}
