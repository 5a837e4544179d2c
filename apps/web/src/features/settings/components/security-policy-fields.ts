import type { SecurityPolicyNumber, TSecurityPolicyValues } from '@portal/shared/settings/security-policy';

type PolicySwitch = 'otpEnabledForPatient' | 'otpRequiredBeforeICFSign';

/** The policy's fields in the editor's sections, in order. */
export const POLICY_SECTIONS: { title: string; switches: PolicySwitch[]; numbers: SecurityPolicyNumber[] }[] = [
  {
    title: 'securityPolicyEditor.sections.loginCodes',
    switches: ['otpEnabledForPatient', 'otpRequiredBeforeICFSign'],
    numbers: ['otpLength', 'otpExpiryInMin'],
  },
  {
    title: 'securityPolicyEditor.sections.passwords',
    switches: [],
    numbers: [
      'minLength',
      'maxLength',
      'upperCaseCharCount',
      'lowerCaseCharCount',
      'digitCharCount',
      'specialCharCount',
      'resetPasswordAgainLimitInHrs',
    ],
  },
  {
    title: 'securityPolicyEditor.sections.accounts',
    switches: [],
    numbers: [
      'registrationTokenExpiryInDays',
      'failedAttemptLimit',
      'unlockAccountTimeInMin',
      'inactiveSessionTimeoutInMin',
    ],
  },
];

/** Each field's label, with the unit a number counts in. */
export const POLICY_LABELS: Record<keyof TSecurityPolicyValues, string> = {
  otpEnabledForPatient: 'securityPolicyEditor.fields.otpEnabledForPatient',
  otpRequiredBeforeICFSign: 'securityPolicyEditor.fields.otpRequiredBeforeICFSign',
  otpLength: 'securityPolicyEditor.fields.otpLength',
  otpExpiryInMin: 'securityPolicyEditor.fields.otpExpiryInMin',
  minLength: 'securityPolicyEditor.fields.minLength',
  maxLength: 'securityPolicyEditor.fields.maxLength',
  upperCaseCharCount: 'securityPolicyEditor.fields.upperCaseCharCount',
  lowerCaseCharCount: 'securityPolicyEditor.fields.lowerCaseCharCount',
  digitCharCount: 'securityPolicyEditor.fields.digitCharCount',
  specialCharCount: 'securityPolicyEditor.fields.specialCharCount',
  resetPasswordAgainLimitInHrs: 'securityPolicyEditor.fields.resetPasswordAgainLimitInHrs',
  registrationTokenExpiryInDays: 'securityPolicyEditor.fields.registrationTokenExpiryInDays',
  failedAttemptLimit: 'securityPolicyEditor.fields.failedAttemptLimit',
  unlockAccountTimeInMin: 'securityPolicyEditor.fields.unlockAccountTimeInMin',
  inactiveSessionTimeoutInMin: 'securityPolicyEditor.fields.inactiveSessionTimeoutInMin',
};

const COUNTS = ['upperCaseCharCount', 'lowerCaseCharCount', 'digitCharCount'] as const;

/**
 * The fields a change checks again, for the rules between fields: the minimum length against the maximum,
 * and the required characters together (their message under the special characters) against the maximum.
 */
export const POLICY_DEPENDENTS: Partial<Record<SecurityPolicyNumber, SecurityPolicyNumber[]>> = {
  minLength: ['maxLength'],
  maxLength: ['minLength', 'specialCharCount'],
  ...Object.fromEntries(COUNTS.map((count) => [count, ['specialCharCount']])),
};

/** Every field a server refusal may name. */
export const POLICY_FIELDS = Object.keys(POLICY_LABELS);
