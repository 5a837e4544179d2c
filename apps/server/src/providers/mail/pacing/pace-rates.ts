import { PROVIDER_PACE_KEYS } from '@portal/shared/email-analytics/email-backlog';
import { paceKeyOf } from './pace-key';

/**
 * How many bulk e-mails a minute may leave for each pace key, across every server process: `perKey` for the keys
 * named, `other` for each other key (every other domain on its own).
 */
export interface PaceRates {
  perKey: Readonly<Record<string, number>>;
  other: number;
}

/** Microsoft and Yahoo throttle new senders hardest; Google takes more; any other domain, 600 a minute. */
export const DEFAULT_PACE_RATES: PaceRates = { perKey: { microsoft: 60, yahoo: 60, google: 300 }, other: 600 };

/** The most a minute a key may be given: far beyond any provider's limit, it only catches a mistyped number. */
const MOST_PER_MINUTE = 100_000;

const DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** The rate of `key`: its own when named, else the rate of any other key. */
export function rateOf(rates: PaceRates, key: string): number {
  return Object.hasOwn(rates.perKey, key) ? rates.perKey[key]! : rates.other;
}

/**
 * Reads `microsoft=60,yahoo=60,*=600`: pace keys (microsoft, yahoo, google, or a domain) and `*` for any other
 * key, each with a whole number of e-mails a minute; a key left out keeps its default. Throws, saying what is
 * wrong, on anything else: a domain a provider's key already covers (hotmail.com is microsoft) is refused rather
 * than silently never used.
 */
export function parsePaceRates(text: string): PaceRates {
  const perKey: Record<string, number> = { ...DEFAULT_PACE_RATES.perKey };
  let other = DEFAULT_PACE_RATES.other;
  const seen = new Set<string>();
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = /^([^=\s]+)\s*=\s*(\d+)$/.exec(entry);
    if (!match) throw new Error(`"${entry}" must be a key and a number such as microsoft=60`);
    const key = match[1]!.toLowerCase();
    const perMinute = Number(match[2]);
    if (perMinute < 1 || perMinute > MOST_PER_MINUTE)
      throw new Error(`"${entry}": the number must be from 1 to ${MOST_PER_MINUTE} a minute`);
    if (seen.has(key)) throw new Error(`"${key}" is given twice`);
    seen.add(key);
    if (key === '*') {
      other = perMinute;
      continue;
    }
    const known = (PROVIDER_PACE_KEYS as readonly string[]).includes(key);
    if (!known && !DOMAIN.test(key))
      throw new Error(`"${key}" must be ${PROVIDER_PACE_KEYS.join(', ')}, a domain such as example.org, or *`);
    const covering = paceKeyOf(`x@${key}`);
    if (covering !== key) throw new Error(`"${key}" is paced as ${covering}: set ${covering}=${perMinute} instead`);
    perKey[key] = perMinute;
  }
  return { perKey, other };
}
