import { z } from 'zod';
import { call } from '../api/call';
import { envelope } from '../api/envelope';
import { ZAccessTokenResponse } from '../auth/token-pair';

/**
 * Staff members' second factors: an authenticator app (RFC 6238 time-based codes) or a passkey (WebAuthn), never
 * e-mail, and ten one-use recovery codes. The rules' numbers are stated once, here.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is still accepted (clock drift). */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A dangerous action goes through without asking again when the second factor was given this recently. */
export const STEP_UP_MINUTES = 5;
/** How long the password step of a staff sign-in waits for the second factor, or for enrolment. */
export const STAFF_SIGN_IN_MINUTES = 15;
export const FACTOR_NAME_MAX = 64;

export const FACTOR_KINDS = ['app', 'passkey'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

/** A recovery code as shown: three groups of four lower-case letters and digits (`abcd-efgh-jkmn`). */
export const RECOVERY_CODE_PATTERN = /^[0-9a-z]{4}-?[0-9a-z]{4}-?[0-9a-z]{4}$/i;
/** An app code: six digits. */
export const APP_CODE_PATTERN = /^\d{6}$/;

/** Message keys of the second factor's screens and refusals (en.json / sp.json). */
export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'secondFactor.errors.codeRequired',
  codeInvalid: 'secondFactor.errors.codeInvalid',
  nameTooLong: 'secondFactor.errors.nameTooLong',
  lastFactor: 'secondFactor.errors.lastFactor',
  factorNotFound: 'secondFactor.errors.factorNotFound',
  nothingToReset: 'secondFactor.errors.nothingToReset',
  ownFactors: 'secondFactor.errors.ownFactors',
  sessionNotFound: 'secondFactor.errors.sessionNotFound',
  passkeyFailed: 'secondFactor.errors.passkeyFailed',
  enrolmentExpired: 'secondFactor.errors.enrolmentExpired',
  enrolmentDone: 'secondFactor.errors.enrolmentDone',
  stepUpRequired: 'secondFactor.errors.stepUpRequired',
  factorAdded: 'secondFactor.messages.factorAdded',
  factorRemoved: 'secondFactor.messages.factorRemoved',
  recoveryCodesMade: 'secondFactor.messages.recoveryCodesMade',
  sessionEnded: 'secondFactor.messages.sessionEnded',
  otherSessionsEnded: 'secondFactor.messages.otherSessionsEnded',
  factorsReset: 'secondFactor.messages.factorsReset',
  confirmed: 'secondFactor.messages.confirmed',
} as const;
const M = SECOND_FACTOR_MESSAGES;

/** The answer's code when a dangerous action needs the second factor again (403). */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
export const ZStepUpRefusal = z.object({
  errorCode: z.literal(STEP_UP_REQUIRED),
  factors: z.array(z.enum(FACTOR_KINDS)),
});

/** An app code or a recovery code, as typed (spaces ignored). */
export const ZFactorCode = z
  .string({ error: M.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, M.codeRequired)
      .refine((code) => APP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), M.codeInvalid),
  );
/** An app code only (enrolling an app proves it with its first code). */
export const ZAppCode = z
  .string({ error: M.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, M.codeRequired).regex(APP_CODE_PATTERN, M.codeInvalid));

const ZFactorName = z.string().trim().max(FACTOR_NAME_MAX, M.nameTooLong);

/**
 * A WebAuthn ceremony's browser answer, as `@simplewebauthn/browser` gives it (JSON, base64url binary fields). The
 * server's WebAuthn library checks it whole; here only its shape as an object with an id is asked.
 */
export const ZWebAuthnResponse = z.looseObject({ id: z.string().min(1).max(1024), type: z.literal('public-key') });
/** WebAuthn options as `@simplewebauthn/server` makes them, handed to the browser library unchanged. */
export const ZWebAuthnOptions = z.looseObject({ challenge: z.string() });
export type TWebAuthnOptions = z.infer<typeof ZWebAuthnOptions>;

// ——— Signing in ———

/** After the password: the enrolment the account still needs, or the factors it can sign in with. */
export const ZStaffSignInStep = z.object({
  /** The factors the person has; empty when they must enrol one first (`enrolmentRequired`). */
  secondFactors: z.array(z.enum(FACTOR_KINDS)).optional(),
  enrolmentRequired: z.boolean().optional(),
});

