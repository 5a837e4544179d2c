import { describe, expect, it } from 'vitest';
import { describeUserAgent, ipPrefixOf } from './session-device';

describe('where a session was opened', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Windows',
      'Chrome',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Windows',
      'Edge',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'iPhone',
      'Safari',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Mac', 'Firefox'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Android',
      'Chrome',
    ],
    ['curl/8.5.0', null, null],
  ])('%s is %s, %s', (agent, device, browser) => {
    expect(describeUserAgent(agent)).toEqual({ device, browser });
  });

  it('knows nothing of a missing user agent', () => {
    expect(describeUserAgent(null)).toEqual({ device: null, browser: null });
  });

  it.each([
    ['203.0.113.7', '203.0.113.x'],
    ['::ffff:198.51.100.23', '198.51.100.x'],
    ['127.0.0.1', '127.0.0.x'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3::/48'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0::/48'],
    ['::1', '0:0:0::/48'],
    ['not an address', null],
  ])('the address %s is shown as %s', (ip, prefix) => {
    expect(ipPrefixOf(ip)).toBe(prefix);
  });
});
