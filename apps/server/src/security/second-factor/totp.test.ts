import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { appAddress, appCodeAt, isBase32Secret, matchingTimeStep, timeStepOf } from './totp';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII of "12345678901234567890"; codes of 8 digits. */
const RFC_SEED = Secret.fromLatin1('12345678901234567890');
const RFC_VECTORS: [seconds: number, utc: string, code: string][] = [
  [59, '1970-01-01T00:00:59Z', '94287082'],
  [1111111109, '2005-03-18T01:58:29Z', '07081804'],
  [1111111111, '2005-03-18T01:58:31Z', '14050471'],
  [1234567890, '2009-02-13T23:31:30Z', '89005924'],
  [2000000000, '2033-05-18T03:33:20Z', '69279037'],
  [20000000000, '2603-10-11T11:33:20Z', '65353130'],
];

describe('RFC 6238 time-based codes', () => {
  it.each(RFC_VECTORS)('at %i s (%s) the SHA-1 code is %s', (seconds, utc, code) => {
    expect(new Date(utc).getTime()).toBe(seconds * 1000);
    expect(appCodeAt(RFC_SEED, timeStepOf(new Date(utc)), 8)).toBe(code);
  });

  it('counts 30-second steps from the epoch', () => {
    expect(timeStepOf(new Date('1970-01-01T00:00:29.999Z'))).toBe(0);
    expect(timeStepOf(new Date('1970-01-01T00:00:30Z'))).toBe(1);
    expect(timeStepOf(new Date('2005-03-18T01:58:29Z'))).toBe(37037036);
  });

  it('gives six digits: the last six of the RFC code at 59 s', () => {
    expect(appCodeAt(RFC_SEED, 1)).toBe('287082');
  });

  it('accepts the step before and after, and not two away', () => {
    const secret = RFC_SEED.base32;
    const now = new Date('2005-03-18T01:58:31Z'); // step 37037037
    expect(matchingTimeStep(secret, '081804', now)).toBe(37037036);
    expect(matchingTimeStep(secret, '050471', now)).toBe(37037037);
    expect(matchingTimeStep(secret, appCodeAt(secret, 37037038), now)).toBe(37037038);
    expect(matchingTimeStep(secret, appCodeAt(secret, 37037039), now)).toBeUndefined();
    expect(matchingTimeStep(secret, appCodeAt(secret, 37037035), now)).toBeUndefined();
    expect(matchingTimeStep(secret, '000000', now)).toBeUndefined();
  });

  it('checks base32 secrets and their length', () => {
    expect(isBase32Secret('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 160)).toBe(true);
    expect(isBase32Secret('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ', 160)).toBe(false);
    expect(isBase32Secret('not base32!', 160)).toBe(false);
  });

  it('writes the otpauth address apps read', () => {
    expect(appAddress('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 'Kidney Study', 'ana@example.org')).toBe(
      'otpauth://totp/Kidney%20Study:ana%40example.org?issuer=Kidney%20Study&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA1&digits=6&period=30',
    );
  });
});
