import { useEffect, useRef, useState } from 'react';

/**
 * A countdown from `from` seconds that ticks each second. At zero it calls `onZero`
 * and starts again; `resetKey` changing restarts it (e.g. when a new quote arrives).
 */
export function useCountdown(options: {
  from?: number;
  onZero: () => void;
  resetKey?: unknown;
  running?: boolean;
}): number {
  const from = options.from ?? 59;
  const [seconds, setSeconds] = useState(from);
  const onZero = useRef(options.onZero);
  useEffect(() => {
    onZero.current = options.onZero;
  });
  useEffect(() => {
    setSeconds(from);
  }, [from, options.resetKey]);
  const running = options.running ?? true;
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => {
      setSeconds((current) => {
        if (current <= 1) {
          onZero.current();
          return from;
        }
        return current - 1;
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [from, running]);
  return seconds;
}
