import { sql } from 'kysely';
import { isDatabaseUnavailable } from './database-unavailable.js';
import type { Db } from './database.js';

/** A WAL position as PostgreSQL prints it (`16/B374D848`), as a number to compare. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Where the reports have been read since the process started, for /api/health. */
export interface ReportReads {
  /** `none`: no replica is configured; `resting`: it failed lately and the primary serves. */
  replica: 'none' | 'in use' | 'resting';
  fromReplica: number;
  fromPrimary: number;
}

/**
 * Where a read-only report (statement, histories, exports, audit log) reads: the streaming
 * replica when it has replayed everything the primary held when the report was asked, so
 * whatever the asker wrote before is there; else the primary. A replica that cannot be
 * reached rests for a while and the primary serves, without an error to the asker.
 */
export class ReportsDb {
  private restingUntil = 0;
  private fromReplica = 0;
  private fromPrimary = 0;

  constructor(
    private readonly primary: Db,
    private readonly replica?: Db,
    private readonly options: {
      restMs: number;
      /** How long the replica may take to say where it stands. */
      timeoutMs: number;
      warn: (message: string, error: unknown) => void;
    } = { restMs: 10_000, timeoutMs: 1_000, warn: () => undefined },
  ) {}

  /** Runs the report where it sees every write committed before it was asked. */
  async read<T>(report: (db: Db) => Promise<T>): Promise<T> {
    const replica = await this.caughtUpReplica();
    if (replica) {
      try {
        const value = await report(replica);
        this.fromReplica += 1;
        return value;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        this.rest(error);
      }
    }
    this.fromPrimary += 1;
    return report(this.primary);
  }

  counts(): ReportReads {
    const replica = !this.replica ? 'none' : Date.now() < this.restingUntil ? 'resting' : 'in use';
    return { replica, fromReplica: this.fromReplica, fromPrimary: this.fromPrimary };
  }

  private async caughtUpReplica(): Promise<Db | undefined> {
    const { replica } = this;
    if (!replica || Date.now() < this.restingUntil) return undefined;
    try {
      // The primary's position first: the replica must have replayed at least that far.
      const primaryAt = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`
        .execute(this.primary)
        .then(({ rows }) => rows[0]?.lsn);
      const replayed = await withTimeout(
        sql<{ lsn: string | null }>`select pg_last_wal_replay_lsn()::text as lsn`
          .execute(replica)
          .then(({ rows }) => rows[0]?.lsn ?? null),
        this.options.timeoutMs,
      );
      if (primaryAt === undefined || replayed === null) return undefined;
      return lsnValue(replayed) >= lsnValue(primaryAt) ? replica : undefined;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.rest(error);
      return undefined;
    }
  }

  private rest(error: unknown): void {
    if (Date.now() >= this.restingUntil) {
      this.options.warn('The read replica failed; reports read the primary for a while', error);
    }
    this.restingUntil = Date.now() + this.options.restMs;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error('The replica did not answer in time'), { code: 'ETIMEDOUT' }),
        ),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
