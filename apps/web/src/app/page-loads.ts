import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  pending += by;
  // Loads start while the router renders: the bar re-renders after that render, not during it.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

/** Counts a page's code as loading until the promise settles. */
export function trackPageLoad<T>(loading: Promise<T>): Promise<T> {
  changed(1);
  return loading.finally(() => changed(-1));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether some page's code is loading (a navigation waits for it). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
