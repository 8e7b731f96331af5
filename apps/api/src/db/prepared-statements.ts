import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * How many prepared statements one connection keeps. The app's hot statements are a few
 * dozen; the rest (a list of ids of each length, rare screens) come and go. Each one holds a
 * plan in its server process, so the number is bounded: the least recently used is
 * deallocated to make room.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 200;

/** A statement's name: the same text gets the same name on every connection. */
export function statementName(text: string): string {
  return `k_${createHash('sha1').update(text).digest('hex')}`;
}

/** The part of node-postgres's connection that records what it has prepared. */
interface ParsedStatements {
  connection?: { parsedStatements?: Record<string, string> };
}

/**
 * A pg pool for Kysely whose clients prepare every statement that has parameters once per
 * connection, under a name made from its text, and then only bind and execute it. PostgreSQL
 * then plans it once (or reuses a generic plan) instead of at every call: the invoice list
 * plans in about 1.3 ms and runs in 0.3 ms. Statements without parameters (transaction
 * control, migrations with several statements) go as before.
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
  /** The names prepared on this connection, least recently used first. */
  private readonly prepared = new Map<string, true>();

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
    return this.queryPrepared<R>(sql, [...parameters]);
  }

  private async queryPrepared<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const name = statementName(text);
    if (this.prepared.has(name)) {
      this.prepared.delete(name);
    } else if (this.prepared.size >= this.capacity) {
      await this.evictLeastRecentlyUsed();
    }
    this.prepared.set(name, true);
    return this.client.query({ name, text, values }) as unknown as Promise<PostgresQueryResult<R>>;
  }

  private async evictLeastRecentlyUsed(): Promise<void> {
    const oldest = this.prepared.keys().next().value;
    if (oldest === undefined) return;
    const parsed = (this.client as unknown as ParsedStatements).connection?.parsedStatements;
    // A name whose parse failed was never prepared: there is nothing to deallocate.
    if (parsed?.[oldest] === undefined) {
      this.prepared.delete(oldest);
      return;
    }
    try {
      await this.client.query(`deallocate "${oldest}"`);
    } catch {
      // In an aborted transaction nothing runs; the statement stays prepared, and the
      // transaction's own next statement reports the abort.
      return;
    }
    delete parsed[oldest];
    this.prepared.delete(oldest);
  }

  release(): void {
    this.client.release();
  }
}
