import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMORY_KEYS, memoryRequestLimits, type Counted, type RequestLimitStore } from './request-limit-store';

/** The count of one request, which the memory store gives in the same tick. */
function count(store: RequestLimitStore, key: string, timeWindow = 60_000): Counted {
  const counted = store.incr(key, timeWindow, 10);
  if (counted instanceof Promise) throw new Error('not counted in the same tick');
  return counted;
}

describe('memoryRequestLimits', () => {
  afterEach(() => vi.useRealTimers());

  it('numbers a key’s requests from its first one, for a window, and starts again after it', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00.000Z') });
    const store = memoryRequestLimits()('GET /x');
    expect(count(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
    vi.advanceTimersByTime(20_000);
    expect(count(store, 'a')).toEqual({ current: 2, ttl: 40_000 });
    expect(count(store, 'b')).toEqual({ current: 1, ttl: 60_000 });
    vi.advanceTimersByTime(40_000);
    expect(count(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps each route apart, and forgets the least recently seen key past its size', () => {
    const stores = memoryRequestLimits();
    const first = stores('GET /x');
    expect(count(first, 'kept').current).toBe(1);
    expect(count(stores('GET /y'), 'kept').current).toBe(1);
    expect(count(first, 'forgotten').current).toBe(1);
    expect(count(first, 'kept').current).toBe(2);
    for (let i = 1; i < MEMORY_KEYS; i++) count(first, `address ${i}`);
    expect(count(first, 'kept').current).toBe(3);
    expect(count(first, 'forgotten').current).toBe(1);
  });
});
