import { describe, expect, it } from 'vitest';
import { localChangeNotices, type ChangeNotices } from '../db/change-notices';
import { cachedUntilChanged } from './row-cache';

const immediateNotices = (): ChangeNotices => ({ ...localChangeNotices(), immediate: true });

/** A lookup that counts its calls and answers from `rows`, its reply held back until `gate` resolves. */
function countingLookup(rows: Map<string, string>) {
  const source = {
    calls: [] as string[],
    gate: Promise.resolve(),
    lookup: async (key: string, when: number) => {
      source.calls.push(`${key}@${when}`);
      const row = rows.get(key);
      await source.gate;
      return row;
    },
  };
  return source;
}

describe('cachedUntilChanged', () => {
  it('looks a found row up once, with the first call’s arguments, until the topic is announced', async () => {
    const changes = immediateNotices();
    const source = countingLookup(new Map([['a', 'row a']]));
    const find = cachedUntilChanged(source.lookup, changes, 'accounts');
    expect(await find('a', 1)).toBe('row a');
    expect(await find('a', 2)).toBe('row a');
    expect(source.calls).toEqual(['a@1']);

    await changes.announce('other');
    expect(await find('a', 3)).toBe('row a');
    await changes.announce('accounts');
    expect(await find('a', 4)).toBe('row a');
    expect(source.calls).toEqual(['a@1', 'a@4']);
  });

  it('never keeps a row that was not found', async () => {
    const source = countingLookup(new Map());
    const find = cachedUntilChanged(source.lookup, immediateNotices(), 'accounts');
    expect(await find('missing', 1)).toBeUndefined();
    expect(await find('missing', 2)).toBeUndefined();
    expect(source.calls).toEqual(['missing@1', 'missing@2']);
  });

  it('does not keep a row read by a lookup under way when the topic was announced', async () => {
    const changes = immediateNotices();
    const rows = new Map([['a', 'before']]);
    const source = countingLookup(rows);
    const find = cachedUntilChanged(source.lookup, changes, 'accounts');
    let open = () => {};
    source.gate = new Promise((resolve) => (open = resolve));
    const early = find('a', 1); // reads 'before', then waits
    rows.set('a', 'after');
    await changes.announce('accounts');
    open();
    expect(await early).toBe('before');
    source.gate = Promise.resolve();
    expect(await find('a', 2)).toBe('after');
    expect(source.calls).toEqual(['a@1', 'a@2']);
  });

  it('is the lookup itself when the notices are not immediate', async () => {
    const source = countingLookup(new Map([['a', 'row a']]));
    const find = cachedUntilChanged(source.lookup, localChangeNotices(), 'accounts');
    expect(find).toBe(source.lookup);
  });
});
