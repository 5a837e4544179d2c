import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client';
import { loadAppSecret } from '../../db/app-secrets';

/** The secret participants' pseudonyms are keyed with; losing or replacing it changes every pseudonym. */
const PSEUDONYM_SECRET = 'export-pseudonym';

/**
 * Participants' pseudonyms for de-identified files: HMAC-SHA-256 of the user ID under a secret kept in the
 * database, in hexadecimal. The same participant has the same pseudonym in every file and export, on every
 * process; without the secret a pseudonym cannot be turned back into the user ID, nor one guessed from an ID.
 * The secret is read for each export rather than kept, so a restored backup's secret applies at once.
 */
export async function loadPseudonyms(db: Database): Promise<(userId: string) => string> {
  const key = Buffer.from(await loadAppSecret(db, PSEUDONYM_SECRET), 'base64url');
  return (userId) => createHmac('sha256', key).update(userId).digest('hex');
}
