import { createPrivateKey } from 'node:crypto';

/** What nodemailer signs every message with (its own `dkim` option): RFC 6376, relaxed/relaxed, rsa-sha256. */
export interface DkimOptions {
  domainName: string;
  keySelector: string;
  /** A PEM private key (PKCS#1 or PKCS#8). */
  privateKey: string;
}

/**
 * A PEM as it was configured, with the literal `\n` escapes that many hosting platforms store in place of line
 * breaks turned back into line breaks.
 */
export const unescapedPem = (text: string) => text.replace(/\\r\\n|\\n/g, '\n').trim() + '\n';

/** Whether node:crypto reads the text as a private key; nothing signs with a key that does not. */
export function isPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).type === 'private';
  } catch {
    return false;
  }
}

/** The DKIM variables, which go together: all three set, or none. */
export const DKIM_VARIABLES = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;

/** The signing options of a configuration with DKIM set; undefined without it (mail is sent unsigned). */
export function dkimOptions(env: Partial<Record<(typeof DKIM_VARIABLES)[number], string>>): DkimOptions | undefined {
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = env;
  if (!DKIM_DOMAIN || !DKIM_SELECTOR || !DKIM_PRIVATE_KEY) return undefined;
  return { domainName: DKIM_DOMAIN, keySelector: DKIM_SELECTOR, privateKey: DKIM_PRIVATE_KEY };
}
