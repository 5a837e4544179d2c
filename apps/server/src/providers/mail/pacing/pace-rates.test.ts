import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../env';
import { DEFAULT_PACE_RATES, parsePaceRates, rateOf } from './pace-rates';

describe('MAIL_PACE_PER_MINUTE', () => {
  it('defaults to 60 a minute for Microsoft and Yahoo, 300 for Google and 600 for each other domain', () => {
    const rates = readEnv({}).MAIL_PACE_PER_MINUTE;
    expect(rates).toEqual(DEFAULT_PACE_RATES);
    expect(['microsoft', 'yahoo', 'google', 'example.org', 'toString'].map((key) => rateOf(rates, key))).toEqual([
      60, 60, 300, 600, 600,
    ]);
  });

  it('takes keys and numbers, keeping the defaults of the keys left out', () => {
    expect(parsePaceRates(' microsoft=30 , Clinic.Example.org=20,*=1000,')).toEqual({
      perKey: { microsoft: 30, yahoo: 60, google: 300, 'clinic.example.org': 20 },
      other: 1000,
    });
    expect(readEnv({ MAIL_PACE_PER_MINUTE: 'yahoo=45' }).MAIL_PACE_PER_MINUTE).toEqual({
      perKey: { microsoft: 60, yahoo: 45, google: 300 },
      other: 600,
    });
  });

  it('refuses anything else at start, naming the variable and what is wrong', () => {
    const problem = (value: string) => {
      try {
        readEnv({ MAIL_PACE_PER_MINUTE: value });
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problem('microsoft:60')).toBe(
      'Invalid configuration:\n  MAIL_PACE_PER_MINUTE: "microsoft:60" must be a key and a number such as microsoft=60',
    );
    expect(problem('microsoft=0')).toBe(
      'Invalid configuration:\n  MAIL_PACE_PER_MINUTE: "microsoft=0": the number must be from 1 to 100000 a minute',
    );
    expect(problem('microsoft=1.5')).toContain('"microsoft=1.5" must be a key and a number such as microsoft=60');
    expect(problem('yahoo=60,YAHOO=30')).toContain('MAIL_PACE_PER_MINUTE: "yahoo" is given twice');
    expect(problem('hotmail.com=30')).toContain(
      'MAIL_PACE_PER_MINUTE: "hotmail.com" is paced as microsoft: set microsoft=30 instead',
    );
    expect(problem('apple=30')).toContain(
      'MAIL_PACE_PER_MINUTE: "apple" must be microsoft, yahoo, google, a domain such as example.org, or *',
    );
  });
});
