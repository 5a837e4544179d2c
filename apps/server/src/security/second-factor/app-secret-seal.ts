import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { loadAppSecret } from '../../db/app-secrets';

/** The key authenticator-app secrets are sealed with, kept apart from the factors' table. */
const SEAL_KEY_SECRET = 'staff-factor-seal';

/**
 * Seals and opens authenticator-app secrets with AES-256-GCM (a fresh 12-byte IV each, `iv || ciphertext || tag`
 * in base64url). The secret must be kept whole to check codes, so it cannot be hashed; sealed, a copy of the
 * factors' table alone (an export, a log of a query) gives no one the codes.
 */
export function appSecretSeal(db: Database) {
  // Read for each use rather than kept, so a restored backup's key applies at once.
  const keyOf = async () => Buffer.from(await loadAppSecret(db, SEAL_KEY_SECRET), 'base64url');
  return {
    async seal(secret: string): Promise<string> {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
    },
    async open(sealed: string): Promise<string> {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
export type AppSecretSeal = ReturnType<typeof appSecretSeal>;
