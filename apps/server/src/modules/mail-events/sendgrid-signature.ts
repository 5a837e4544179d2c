import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { unescapedPem } from '../../providers/mail/dkim';

/** How far a SendGrid timestamp may be from now: a request signed longer ago is a replay. */
export const SENDGRID_TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

/**
 * SendGrid's Event Webhook verification key as SendGrid shows it (base64 of the DER SubjectPublicKeyInfo of an
 * ECDSA P-256 key), or the same key as a PEM; throws when it is neither.
 */
export function sendgridPublicKey(text: string): KeyObject {
  const key = text.includes('-----BEGIN')
    ? createPublicKey(unescapedPem(text))
    : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('not an ECDSA P-256 public key');
  return key;
}

/** Whether the text reads as SendGrid's verification key. */
export function isSendgridPublicKey(text: string): boolean {
  try {
    sendgridPublicKey(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `signature` (base64 of a DER ECDSA signature, header X-Twilio-Email-Event-Webhook-Signature) signs the
 * timestamp (header X-Twilio-Email-Event-Webhook-Timestamp) followed by the body's bytes exactly as received, with
 * SHA-256.
 */
export function sendgridSignatureValid(key: KeyObject, signature: string, timestamp: string, body: Buffer): boolean {
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length === 0) return false;
  try {
    return verify('sha256', Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), { key, dsaEncoding: 'der' }, bytes);
  } catch {
    return false;
  }
}
