import { describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../providers/clock/clock';
import { ttlCache } from './ttl-cache';

describe('ttlCache', () => {
  it('loads once within the time to live and again after it', async () => {
    const clock = fixedClock('2026-01-01T00:00:00Z');
    const loader = vi.fn().mockResolvedValueOnce('a').mockResolvedValueOnce('b');
    const cache = ttlCache(loader, 1000, clock);
    expect(await cache.get()).toBe('a');
    clock.advance(999);
    expect(await cache.get()).toBe('a');
    clock.advance(1);
    expect(await cache.get()).toBe('b');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed load so the next call tries again', async () => {
    const clock = fixedClock('2026-01-01T00:00:00Z');
    const loader = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    const cache = ttlCache(loader, 1000, clock);
    await expect(cache.get()).rejects.toThrow('down');
    expect(await cache.get()).toBe('ok');
  });

  it('reloads after invalidate', async () => {
    const clock = fixedClock('2026-01-01T00:00:00Z');
    const loader = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    const cache = ttlCache(loader, 60_000, clock);
    await cache.get();
    cache.invalidate();
    expect(await cache.get()).toBe(2);
  });

  it('gives the loaded value at once while it is fresh, and nothing while it loads or once stale', async () => {
    const clock = fixedClock('2026-01-01T00:00:00Z');
    const cache = ttlCache(async () => 'a', 1000, clock);
    expect(cache.current()).toBeUndefined();
    const loading = cache.get();
    expect(cache.current()).toBeUndefined();
    await loading;
    expect(cache.current()).toBe('a');
    clock.advance(1000);
    expect(cache.current()).toBeUndefined();
    await cache.get();
    cache.invalidate();
    expect(cache.current()).toBeUndefined();
  });
});
