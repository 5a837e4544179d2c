import { describe, expect, it } from 'vitest';
import { FALLBACK_PASSWORD_POLICY } from '../reference/password-policy';
import { checkPasswordRules, meetsPasswordPolicy } from './password-rules';

const unmet = (password: string) =>
  checkPasswordRules(FALLBACK_PASSWORD_POLICY, password)
    .filter((r) => !r.met)
    .map((r) => r.rule);

describe('password rules', () => {
  it('accepts a password meeting every rule of the default policy', () => {
    expect(unmet('Kidney#2026')).toEqual([]);
    expect(meetsPasswordPolicy(FALLBACK_PASSWORD_POLICY, 'Riñón#2026')).toBe(true);
  });

  it('names each rule a password misses', () => {
    expect(unmet('Ab#1')).toEqual(['length']);
    expect(unmet('Abcdefgh#12345678')).toEqual(['length']);
    expect(unmet('kidney#2026')).toEqual(['upperCase']);
    expect(unmet('KIDNEY#2026')).toEqual(['lowerCase']);
    expect(unmet('Kidney#Study')).toEqual(['digit']);
    expect(unmet('Kidney2026')).toEqual(['special']);
    expect(unmet('Kidney #2026')).toEqual(['noWhitespace']);
  });

  it('follows the counts of the policy', () => {
    const policy = { ...FALLBACK_PASSWORD_POLICY, digitCharCount: 3, minLength: 10, maxLength: 20 };
    expect(meetsPasswordPolicy(policy, 'Kidney#2026')).toBe(true);
    expect(meetsPasswordPolicy(policy, 'Kidney#20xx')).toBe(false);
  });
});
