import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { PGliteDialect } from './pglite-dialect.js';
import { preparingPool } from './prepared-statements.js';
import { lockDataDir } from './data-dir-lock.js';

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
  /** PGlite only: the whole data directory as one uncompressed tar (a copy to start from). */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: the server's connection string (the job queue opens its own pool). */
  connectionString?: string;
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
  /** PGlite on disk: flush the WAL at every commit (default true; the durability script measures without). */
  walSync?: boolean;
  /** PGlite in memory: start from this data directory dump (`dumpDataDir`) instead of initdb. */
  loadDataDir?: Blob;
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
    // Nor may an error on a connection in use (a PgBouncer restart): its query fails instead.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    });
    return {
      db,
      engine: 'postgres',
      connectionString: options.databaseUrl,
      close: () => db.destroy(),
    };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  const dataDir = inMemory ? undefined : resolve(options.dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Two processes writing one PGlite directory lose data: the first holds it, others refuse.
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let pglite: PGlite;
  try {
    if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await initializeDataDir(dataDir);
    if (dataDir) refuseOtherMajor(dataDir);
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir && !dataDir ? { loadDataDir: options.loadDataDir } : {}),
      // The catalogue search needs these three; PostgreSQL ships them as contrib.
      extensions: { unaccent, pg_trgm, fuzzystrmatch },
      parsers: {
        [PG_TYPE.INT8]: (value: string) => BigInt(value),
        [PG_TYPE.NUMERIC]: (value: string) => value,
        [PG_TYPE.DATE]: (value: string) => value,
      },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const dialect = new PGliteDialect(
    pglite,
    dataDir && options.walSync !== false ? walSync(dataDir) : undefined,
  );
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    engine: 'pglite',
    dataVersion: () => dialect.dataVersion(),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    ...(inMemory ? {} : { maintain: async () => void (await sql`vacuum (analyze)`.execute(db)) }),
    close: async () => {
      try {
        await db.destroy();
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Creates a new PGlite database in `dataDir`, which holds the lock file already: PGlite only
 * initializes an empty directory, so it does so in a staging folder inside, whose files then
 * move up (a PostgreSQL data directory does not depend on its path).
 */
async function initializeDataDir(dataDir: string): Promise<void> {
  const staging = join(dataDir, `.initdb-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const fresh = await PGlite.create({ dataDir: staging });
  await fresh.close();
  for (const entry of readdirSync(staging)) renameSync(join(staging, entry), join(dataDir, entry));
  rmSync(staging, { recursive: true, force: true });
}

/** The PostgreSQL major version of the bundled PGlite (0.5: PostgreSQL 18). */
export const PGLITE_POSTGRES_MAJOR = '18';

/** A data directory of another PostgreSQL major (an older PGlite) cannot be opened: say so. */
function refuseOtherMajor(dataDir: string): void {
  const made = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();
  if (made !== PGLITE_POSTGRES_MAJOR) {
    throw new Error(
      `The data directory ${dataDir} was made by PostgreSQL ${made} (an older PGlite); this ` +
        `release embeds PostgreSQL ${PGLITE_POSTGRES_MAJOR}. Move the directory away to start ` +
        `afresh (the demo data loads again), or copy its data out with the previous release first.`,
    );
  }
}

/**
 * PGlite writes its files through Node but never flushes them (its fsync does nothing), so
 * an acknowledged commit could sit in the OS cache when the power goes. This flushes the
 * write-ahead log (the newest two segments: a commit may cross into a new one) with
 * fdatasync; commits arriving while one flush runs share the next.
 */
export function walSync(dataDir: string): () => Promise<void> {
  const walDir = join(dataDir, 'pg_wal');
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const flush = async () => {
    const segments = (await readdir(walDir)).filter((name) => /^[0-9A-F]{24}$/.test(name)).sort();
    for (const name of segments.slice(-2)) {
      const file = await open(join(walDir, name), 'r+');
      try {
        await file.datasync();
      } finally {
        await file.close();
      }
    }
  };
  return () => {
    if (!running) {
      running = flush().finally(() => (running = undefined));
      return running;
    }
    // A flush is under way and may have missed this commit: one more after it serves every
    // commit that arrives meanwhile.
    queued ??= running.then(() => {
      queued = undefined;
      running = flush().finally(() => (running = undefined));
      return running;
    });
    return queued;
  };
}
