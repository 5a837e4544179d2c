import { describe, expect, it } from 'vitest';
import { ifMatchVersion, isStale, loadedVersion } from './setting-version';

describe('isStale', () => {
  it('is stale only when a version was sent and differs from the stored one', () => {
    expect(isStale(undefined, 3)).toBe(false);
    expect(isStale(3, 3)).toBe(false);
    expect(isStale(2, 3)).toBe(true);
    expect(isStale(1, null)).toBe(true);
    expect(isStale('a1b2', 'a1b2')).toBe(false);
  });
});

describe('loadedVersion', () => {
  it('take the call’s own version first, else the If-Match entity tag', () => {
    expect(loadedVersion(4, '"3"')).toBe(4);
    expect(loadedVersion(undefined, undefined)).toBeUndefined();
    expect(loadedVersion(undefined, '"3"')).toBe(3);
    expect(loadedVersion(undefined, 'W/"3"')).toBe(3);
    expect(loadedVersion(undefined, '3')).toBe(3);
    expect(loadedVersion(undefined, '*')).toBeUndefined();
  });

  it('answer a tag that is no version as one that never matches', () => {
    expect(loadedVersion(undefined, '"abc"')).toBeNaN();
    expect(loadedVersion(undefined, '"1", "2"')).toBeNaN();
    expect(isStale(loadedVersion(undefined, '"0"'), 1)).toBe(true);
  });
});

describe('ifMatchVersion', () => {
  it('reads the version an If-Match header names, quoted, weak or bare; * and none name none', () => {
    expect(ifMatchVersion('"9f86d081884c7d65"')).toBe('9f86d081884c7d65');
    expect(ifMatchVersion('W/"9f86d081884c7d65"')).toBe('9f86d081884c7d65');
    expect(ifMatchVersion(' 9f86d081884c7d65 ')).toBe('9f86d081884c7d65');
    expect(ifMatchVersion('*')).toBeUndefined();
    expect(ifMatchVersion('')).toBeUndefined();
    expect(ifMatchVersion(undefined)).toBeUndefined();
  });
});
