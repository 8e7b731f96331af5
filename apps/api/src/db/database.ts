import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { PGliteDialect } from './pglite-dialect.js';
import { preparingPool } from './prepared-statements.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** A repository takes either the database or an open transaction. */
export type Executor = Db | Trx;

export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseEngine;
  /**
   * Upkeep the engine does not do by itself, run at start and then now and then: PGlite on
   * disk has no autovacuum, so without it counts never read index-only and statistics go
   * stale. Absent where nothing is needed (PostgreSQL; a throw-away in-memory PGlite).
   */
  maintain?: () => Promise<void>;
  /**
   * Where this process is the database's only writer (PGlite), a number that grows with
   * every statement that may change data: an answer read at one value may be reused while
   * the value is the same. Absent on PostgreSQL, which other processes write too.
   */
  dataVersion?: () => number;
  close(): Promise<void>;
}

const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

/**
 * Both engines return the same JavaScript types: bigint for int8 (money in minor units),
 * strings for numeric and for calendar dates (never a Date shifted by a time zone).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      types: {
        getTypeParser: ((oid: number, format?: string) => {
          if (oid === PG_TYPE.INT8) return (value: string) => BigInt(value);
          if (oid === PG_TYPE.NUMERIC || oid === PG_TYPE.DATE) return (value: string) => value;
          return pg.types.getTypeParser(oid, format as 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection dropped by the server must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', () => {});
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  const dataDir = inMemory ? undefined : resolve(options.dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: {
      [PG_TYPE.INT8]: (value: string) => BigInt(value),
      [PG_TYPE.NUMERIC]: (value: string) => value,
      [PG_TYPE.DATE]: (value: string) => value,
    },
  });
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    engine: 'pglite',
    dataVersion: () => dialect.dataVersion(),
    ...(inMemory ? {} : { maintain: async () => void (await sql`vacuum (analyze)`.execute(db)) }),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
