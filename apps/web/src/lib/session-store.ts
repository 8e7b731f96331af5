import type { SessionUser } from '@app/domain';
import { useSyncExternalStore } from 'react';

/** The logged-in user's token and profile, kept in localStorage under `session`. */
export interface Session {
  token: string;
  user: SessionUser;
}

export const SESSION_STORAGE_KEY = 'session';

const listeners = new Set<() => void>();
let current: Session | null = readStoredSession();

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { token, user } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token === '') return false;
  if (typeof user !== 'object' || user === null) return false;
  const { sUserId, sFullName, sRole, isManager } = user as Record<string, unknown>;
  return (
    typeof sUserId === 'string' &&
    typeof sFullName === 'string' &&
    (sRole === 'customer' || sRole === 'vendor' || sRole === 'operator') &&
    typeof isManager === 'boolean'
  );
}

function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function publish(next: Session | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  publish(session);
}

/** Replaces the user data (after GET auth/me) and keeps the token. */
export function updateSessionUser(user: SessionUser): void {
  if (current) setSession({ token: current.token, user });
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  publish(null);
}

/** Re-reads localStorage, e.g. after another tab logged in or out. */
export function reloadSessionFromStorage(): void {
  publish(readStoredSession());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) reloadSessionFromStorage();
  });
}

/** Where a user lands after logging in: the finance dashboard, or the marketplace for vendors. */
export function homePathFor(user: SessionUser): string {
  if (user.sRole === 'operator') return '/operator';
  return user.sRole === 'vendor' ? '/home' : '/exchange';
}

/** The light check of a user object from the API (the full schemas live with the forms). */
export function isSessionUser(value: unknown): value is SessionUser {
  return isSession({ token: 'x', user: value });
}
