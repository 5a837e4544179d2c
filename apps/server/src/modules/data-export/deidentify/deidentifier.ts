import { createHmac } from 'node:crypto';
import type { IsoDate } from '@portal/shared/dates';
import { birthCategory, zip3 } from './safe-harbor';

/** The run key's length: 32 random bytes, drawn for each run and never stored. */
export const RUN_KEY_BYTES = 32;

/** Hexadecimal digits kept of a pseudonym's HMAC: 64 bits, so a million ids collide with a chance near 3 in 10⁸. */
export const PSEUDONYM_DIGITS = 16;

/** A date shift lies within this many days either way. */
export const MAX_SHIFT_DAYS = 180;

/** The records other than participants that carry an id in an export, and their pseudonyms' prefixes. */
const RECORD_PREFIXES = { response: 'r', signature: 's', oneTimeSurvey: 'o' } as const;
export type RecordKind = keyof typeof RECORD_PREFIXES;

const DAY_MS = 86_400_000;

/**
 * How one de-identified run writes what could identify a participant. Every value is derived from the run key by
 * HMAC-SHA-256, each use under its own label, so a pseudonym tells nothing of the date shift: within the run a
 * participant has one pseudonym and one shift, nothing is kept per participant, and without the key (gone with the
 * run) neither can be linked back to an id nor to another run's.
 */
export function createDeidentifier(runKey: Uint8Array, today: IsoDate) {
  if (runKey.length !== RUN_KEY_BYTES) throw new Error(`A run key is ${RUN_KEY_BYTES} bytes`);
  const mac = (label: string, id: string) => createHmac('sha256', runKey).update(`${label}\0${id}`).digest();
  const pseudonym = (prefix: string, label: string, id: string) =>
    `${prefix}-${mac(label, id).toString('hex').slice(0, PSEUDONYM_DIGITS)}`;

  /**
   * Whole days in [-180, 180]: the HMAC's first four bytes as an unsigned number, modulo 361. As 2³² is no multiple
   * of 361, some offsets are drawn more often than others, by under one part in ten million.
   */
  const shiftDays = (userId: string) =>
    (mac('shift', userId).readUInt32BE(0) % (2 * MAX_SHIFT_DAYS + 1)) - MAX_SHIFT_DAYS;

  return {
    participant: (userId: string) => pseudonym('p', 'participant', userId),
    recordId: (kind: RecordKind, id: string) => pseudonym(RECORD_PREFIXES[kind], kind, id),
    shiftDays,
    /** A moment moved by the participant's shift, in whole days of UTC: time of day and intervals stay. */
    shift: (userId: string, moment: Date) => new Date(moment.getTime() + shiftDays(userId) * DAY_MS),
    birth: (birthDate: IsoDate | null) => birthCategory(birthDate, today),
    postalCode: zip3,
  };
}
export type Deidentifier = ReturnType<typeof createDeidentifier>;
