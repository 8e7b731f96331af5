import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCountdownUrgent, quoteDeadline, secondsUntil, useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-04T15:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

function tick(seconds: number) {
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

describe('useCountdown', () => {
  it('counts down from 59 each second, calls onZero at zero and starts again', () => {
    const onZero = vi.fn();
    const { result } = renderHook(() => useCountdown({ onZero }));
    expect(result.current).toBe(59);
    tick(1);
    expect(result.current).toBe(58);
    tick(28);
    expect(result.current).toBe(30);
    tick(29);
    expect(result.current).toBe(1);
    expect(onZero).not.toHaveBeenCalled();
    tick(1);
    expect(onZero).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(59);
    tick(59);
    expect(onZero).toHaveBeenCalledTimes(2);
  });

  it('restarts when the reset key changes', () => {
    const onZero = vi.fn();
    const { result, rerender } = renderHook(({ key }) => useCountdown({ onZero, resetKey: key }), {
      initialProps: { key: 'quote-1' },
    });
    tick(20);
    expect(result.current).toBe(39);
    rerender({ key: 'quote-2' });
    expect(result.current).toBe(59);
    tick(1);
    expect(result.current).toBe(58);
    expect(onZero).not.toHaveBeenCalled();
  });

  it('ends the first round at the deadline when that is sooner', () => {
    const onZero = vi.fn();
    const deadline = Date.now() + 10_000;
    const { result } = renderHook(() => useCountdown({ onZero, deadline }));
    expect(result.current).toBe(10);
    tick(10);
    expect(onZero).toHaveBeenCalledTimes(1);
    // The next round is a full one.
    expect(result.current).toBe(59);
  });

  it('reaches zero after a jump of the clock, even when only one tick fires', () => {
    const onZero = vi.fn();
    const { result } = renderHook(() => useCountdown({ onZero }));
    act(() => {
      // What a throttled background tab (or a test clock's fastForward) does.
      vi.setSystemTime(Date.now() + 60_000);
      vi.advanceTimersToNextTimer();
    });
    expect(onZero).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(59);
  });

  it('holds still while not running and resumes where it stopped', () => {
    const onZero = vi.fn();
    const { result, rerender } = renderHook(({ running }) => useCountdown({ onZero, running }), {
      initialProps: { running: true },
    });
    tick(9);
    expect(result.current).toBe(50);
    rerender({ running: false });
    tick(120);
    expect(result.current).toBe(50);
    expect(onZero).not.toHaveBeenCalled();
    rerender({ running: true });
    tick(1);
    expect(result.current).toBe(49);
  });

  it('calls the latest onZero', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ onZero }) => useCountdown({ onZero, from: 3 }), {
      initialProps: { onZero: first },
    });
    rerender({ onZero: second });
    tick(3);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('countdown helpers', () => {
  it('is urgent (red) below 30 seconds', () => {
    expect(isCountdownUrgent(30)).toBe(false);
    expect(isCountdownUrgent(29)).toBe(true);
    expect(isCountdownUrgent(0)).toBe(true);
  });

  it('rounds the seconds left up and never goes below zero', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 1)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 50_000)).toBe(0);
  });

  it('counts a quote down 59 s from its fetch, or to a second before its expiry', () => {
    const fetchedAt = Date.parse('2026-05-04T15:00:00.000Z');
    expect(quoteDeadline(fetchedAt, '2026-05-04T15:01:00.000Z')).toBe(fetchedAt + 59_000);
    expect(quoteDeadline(fetchedAt, '2026-05-04T15:00:30.000Z')).toBe(fetchedAt + 29_000);
    expect(quoteDeadline(fetchedAt, undefined)).toBe(fetchedAt + 59_000);
    // A client clock minutes away from the server's: the expiry is ignored.
    expect(quoteDeadline(fetchedAt, '2026-05-04T14:50:00.000Z')).toBe(fetchedAt + 59_000);
    expect(quoteDeadline(fetchedAt, '2026-05-04T15:30:00.000Z')).toBe(fetchedAt + 59_000);
  });
});