/** Passkey sign-in without the password (discoverable credentials): options, then the browser's answer. */
export const POST_LOGIN_PASSKEY_OPTIONS = call('POST', '/login/passkey/options');
export const POST_LOGIN_PASSKEY = call('POST', '/login/passkey');
/** The passkey step after the password (the login attempt's cookie says whose): options for their passkeys. */
export const POST_LOGIN_PASSKEY_STEP_OPTIONS = call('POST', '/login/passkey/step-options');
export const ZPasskeyOptionsReply = envelope(ZWebAuthnOptions);
export const ZPasskeySignInRequest = z.object({ response: ZWebAuthnResponse });

// ——— Enrolment (after the invitation's password, or a sign-in of an account without a factor) ———

/** The login attempt's cookie says whose enrolment it is; each call answers 401 once the attempt has expired. */
export const POST_ENROLMENT_APP = call('POST', '/login/enrolment/app');
export const POST_ENROLMENT_APP_CONFIRM = call('POST', '/login/enrolment/app/confirm');
export const POST_ENROLMENT_PASSKEY_OPTIONS = call('POST', '/login/enrolment/passkey/options');
export const POST_ENROLMENT_PASSKEY = call('POST', '/login/enrolment/passkey');

/** A new authenticator app's secret: the QR code's `otpauth://` address, and the base32 text to type instead. */
export const ZNewAppSecret = z.object({ factorId: z.uuid(), secret: z.string(), otpauthUri: z.string() });
export const ZNewAppSecretReply = envelope(ZNewAppSecret);
export const ZConfirmAppRequest = z.object({ factorId: z.uuid(), otp: ZAppCode, name: ZFactorName.optional() });
export const ZAddPasskeyRequest = z.object({ response: ZWebAuthnResponse, name: ZFactorName.optional() });

/** Enrolment done: the recovery codes, shown once, and the session it opens. */
export const ZEnrolled = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
  accessTokenResponse: ZAccessTokenResponse,
});
export const ZEnrolledReply = envelope(ZEnrolled);

// ——— Your security (a signed-in staff member's own account) ———

export const GET_MY_SECURITY = call('GET', '/staff-security');
export const POST_MY_APP = call('POST', '/staff-security/app');
export const POST_MY_APP_CONFIRM = call('POST', '/staff-security/app/confirm');
export const POST_MY_PASSKEY_OPTIONS = call('POST', '/staff-security/passkeys/options');
export const POST_MY_PASSKEY = call('POST', '/staff-security/passkeys');
export const DELETE_MY_FACTOR = call('DELETE', '/staff-security/factors/:id');
export const POST_MY_RECOVERY_CODES = call('POST', '/staff-security/recovery-codes');
export const DELETE_MY_SESSION = call('DELETE', '/staff-security/sessions/:id');
export const POST_END_OTHER_SESSIONS = call('POST', '/staff-security/sessions/end-others');
/** Step-up: the second factor again, for this session (an app or recovery code, or a passkey). */
export const POST_STEP_UP = call('POST', '/staff-security/step-up');
export const POST_STEP_UP_PASSKEY_OPTIONS = call('POST', '/staff-security/step-up/passkey/options');
export const POST_STEP_UP_PASSKEY = call('POST', '/staff-security/step-up/passkey');
/** A study administrator resets another staff member's factors: they enrol again at their next sign-in. */
export const POST_STAFF_FACTORS_RESET = call('POST', '/staff/:id/factors/reset');

export const ZStepUpRequest = z.object({ otp: ZFactorCode });

export const ZFactor = z.object({
  id: z.uuid(),
  kind: z.enum(FACTOR_KINDS),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type TFactor = z.infer<typeof ZFactor>;

/** A session of the staff member: where and on what it was opened, and when it was last used. */
export const ZStaffSession = z.object({
  id: z.uuid(),
  current: z.boolean(),
  /** Operating system or device family and browser read from the browser's user agent; null when unknown. */
  device: z.string().nullable(),
  browser: z.string().nullable(),
  /** The first part of the address it came from (IPv4 /24, IPv6 /48), such as `203.0.113.x`. */
  ipPrefix: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type TStaffSession = z.infer<typeof ZStaffSession>;

export const ZMySecurity = z.object({
  factors: z.array(ZFactor),
  recoveryCodesLeft: z.int(),
  sessions: z.array(ZStaffSession),
});
export type TMySecurity = z.infer<typeof ZMySecurity>;
export const ZMySecurityReply = envelope(ZMySecurity);
/** A change's reply: its message in the reader's language (and, refused, the error code in `data`). */
export const ZSecurityMessageReply = envelope(z.unknown());
export const ZFactorIdParams = z.object({ id: z.uuid({ error: M.factorNotFound }) });
export const ZSessionIdParams = z.object({ id: z.uuid({ error: M.sessionNotFound }) });
export const ZRecoveryCodesReply = envelope(
  z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) }),
);
