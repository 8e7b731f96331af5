import { useSyncExternalStore } from 'react';

/**
 * The "session ended" signal. The api client raises it on any 403; another part of the
 * product (or a test) raises it by writing the `sessionKill` key to localStorage.
 * The app shows the non-dismissable dialog while it is raised.
 */
export const SESSION_KILL_STORAGE_KEY = 'sessionKill';

const listeners = new Set<() => void>();
let ended = false;

export function notifySessionEnded(): void {
  if (ended) return;
  ended = true;
  for (const listener of listeners) listener();
}

/** Lowers the signal once the user has acknowledged the dialog. */
export function acknowledgeSessionEnded(): void {
  if (!ended) return;
  ended = false;
  for (const listener of listeners) listener();
}

export function isSessionEnded(): boolean {
  return ended;
}

export function subscribeSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribeSessionEnded, isSessionEnded, isSessionEnded);
}

/**
 * Raises the signal if the kill flag is set now or appears later. The `storage` event
 * only reports writes of other tabs, so a cheap check each second covers this tab too.
 */
export function watchSessionKillFlag(): () => void {
  const check = () => {
    if (localStorage.getItem(SESSION_KILL_STORAGE_KEY) !== null) notifySessionEnded();
  };
  check();
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KILL_STORAGE_KEY || event.key === null) check();
  };
  window.addEventListener('storage', onStorage);
  const timer = window.setInterval(check, 1000);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.clearInterval(timer);
  };
}
