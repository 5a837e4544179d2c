import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './load-portal';

describe('nextTask', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves only after what the browser queued before it (a timer set first runs first)', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    setTimeout(() => order.push('queued before'), 0);
    const waited = nextTask().then(() => order.push('next task'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await vi.runAllTimersAsync();
    await waited;
    expect(order).toEqual(['queued before', 'next task']);
  });
});
