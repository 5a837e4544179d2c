import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@portal/shared/registration/registration-form';
import type { TUnmatchedReason } from '@portal/shared/surveys/one-time-surveys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row that reads as an e-mail address or a user ID, with the key it is looked up by (lower case). */
export interface Identifier {
  /** 1-based, counting every row as given, blank ones too. */
  row: number;
  value: string;
  kind: 'email' | 'id';
  key: string;
}

export interface UnmatchedRow {
  row: number;
  value: string;
  reason: TUnmatchedReason;
}

/**
 * Reads the rows of an e-mail list or CSV column: each is trimmed (a byte-order mark too), a blank row is
 * dropped, a user ID is a UUID in any case and an e-mail is compared without case. A row that is neither is
 * `invalid`; a row repeating an earlier one is a `duplicate`.
 */
export function readIdentifiers(rows: readonly string[]): { identifiers: Identifier[]; unmatched: UnmatchedRow[] } {
  const identifiers: Identifier[] = [];
  const unmatched: UnmatchedRow[] = [];
  const seen = new Set<string>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const value = raw.trim();
    if (value === '') return;
    const kind = UUID.test(value)
      ? 'id'
      : value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
        ? 'email'
        : undefined;
    if (!kind) {
      unmatched.push({ row, value, reason: 'invalid' });
      return;
    }
    const key = value.toLowerCase();
    if (seen.has(`${kind}:${key}`)) {
      unmatched.push({ row, value, reason: 'duplicate' });
      return;
    }
    seen.add(`${kind}:${key}`);
    identifiers.push({ row, value, kind, key });
  });
  return { identifiers, unmatched };
}

/** Who an identifier found: a participant in the study (registered or active), or one who withdrew. */
export interface Found {
  userId: string;
  status: 'live' | 'withdrawn';
}

/**
 * Matches each identifier with whom it found, in row order: one that found no one is `notFound`, one that found
 * only a withdrawn participant is `withdrawn`, and a second row for a participant already matched (an e-mail
 * and the same person's user ID) is a `duplicate`. Answers the participants matched, each once.
 */
export function matchIdentifiers(
  identifiers: readonly Identifier[],
  found: (identifier: Identifier) => Found | undefined,
): { userIds: string[]; unmatched: UnmatchedRow[] } {
  const userIds: string[] = [];
  const unmatched: UnmatchedRow[] = [];
  const matched = new Set<string>();
  for (const identifier of identifiers) {
    const match = found(identifier);
    const { row, value } = identifier;
    if (!match) unmatched.push({ row, value, reason: 'notFound' });
    else if (match.status === 'withdrawn') unmatched.push({ row, value, reason: 'withdrawn' });
    else if (matched.has(match.userId)) unmatched.push({ row, value, reason: 'duplicate' });
    else {
      matched.add(match.userId);
      userIds.push(match.userId);
    }
  }
  return { userIds, unmatched };
}
