import { useSyncExternalStore } from 'react';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { z } from 'zod';
import type { TWebAuthnOptions, ZWebAuthnResponse } from '@portal/shared/staff/second-factor';

/** The browser's answer, sent to the server as the library gives it (JSON, base64url binary fields). */
type BrowserAnswer = z.input<typeof ZWebAuthnResponse>;
type WebAuthnLibrary = typeof import('@simplewebauthn/browser');

/**
 * The browser's passkey ceremony failed: cancelled, timed out, no matching passkey, or no WebAuthn at all. Shown as
 * `secondFactor.errors.passkeyFailed`, never as the browser's own English words.
 */
export class PasskeyCeremonyError extends Error {
  constructor(cause: unknown) {
    super('The passkey ceremony failed', { cause });
    this.name = 'PasskeyCeremonyError';
  }
}

/** The WebAuthn library loads when a ceremony starts, never with a page. */
async function ceremony(
  run: (library: WebAuthnLibrary) => Promise<AuthenticationResponseJSON | RegistrationResponseJSON>,
): Promise<BrowserAnswer> {
  const library = await import('@simplewebauthn/browser');
  try {
    return { ...(await run(library)) };
  } catch (error) {
    throw new PasskeyCeremonyError(error);
  }
}

/** Signs the server's challenge with one of the person's passkeys (sign-in, or step-up). */
export const assertPasskey = (options: TWebAuthnOptions) =>
  ceremony(({ startAuthentication }) =>
    startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  );

/** Creates a passkey on this device (or a phone, or a security key) for the server's options. */
export const createPasskey = (options: TWebAuthnOptions) =>
  ceremony(({ startRegistration }) =>
    startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );

/** What the library's own `browserSupportsWebAuthn()` checks, without loading it. */
const browserSupportsWebAuthn = () => typeof globalThis.PublicKeyCredential === 'function';
/** A browser's WebAuthn neither comes nor goes while the page is open: nothing to subscribe to. */
const unchanging = () => () => {};

/** Every browser the portal supports has passkeys: what a page pre-rendered at build time assumes. */
const assumedAtBuild = () => true;

/**
 * Whether this browser can use passkeys, known at once. A pre-rendered page (the login page) is built with passkeys
 * and so taken over as it is, with nothing moving; a browser without them drops the passkey button afterwards.
 */
export function useWebAuthnSupport(): boolean {
  return useSyncExternalStore(unchanging, browserSupportsWebAuthn, assumedAtBuild);
}
