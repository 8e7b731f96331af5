import type { PGlite } from '@electric-sql/pglite';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * A Kysely dialect for PGlite. PGlite is one connection, so the driver hands it out
 * under a process-wide mutex: a transaction holds it from BEGIN to COMMIT and every
 * other query waits its turn. Code inside a transaction must use the transaction
 * object, never the outer `db`, or it waits on itself.
 */
export class PGliteDialect implements Dialect {
  private readonly changes = new ChangeCounter();

  /**
   * `sync`, when given, makes a commit durable (the data directory's WAL flushed to disk);
   * it runs after every statement that commits a change (COMMIT, or a changing statement
   * outside a transaction), before the statement's answer is handed back.
   */
  constructor(
    private readonly pglite: PGlite,
    private readonly sync?: () => Promise<void>,
  ) {}

  /**
   * Grows with every statement that may change data: every statement but a plain SELECT
   * (BEGIN, COMMIT and ROLLBACK count too). PGlite's data dir belongs to this process
   * alone, so an answer read at one value is still true while the value stays the same.
   */
  dataVersion(): number {
    return this.changes.value;
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.changes, this.sync);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class ChangeCounter {
  value = 0;
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => held);
    await previous;
    return release;
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(pglite: PGlite, changes: ChangeCounter, sync?: () => Promise<void>) {
    this.connection = new PGliteConnection(pglite, changes, sync);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {}
}

class PGliteConnection implements DatabaseConnection {
  private inTransaction = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly changes: ChangeCounter,
    private readonly sync?: () => Promise<void>,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const command = compiledQuery.sql.trimStart().slice(0, 6).toLowerCase();
    let result;
    try {
      result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
        rowMode: 'object',
      });
    } finally {
      // Counted once the statement has run (or failed): a reader holds the one connection
      // after it, and sees its effect.
      if (command !== 'select') this.changes.value += 1;
    }
    if (command === 'begin') {
      this.inTransaction = true;
    } else if (command === 'commit' || command.startsWith('rollba')) {
      this.inTransaction = false;
      if (command === 'commit') await this.sync?.();
    } else if (command !== 'select' && !this.inTransaction) {
      await this.sync?.();
    }
    const changesRows =
      command === 'insert' || command === 'update' || command === 'delete' || command === 'merge ';
    return changesRows
      ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows ?? 0) }
      : { rows: result.rows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}
