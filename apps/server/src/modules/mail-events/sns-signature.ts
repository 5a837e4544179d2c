import { verify, X509Certificate, type KeyObject } from 'node:crypto';

/** How old an SNS message may be: one signed longer ago is a replay. */
export const SNS_MAX_AGE_MS = 60 * 60_000;

/** An SNS message as it is posted: the JSON fields Amazon signs, and the signature. */
export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Subject?: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  SubscribeURL?: string;
  Token?: string;
}

/** The fields signed, in Amazon's documented order, per message type (Subject only when it is present). */
const SIGNED_FIELDS: Record<string, (keyof SnsMessage)[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};
export const SNS_TYPES = Object.keys(SIGNED_FIELDS);

/** The string Amazon signs: each present field's name and value, each on a line of its own. */
export function snsStringToSign(message: SnsMessage): string {
  const fields = SIGNED_FIELDS[message.Type];
  if (!fields) throw new Error('unknown SNS message type');
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('');
}

/**
 * An SNS endpoint of a region: `sns.<region>.amazonaws.com`, or `sns.cn-<…>.amazonaws.com.cn` in China. A region
 * is shaped `us-east-1`, `us-gov-west-1`, `cn-north-1`: other Amazon hosts (`sns.s3.amazonaws.com`) are refused.
 */
const SNS_HOST =
  /^sns\.(?:(?!cn-)[a-z]{2}(?:-gov)?-[a-z]+-\d{1,2}\.amazonaws\.com|cn-[a-z]+-\d{1,2}\.amazonaws\.com\.cn)$/;

/** The URL the text reads as; undefined when it is none. */
const urlOf = (text: string | undefined) => {
  try {
    return text ? new URL(text) : undefined;
  } catch {
    return undefined;
  }
};

/** Whether the URL is https on an SNS host (no port, no credentials), where certificates and links may be. */
export function isSnsUrl(text: string | undefined, pathPattern?: RegExp): boolean {
  const url = urlOf(text);
  return (
    !!url &&
    url.protocol === 'https:' &&
    SNS_HOST.test(url.hostname) &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    (!pathPattern || pathPattern.test(url.pathname))
  );
}

/**
 * A signing certificate's URL is an SNS host's `.pem`, written exactly as its origin and path: no query string,
 * no fragment, no port (not even `:443`), no credentials, nothing the URL parser would rewrite.
 */
export function isSigningCertUrl(text: string): boolean {
  const url = urlOf(text);
  return !!url && isSnsUrl(text, /\.pem$/) && text === url.origin + url.pathname;
}

/**
 * Whether the message is signed by the certificate's key: SignatureVersion 1 is SHA1withRSA, 2 SHA256withRSA,
 * over `snsStringToSign`.
 */
export function snsSignatureValid(message: SnsMessage, key: KeyObject): boolean {
  const algorithm = message.SignatureVersion === '1' ? 'sha1' : message.SignatureVersion === '2' ? 'sha256' : '';
  const signature = Buffer.from(message.Signature, 'base64');
  if (!algorithm || signature.length === 0) return false;
  try {
    return verify(algorithm, Buffer.from(snsStringToSign(message), 'utf8'), key, signature);
  } catch {
    return false;
  }
}

/** Reads a URL's body as text; the server's uses fetch, tests give their own. */
export type FetchText = (url: string) => Promise<string>;

const FETCH_TIMEOUT_MS = 5_000;
const CERTIFICATES_KEPT = 20;

/** GETs a URL with a short timeout, refusing redirects (an SNS host answers directly) and an error status. */
export const fetchText: FetchText = async (url) => {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`GET answered ${response.status}`);
  return response.text();
};

/**
 * The public keys of SNS signing certificates by origin and path (a URL `isSigningCertUrl` took), each fetched once
 * and kept (a few at a time: Amazon rotates them rarely). A certificate outside its validity at `now` is refused;
 * a fetch that failed is tried again next time.
 */
export function snsCertificates(fetch: FetchText) {
  const kept = new Map<string, Promise<X509Certificate>>();
  return async (text: string, now: Date): Promise<KeyObject> => {
    const parsed = new URL(text);
    const url = parsed.origin + parsed.pathname;
    let certificate = kept.get(url);
    if (!certificate) {
      certificate = fetch(url).then((pem) => new X509Certificate(pem));
      if (kept.size >= CERTIFICATES_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(url, certificate);
      certificate.catch(() => kept.delete(url));
    }
    const read = await certificate;
    if (now < new Date(read.validFrom) || now > new Date(read.validTo)) throw new Error('certificate out of validity');
    return read.publicKey;
  };
}
