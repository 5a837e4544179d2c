import { ipv6Groups } from '../../lib/ip-address';

/**
 * What a sessions list shows of where a session was opened: the device family and browser read from its user
 * agent, and the first part of its address (IPv4 /24, IPv6 /48), never the whole address.
 */

/** Families in the order they are tested: a more particular one before the one its user agent also names. */
const DEVICES: [pattern: RegExp, name: string][] = [
  [/iPad/, 'iPad'],
  [/iPhone/, 'iPhone'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];
const BROWSERS: [pattern: RegExp, name: string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const firstMatch = (list: [RegExp, string][], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null): { device: string | null; browser: string | null } {
  if (!userAgent) return { device: null, browser: null };
  return { device: firstMatch(DEVICES, userAgent), browser: firstMatch(BROWSERS, userAgent) };
}

/** `203.0.113.7` -> `203.0.113.x`; `2001:db8:85a3::8a2e:370:7334` -> `2001:db8:85a3::/48`; anything else null. */
export function ipPrefixOf(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 3).join(':')}::/48` : null;
}
