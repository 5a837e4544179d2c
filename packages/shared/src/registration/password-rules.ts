import type { TPasswordPolicy } from '../reference/password-policy';

export type PasswordRule = 'length' | 'upperCase' | 'lowerCase' | 'digit' | 'special' | 'noWhitespace';

export interface PasswordRuleResult {
  rule: PasswordRule;
  met: boolean;
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/**
 * Each rule of the security policy and whether `password` meets it: shown as a live checklist under the
 * field and checked again by the server. "Special" is anything that is not a letter, digit or space.
 */
export function checkPasswordRules(policy: TPasswordPolicy, password: string): PasswordRuleResult[] {
  const length = [...password].length;
  return [
    { rule: 'length', met: length >= policy.minLength && length <= policy.maxLength },
    { rule: 'upperCase', met: count(password, /\p{Lu}/gu) >= policy.upperCaseCharCount },
    { rule: 'lowerCase', met: count(password, /\p{Ll}/gu) >= policy.lowerCaseCharCount },
    { rule: 'digit', met: count(password, /\p{Nd}/gu) >= policy.digitCharCount },
    { rule: 'special', met: count(password, /[^\p{L}\p{N}\s]/gu) >= policy.specialCharCount },
    { rule: 'noWhitespace', met: !/\s/u.test(password) },
  ];
}

export function meetsPasswordPolicy(policy: TPasswordPolicy, password: string): boolean {
  return checkPasswordRules(policy, password).every((r) => r.met);
}
