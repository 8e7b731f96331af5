import { useEffect, useRef, useState } from 'react';

/** The rate refresh countdown of the spec: 59 seconds, shown in red below 30. */
export const COUNTDOWN_SECONDS = 59;
export const COUNTDOWN_URGENT_BELOW = 30;

export function isCountdownUrgent(seconds: number): boolean {
  return seconds < COUNTDOWN_URGENT_BELOW;
}

/** Whole seconds left until `deadline` (epoch ms) at `now`, never below zero. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** How long a quote can be counted down: 59 s from its fetch, never past its expiry. */
export function quoteDeadline(fetchedAt: number, expiresAt: string | undefined): number {
  const full = fetchedAt + COUNTDOWN_SECONDS * 1000;
  const expiry = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt) - 1000;
  // A client clock far from the server's makes the expiry meaningless; then the fetch
  // time alone counts (the server reuses a quote for a few seconds at most).
  if (!Number.isFinite(expiry) || expiry <= fetchedAt || expiry > fetchedAt + 120_000) return full;
  return Math.min(full, expiry);
}

interface Cycle {
  deadline: number;
  resetKey: unknown;
  from: number;
  until: number | undefined;
}

function startCycle(now: number, from: number, resetKey: unknown, until?: number): Cycle {
  return { deadline: Math.min(now + from * 1000, until ?? Infinity), resetKey, from, until };
}

/**
 * A countdown from `from` seconds (59 by default) that ticks each second. At zero it calls
 * `onZero` and starts again from `from`; `resetKey` or `deadline` changing restarts it
 * (e.g. when a new quote arrives). With `deadline` (epoch ms) the first round ends there
 * if that is sooner, so a quote is never counted past its expiry.
 *
 * It reads the wall clock on each tick instead of counting ticks, so a throttled
 * background tab (or a test clock jumping forward) still reaches zero on time.
 * `running: false` holds it still; it resumes where it stopped.
 */
export function useCountdown(options: {
  from?: number;
  deadline?: number;
  onZero: () => void;
  resetKey?: unknown;
  running?: boolean;
}): number {
  const from = options.from ?? COUNTDOWN_SECONDS;
  const running = options.running ?? true;
  const { resetKey, deadline: until } = options;

  const [cycle, setCycle] = useState(() => startCycle(Date.now(), from, resetKey, until));
  const [now, setNow] = useState(() => Date.now());

  // A new key, length or deadline restarts the countdown in this very render.
  let current = cycle;
  if (!Object.is(cycle.resetKey, resetKey) || cycle.from !== from || cycle.until !== until) {
    const restartedAt = Date.now();
    current = startCycle(restartedAt, from, resetKey, until);
    setCycle(current);
    setNow(restartedAt);
  }

  const onZero = useRef(options.onZero);
  useEffect(() => {
    onZero.current = options.onZero;
  });

  // Holding still: the time spent paused is added to the deadline on resume.
  const pausedAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!running) {
      pausedAt.current = Date.now();
      return;
    }
    const since = pausedAt.current;
    if (since === undefined) return;
    pausedAt.current = undefined;
    const resumedAt = Date.now();
    setCycle((previous) => ({ ...previous, deadline: previous.deadline + (resumedAt - since) }));
    setNow(resumedAt);
  }, [running]);

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running, current.deadline]);

  const seconds = secondsUntil(current.deadline, now);

  useEffect(() => {
    if (!running || seconds > 0) return;
    onZero.current();
    const restartedAt = Date.now();
    setCycle((previous) => ({ ...previous, deadline: restartedAt + previous.from * 1000 }));
    setNow(restartedAt);
  }, [running, seconds]);

  return seconds;
}
