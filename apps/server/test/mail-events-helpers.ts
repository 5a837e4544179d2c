import { createPrivateKey, generateKeyPairSync, sign, webcrypto, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { TestApp } from './helpers';

export const SENDGRID_PATH = '/common-server/mail-events/sendgrid';
export const SES_PATH = '/common-server/mail-events/ses';
export const SUPPRESSIONS = '/email-analytics/suppressions';
export const liftPath = (id: string) => `${SUPPRESSIONS}/${id}/lift`;

/** A SendGrid verification key pair (ECDSA P-256), its public half as SendGrid shows it: base64 of the DER SPKI. */
export function sendgridKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return { privateKey, publicBase64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') };
}

/** The headers SendGrid sends with a body: the signature of the timestamp followed by the body's bytes. */
export function sendgridHeaders(privateKey: KeyObject, body: string, timestamp: number) {
  const signed = Buffer.concat([Buffer.from(String(timestamp)), Buffer.from(body)]);
  return {
    'content-type': 'application/json',
    'x-twilio-email-event-webhook-timestamp': String(timestamp),
    'x-twilio-email-event-webhook-signature': sign('sha256', signed, privateKey).toString('base64'),
  };
}

/** An RSA key and a self-signed certificate of it, made for the test, as SNS signs with. */
export async function snsSigner(validity: { from: string; to: string }) {
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: '01',
      name: 'CN=sns.amazonaws.com',
      notBefore: new Date(validity.from),
      notAfter: new Date(validity.to),
      signingAlgorithm: algorithm,
      keys,
    },
    webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[1],
  );
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return {
    privateKey: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
    certificatePem: certificate.toString('pem'),
  };
}

export type SnsFields = Record<string, string>;

/** The fields SNS signs, in its documented order, per type. */
const SIGNED = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
} as Record<string, string[]>;

/** An SNS message signed with `key` (SignatureVersion 1: SHA1withRSA; 2: SHA256withRSA), written out literally. */
export function signedSns(key: KeyObject, fields: SnsFields, version: '1' | '2' = '2') {
  const text = (SIGNED[fields.Type!] ?? SIGNED.Notification!)
    .filter((name) => fields[name] !== undefined)
    .map((name) => `${name}\n${fields[name]}\n`)
    .join('');
  const signature = sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(text), key).toString('base64');
  return JSON.stringify({ ...fields, SignatureVersion: version, Signature: signature });
}

/** A GET of outside URLs that answers from a table and records what was asked. */
export function fakeFetch(pages: Record<string, string>) {
  const asked: string[] = [];
  const fetchText = async (url: string) => {
    asked.push(url);
    const page = pages[url];
    if (page === undefined) throw new Error('not found');
    return page;
  };
  return { asked, fetchText, pages };
}

/** Posts a body to a webhook as the provider does. */
export const postEvents = (t: TestApp, url: string, payload: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers });
