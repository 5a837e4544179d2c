import { useEffect, useState } from 'react';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { z } from 'zod';
import type { TWebAuthnOptions, ZWebAuthnResponse } from '@portal/shared/staff/second-factor';

/** The WebAuthn library loads on demand, never with a public page's first load. */
const loadWebAuthn = () => import('@simplewebauthn/browser');

/** The browser's answer, sent to the server as the library gives it (JSON, base64url binary fields). */
type BrowserAnswer = z.input<typeof ZWebAuthnResponse>;

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

/** Signs the server's challenge with one of the person's passkeys (sign-in, or step-up). */
export async function assertPasskey(options: TWebAuthnOptions): Promise<BrowserAnswer> {
  const { startAuthentication } = await loadWebAuthn();
  try {
    return {
      ...(await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })),
    };
  } catch (error) {
    throw new PasskeyCeremonyError(error);
  }
}

/** Creates a passkey on this device (or a phone, or a security key) for the server's options. */
export async function createPasskey(options: TWebAuthnOptions): Promise<BrowserAnswer> {
  const { startRegistration } = await loadWebAuthn();
  try {
    return {
      ...(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })),
    };
  } catch (error) {
    throw new PasskeyCeremonyError(error);
  }
}

/**
 * Whether this browser can use passkeys: undefined until the library has loaded (it loads with the component, so a
 * passkey button pressed later starts at once), then true or false.
 */
export function useWebAuthnSupport(): boolean | undefined {
  const [supported, setSupported] = useState<boolean>();
  useEffect(() => {
    let current = true;
    loadWebAuthn().then(
      ({ browserSupportsWebAuthn }) => current && setSupported(browserSupportsWebAuthn()),
      () => current && setSupported(false),
    );
    return () => {
      current = false;
    };
  }, []);
  return supported;
}
