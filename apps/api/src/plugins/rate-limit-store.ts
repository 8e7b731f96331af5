import { sql } from 'kysely';
import type { Db } from '../db/database.js';

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in the database (`rate_limit_hits`), so a limit holds across
 * every replica instead of each allowing it: one upsert per request counts the hit in a
 * fixed window that starts with the first hit, on the database's clock.
 */
export function databaseRateLimitStore(db: Db, prefix = '') {
  return class DatabaseRateLimitStore {
    readonly prefix: string;

    constructor(options: { routeInfo?: { method?: string; url?: string } } = {}) {
      const route = options.routeInfo;
      this.prefix = route ? `${prefix}${route.method ?? ''} ${route.url ?? ''}|` : prefix;
    }

    incr(key: string, callback: Incr, timeWindow: number): void {
      const id = `${this.prefix}${key}`;
      sql<{ hits: number; ttl_ms: number }>`
        insert into rate_limit_hits as r (key, hits, expires_at)
          values (${id}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
          expires_at = case when r.expires_at <= now() then excluded.expires_at
            else r.expires_at end
        returning hits,
          greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl_ms`
        .execute(db)
        .then(
          ({ rows }) => {
            const row = rows[0];
            callback(null, { current: row?.hits ?? 1, ttl: row?.ttl_ms ?? timeWindow });
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
