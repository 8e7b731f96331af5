import type { Principal } from './auth.service.js';

/** A resolved session as the cache keeps it. */
export interface CachedSession {
  principal: Principal;
  lastSeenAt: Date;
  /** The session's absolute deadline. */
  expiresAt: Date;
  /** When the session was read from the database (the app's clock). */
  readAt: Date;
}

/** Past this many entries the cache is emptied: it only saves reads. */
const MAX_ENTRIES = 10_000;

/**
 * Sessions resolved from the database in the last `ttlMs` (token hash → session), so a burst
 * of requests with one token costs one session read instead of one each. Everything this
 * process revokes or changes is forgotten at once (logout, password reset, a deactivated or
 * edited user); a change made elsewhere (another process, SQL) shows within `ttlMs`.
 * A `ttlMs` of 0 turns it off.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();

  constructor(private readonly ttlMs: number) {}

  /** The session read less than `ttlMs` ago, if any. */
  get(tokenHash: string, now: Date): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const age = now.getTime() - entry.readAt.getTime();
    if (age >= 0 && age < this.ttlMs) return entry;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, session: CachedSession): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, session);
  }

  forgetSession(sessionId: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.principal.sessionId === sessionId) this.entries.delete(key);
    }
  }

  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.principal.user.sUserId === userId) this.entries.delete(key);
    }
  }

  forgetEnterprise(enterpriseId: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.principal.enterpriseId === enterpriseId) this.entries.delete(key);
    }
  }
}
