import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  type CryptoKey,
} from 'jose';

export const TOKEN_ALGORITHM = 'RS256';

export interface TokenSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The private key as node's crypto signs with it directly. */
  signingKey: KeyObject;
}

async function fromPkcs8(pem: string): Promise<TokenSigningKey> {
  const privateKey = await importPKCS8(pem, TOKEN_ALGORITHM);
  const spki = createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString();
  const publicKey = await importSPKI(spki, TOKEN_ALGORITHM, { extractable: true });
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
  return { kid, privateKey, publicKey, signingKey: createPrivateKey(pem) };
}

/** A fresh key pair, for tests and for the first start. */
export async function generateTokenSigningKey(): Promise<{ key: TokenSigningKey; pem: string }> {
  const { privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { modulusLength: 2048, extractable: true });
  const pem = await exportPKCS8(privateKey);
  return { key: await fromPkcs8(pem), pem };
}

/**
 * The key that signs access tokens: TOKEN_SIGNING_KEY when configured (a PKCS#8 PEM, for several servers
 * behind one address), else `DATA_DIR/keys/token-signing-key.pem`, generated on the first start and readable
 * only by the portal's user.
 */
export async function loadTokenSigningKey(options: {
  dataDir: string;
  configuredPem?: string;
}): Promise<TokenSigningKey> {
  if (options.configuredPem) return fromPkcs8(options.configuredPem);
  const file = path.join(options.dataDir, 'keys', 'token-signing-key.pem');
  try {
    return await fromPkcs8(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { key, pem } = await generateTokenSigningKey();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // `wx` refuses to overwrite a key another process wrote meanwhile; that one is then read back.
  try {
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fromPkcs8(await readFile(file, 'utf8'));
  }
}
