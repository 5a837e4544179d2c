import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTimedMessage } from './use-timed-message';

afterEach(() => vi.useRealTimers());

describe('a message that clears itself', () => {
  // A success shows for 2 seconds, an upload error for 5.
  it.each([2000, 5000])('shows for %i ms, then clears', (ms) => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage<string>(ms));
    act(() => result.current[1]('saved'));
    expect(result.current[0]).toBe('saved');
    act(() => vi.advanceTimersByTime(ms - 1));
    expect(result.current[0]).toBe('saved');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBeUndefined();
  });

  it('restarts the time when a new message comes', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage<string>(2000));
    act(() => result.current[1]('first'));
    act(() => vi.advanceTimersByTime(1500));
    act(() => result.current[1]('second'));
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current[0]).toBe('second');
    act(() => vi.advanceTimersByTime(500));
    expect(result.current[0]).toBeUndefined();
  });
});
