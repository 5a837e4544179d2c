import { z } from 'zod';
import { envelope } from '../api/envelope';
import { LANGUAGES } from '../constants';
import { ZSettingVersion } from './setting-version';
import { call } from '../api/call';

export const GET_SETTING_SECURITY_POLICY_CONFIG = call('GET', '/setting/security-policy-config');

/**
 * Bounds of each number of the security policy. The lower bounds are the study's minima; the upper bounds
 * keep a value usable (a code people can type, a lockout that ends within a day).
 */
export const SECURITY_POLICY_LIMITS = {
  otpLength: { min: 4, max: 8 },
  otpExpiryInMin: { min: 5, max: 60 },
  minLength: { min: 8, max: 64 },
  maxLength: { min: 8, max: 128 },
  upperCaseCharCount: { min: 1, max: 10 },
  lowerCaseCharCount: { min: 1, max: 10 },
  digitCharCount: { min: 1, max: 10 },
  specialCharCount: { min: 1, max: 10 },
  resetPasswordAgainLimitInHrs: { min: 1, max: 720 },
  registrationTokenExpiryInDays: { min: 90, max: 365 },
  failedAttemptLimit: { min: 3, max: 20 },
  unlockAccountTimeInMin: { min: 5, max: 1440 },
  inactiveSessionTimeoutInMin: { min: 30, max: 720 },
} as const;
export type SecurityPolicyNumber = keyof typeof SECURITY_POLICY_LIMITS;

/** The message key of each field's rule and of the rules between fields, each written out in full. */
export const SECURITY_POLICY_MESSAGES = {
  otpLength: 'error.securityPolicy.otpLength',
  otpExpiryInMin: 'error.securityPolicy.otpExpiryInMin',
  minLength: 'error.securityPolicy.minLength',
  maxLength: 'error.securityPolicy.maxLength',
  upperCaseCharCount: 'error.securityPolicy.upperCaseCharCount',
  lowerCaseCharCount: 'error.securityPolicy.lowerCaseCharCount',
  digitCharCount: 'error.securityPolicy.digitCharCount',
  specialCharCount: 'error.securityPolicy.specialCharCount',
  resetPasswordAgainLimitInHrs: 'error.securityPolicy.resetPasswordAgainLimitInHrs',
  registrationTokenExpiryInDays: 'error.securityPolicy.registrationTokenExpiryInDays',
  failedAttemptLimit: 'error.securityPolicy.failedAttemptLimit',
  unlockAccountTimeInMin: 'error.securityPolicy.unlockAccountTimeInMin',
  inactiveSessionTimeoutInMin: 'error.securityPolicy.inactiveSessionTimeoutInMin',
  minAboveMax: 'error.securityPolicy.minAboveMax',
  countsAboveMax: 'error.securityPolicy.countsAboveMax',
  switch: 'error.securityPolicy.switch',
} as const satisfies Record<SecurityPolicyNumber | 'minAboveMax' | 'countsAboveMax' | 'switch', string>;

const policyNumber = (field: SecurityPolicyNumber) =>
  z
    .number({ error: SECURITY_POLICY_MESSAGES[field] })
    .int(SECURITY_POLICY_MESSAGES[field])
    .min(SECURITY_POLICY_LIMITS[field].min, SECURITY_POLICY_MESSAGES[field])
    .max(SECURITY_POLICY_LIMITS[field].max, SECURITY_POLICY_MESSAGES[field]);

const policyFields = {
  otpLength: policyNumber('otpLength'),
  otpExpiryInMin: policyNumber('otpExpiryInMin'),
  otpEnabledForPatient: z.boolean({ error: SECURITY_POLICY_MESSAGES.switch }),
  otpRequiredBeforeICFSign: z.boolean({ error: SECURITY_POLICY_MESSAGES.switch }),
  minLength: policyNumber('minLength'),
  maxLength: policyNumber('maxLength'),
  upperCaseCharCount: policyNumber('upperCaseCharCount'),
  lowerCaseCharCount: policyNumber('lowerCaseCharCount'),
  digitCharCount: policyNumber('digitCharCount'),
  specialCharCount: policyNumber('specialCharCount'),
  resetPasswordAgainLimitInHrs: policyNumber('resetPasswordAgainLimitInHrs'),
  registrationTokenExpiryInDays: policyNumber('registrationTokenExpiryInDays'),
  failedAttemptLimit: policyNumber('failedAttemptLimit'),
  unlockAccountTimeInMin: policyNumber('unlockAccountTimeInMin'),
  inactiveSessionTimeoutInMin: policyNumber('inactiveSessionTimeoutInMin'),
};

/** The security policy's values, under the field names the web app and the API use. */
export const ZSecurityPolicyValues = z.object(policyFields);
export type TSecurityPolicyValues = z.infer<typeof ZSecurityPolicyValues>;

/**
 * The rules between fields: the minimum length not above the maximum, and the required upper-case,
 * lower-case, digit and special characters together not above the maximum length.
 */
export const ZSecurityPolicyRules = ZSecurityPolicyValues.superRefine((v, context) => {
  if (v.minLength > v.maxLength) {
    context.addIssue({ code: 'custom', path: ['minLength'], message: SECURITY_POLICY_MESSAGES.minAboveMax });
    context.addIssue({ code: 'custom', path: ['maxLength'], message: SECURITY_POLICY_MESSAGES.minAboveMax });
  }
  if (v.upperCaseCharCount + v.lowerCaseCharCount + v.digitCharCount + v.specialCharCount > v.maxLength) {
    context.addIssue({ code: 'custom', path: ['specialCharCount'], message: SECURITY_POLICY_MESSAGES.countsAboveMax });
  }
});

/** Each field's rule in each language: `errorMessages` keyed by language. */
export const ZSecurityPolicyErrorMessages = z.record(z.enum(LANGUAGES), z.record(z.string(), z.string()));

export const PUT_SETTING_SECURITY_POLICY_CONFIG = call('PUT', '/setting/security-policy-config');

/** `GET` and `PUT /setting/security-policy-config` reply. */
export const ZSecurityPolicy = ZSecurityPolicyValues.extend({
  errorMessages: ZSecurityPolicyErrorMessages,
  version: ZSettingVersion,
});
export type TSecurityPolicy = z.infer<typeof ZSecurityPolicy>;
export const ZSecurityPolicyReply = envelope(ZSecurityPolicy);

/** `PUT /setting/security-policy-config` body: every value, and the version the editor opened. */
export const ZSecurityPolicyUpdate = ZSecurityPolicyRules.and(z.object({ version: z.optional(ZSettingVersion) }));
export type TSecurityPolicyUpdate = z.infer<typeof ZSecurityPolicyUpdate>;
/** What the route accepts before the service checks it, so every refusal comes back per field. */
export const ZSecurityPolicyUpdateRequest = z.record(z.string(), z.unknown());
