import { ReportsDb } from '../../db/reports-db.js';
import type { Db, Executor } from '../../db/database.js';
import type { Principal } from '../auth/auth.service.js';
import * as repo from './audit.repository.js';

/** One entry of `GET audit-log` (API.md, "Teams, automation and integration"). */
export interface ApiAuditEntry {
  sAuditId: string;
  at: string;
  sUserId: string | null;
  sUserName: string | null;
  sUserEmail: string | null;
  sIp: string | null;
  sUserAgent: string | null;
  sAction: string;
  sEntity: string;
  before?: unknown;
  after?: unknown;
  sOutcome: string;
  iStatus: number;
}

/** What one audited write says about itself; who, when and from where come from the request. */
export type AuditEvent = Omit<repo.AuditEntryInsert, 'at'>;

/**
 * An audit entry a service writes in the statement of its own write, so that the entry
 * exists exactly when the write does (`auditEntryWithWrite` makes one for a request).
 */
export interface AuditEntryWithWrite {
  event: AuditEvent;
  /** Called once the write committed with the entry: it is not written again. */
  markWritten(): void;
}

export const AUDIT_PAGE_SIZE_MAX = 200;

/** The append-only audit trail: every write, with who, when, from where and the outcome. */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** Where the log is read (a caught-up replica, else the primary). */
    private readonly reports: ReportsDb = new ReportsDb(db),
  ) {}

  /** Entries waiting for the next batch, with their callers' promises. */
  private pending: Array<{
    entry: repo.AuditEntryInsert;
    resolve: () => void;
    reject: (error: unknown) => void;
  }> = [];
  private flushing = false;

  /**
   * Writes an entry; resolves once it is committed. Inside a caller's transaction (`db`),
   * it is one insert of that transaction. Otherwise entries that arrive while a batch is
   * being written go together in the next one: under load, one insert and one commit for
   * many writes instead of one each.
   */
  async record(event: AuditEvent, db: Executor = this.db): Promise<void> {
    const entry = { ...event, at: this.now() };
    if (db !== this.db) {
      await repo.insertAuditEntry(db, entry);
      return;
    }
    await new Promise<void>((resolve, reject) => {
      this.pending.push({ entry, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await repo.insertAuditEntries(
          this.db,
          batch.map((item) => item.entry),
        );
        for (const item of batch) item.resolve();
      } catch (error) {
        if (batch.length === 1) {
          batch[0]?.reject(error);
          continue;
        }
        // One bad entry must not cost the others theirs: each is tried on its own.
        await Promise.all(
          batch.map((item) =>
            repo.insertAuditEntry(this.db, item.entry).then(item.resolve, item.reject),
          ),
        );
      }
    }
    this.flushing = false;
  }

  /** An audit event of the signed-in caller of a request. */
  static eventOf(
    principal: Principal | undefined,
    request: { ip: string; headers: Record<string, string | string[] | undefined> },
  ): Pick<AuditEvent, 'enterpriseId' | 'userId' | 'ip' | 'userAgent' | 'apiKeyId'> {
    const agent = request.headers['user-agent'];
    return {
      enterpriseId: principal?.enterpriseId ?? null,
      userId: principal?.user.sUserId ?? null,
      apiKeyId: principal?.apiKey?.id ?? null,
      ip: request.ip,
      userAgent: (Array.isArray(agent) ? agent[0] : agent)?.slice(0, 400) ?? null,
    };
  }

  async list(
    enterpriseId: string,
    filter: repo.AuditFilter,
    page: number,
    limit: number,
  ): Promise<{ entries: ApiAuditEntry[]; total: number; page: number; limit: number }> {
    const size = Math.min(limit, AUDIT_PAGE_SIZE_MAX);
    const [rows, total] = await this.reports.read((db) =>
      Promise.all([
        repo.listAuditEntries(db, enterpriseId, filter, {
          offset: (page - 1) * size,
          limit: size,
        }),
        repo.countAuditEntries(db, enterpriseId, filter),
      ]),
    );
    return { entries: rows.map(toApiEntry), total, page, limit: size };
  }
}

function toApiEntry(row: repo.AuditRow): ApiAuditEntry {
  return {
    sAuditId: String(row.id),
    at: new Date(row.at).toISOString(),
    sUserId: row.userId,
    sUserName: row.userName,
    sUserEmail: row.userEmail,
    sIp: row.ip,
    sUserAgent: row.userAgent,
    sAction: row.action,
    sEntity: row.entity,
    ...(row.before === null ? {} : { before: row.before }),
    ...(row.after === null ? {} : { after: row.after }),
    sOutcome: row.outcome,
    iStatus: row.status,
  };
}
