import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** The relying party: the portal's host name, and the origins a passkey ceremony may come from. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/**
 * The relying party of a public address. WebAuthn takes a domain name, never an IP address, so a portal addressed
 * by a loopback address (a computer's own, in development and tests) takes `localhost`, where browsers allow
 * passkeys without TLS: its passkeys work when the portal is opened at `http://localhost:<port>`.
 */
export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  const loopback = ['127.0.0.1', '[::1]'].includes(url.hostname);
  if (!loopback) return { id: url.hostname, name, origins: [url.origin] };
  const localhost = new URL(url.href);
  localhost.hostname = 'localhost';
  return { id: 'localhost', name, origins: [localhost.origin] };
}

/** A passkey as kept: its credential id (base64url), public key (COSE, base64url), counter and transports. */
export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[] | null;
}

/** Whether a challenge the browser signed is one handed out for this ceremony; using it spends it. */
export type ChallengeCheck = (challenge: string) => Promise<boolean>;

const asTransports = (transports: string[] | null) => (transports ?? []) as AuthenticatorTransport[];

/** A passkey's ceremonies, with user verification (the device's PIN or biometric) always required. */
export function webauthnCeremonies(rp: RelyingParty) {
  return {
    /** Options to create a discoverable passkey for a staff member, excluding the ones they already have. */
    registrationOptions(user: { id: string; email: string; name: string }, existing: StoredPasskey[]) {
      return generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userID: new TextEncoder().encode(user.id),
        userName: user.email,
        userDisplayName: user.name,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
    },

    /** The new passkey of a registration answer, or undefined when it does not verify. */
    async verifyRegistration(response: unknown, challengeIsOpen: ChallengeCheck): Promise<StoredPasskey | undefined> {
      try {
        const result = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challengeIsOpen,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
        if (!result.verified) return undefined;
        const { credential } = result.registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? null,
        };
      } catch {
        return undefined;
      }
    },

    /** Options to sign with a passkey: any of the site's (discoverable) when `allowed` is not given. */
    authenticationOptions(allowed?: StoredPasskey[]) {
      return generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        allowCredentials: allowed?.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
      });
    },

    /** The passkey's new signature counter when the answer verifies against it, else undefined. */
    async verifyAuthentication(
      response: unknown,
      passkey: StoredPasskey,
      challengeIsOpen: ChallengeCheck,
    ): Promise<number | undefined> {
      try {
        const result = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challengeIsOpen,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: Buffer.from(passkey.publicKey, 'base64url'),
            counter: passkey.signCount,
            transports: asTransports(passkey.transports),
          },
          requireUserVerification: true,
        });
        return result.verified ? result.authenticationInfo.newCounter : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
export type WebAuthnCeremonies = ReturnType<typeof webauthnCeremonies>;
