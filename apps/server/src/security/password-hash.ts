import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is ambient (const), so its value is written out.
const ARGON2ID = 2;

// OWASP's Argon2id profile (19 MiB, 2 passes): strong enough, and fast enough for a 2-core server.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
