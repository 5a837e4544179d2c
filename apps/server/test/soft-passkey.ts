import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests that call the API the way a browser with a passkey would: it answers
 * WebAuthn options with a P-256 key (ES256), user presence and verification set, and attestation `none`. It
 * follows the WebAuthn Level 2 formats (authenticator data, COSE key, CBOR attestation object) so the server's
 * WebAuthn library checks its answers as it checks a real device's.
 */
export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  /** The user handle the portal gave at registration; a discoverable sign-in returns it. */
  userHandle: string;
  signCount: number;
  /**
   * Whether it keeps a signature counter. One that does not (as many synced passkeys) always sends 0, so one
   * passkey may sign from several test processes at once.
   */
  counts: boolean;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function authenticatorData(rpId: string, flags: number, signCount: number, attested?: Buffer) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(signCount);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

/** The COSE_Key of a P-256 public key (kty EC2, alg ES256, crv P-256, x, y). */
function coseKey(privateKey: KeyObject) {
  const jwk = privateKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** Creates a passkey for registration options: the new credential, and the browser's answer to send. */
export function createSoftPasskey(options: CreationOptions, origin: string, counts = true) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey(privateKey)]);
  const authData = authenticatorData(options.rp.id!, UP | UV | AT, 0, attested);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  );
  const passkey: SoftPasskey = { credentialId, privateKey, userHandle: options.user.id, signCount: 0, counts };
  return {
    passkey,
    response: {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** Signs authentication options with a passkey (its counter, if it keeps one, goes up by one): the answer to send. */
export function signWithSoftPasskey(passkey: SoftPasskey, options: RequestOptions, origin: string) {
  if (passkey.counts) passkey.signCount += 1;
  const authData = authenticatorData(options.rpId!, UP | UV, passkey.signCount);
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
