import { createPrivateKey } from 'node:crypto';

/** What nodemailer signs every message with (its own `dkim` option): RFC 6376, relaxed/relaxed, rsa-sha256. */
export interface DkimOptions {
  domainName: string;
  keySelector: string;
  /** A PEM private key (PKCS#1 or PKCS#8). */
  privateKey: string;
  /** The header fields signed (those present in the message), colon-separated: `DKIM_SIGNED_HEADERS`. */
  headerFieldNames: string;
}

/**
 * The header fields DKIM signs: nodemailer's own default list (nodemailer 10, `dist/cjs/dkim/sign.js`,
 * `defaultFieldNames`: RFC 4871 §5.5 plus OTP-Token), reproduced here because passing any list replaces it, and
 * `List-Unsubscribe-Post`, which that list lacks: RFC 8058 §4 (and Gmail) honour one-click unsubscribe only when
 * the signature covers both `List-Unsubscribe` and `List-Unsubscribe-Post`.
 */
export const DKIM_SIGNED_HEADERS = [
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:',
  'Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:',
  'Content-Description:Resent-Date:Resent-From:Resent-Sender:',
  'Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:',
  'List-Id:List-Help:List-Unsubscribe:List-Subscribe:List-Post:',
  'List-Owner:List-Archive:OTP-Token',
  ':List-Unsubscribe-Post',
].join('');

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
  return {
    domainName: DKIM_DOMAIN,
    keySelector: DKIM_SELECTOR,
    privateKey: DKIM_PRIVATE_KEY,
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}
