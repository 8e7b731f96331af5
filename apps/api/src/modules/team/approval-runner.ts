import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ERROR_MESSAGES, type ErrorCode, type Language } from '@app/domain';
import type { Db, Trx } from '../../db/database.js';
import { isAppError } from '../../errors.js';
import { findStoredAnswer } from '../../ledger/idempotency.repository.js';
// eslint-disable-next-line no-restricted-imports -- the failure's e-mail is queued in the failure's transaction
import { insertOutboxEmail } from '../mail/mail.repository.js';
import type { RatesService } from '../rates/rates.service.js';
import {
  approvalKindEntry,
  type ApprovalKindEntry,
  type ApprovalServices,
  type FreshQuoteNeed,
  type RequestBody,
  type RunResult,
} from './approval-kinds.js';
import { parseRunBody, storedResult } from './approval-body.js';
import * as repo from './team.repository.js';

/** Where a test-only fault hook may stop the process (scripts/faults/approval-crash.mjs). */
export type ApprovalFaultPoint = 'after-decision' | 'after-run';

const FAILURE_MAIL: Record<
  Language,
  (facts: { name: string; summary: string; kind: string; reason: string }) => {
    subject: string;
    text: string;
  }
> = {
  en: (f) => ({
    subject: `Approved request not carried out: ${f.kind}${f.summary ? ` (${f.summary})` : ''}`,
    text: `Hello ${f.name},\n\nA request that was approved could not be carried out: ${f.kind}${f.summary ? ` (${f.summary})` : ''}.\nReason: ${f.reason}\nNo money moved for it. You can find it, marked failed, in Approvals, and make the request again.`,
  }),
  sp: (f) => ({
    subject: `Solicitud aprobada no realizada: ${f.kind}${f.summary ? ` (${f.summary})` : ''}`,
    text: `Hola ${f.name}:\n\nUna solicitud aprobada no se pudo realizar: ${f.kind}${f.summary ? ` (${f.summary})` : ''}.\nMotivo: ${f.reason}\nNo se movió dinero por ella. La encuentras, marcada como fallida, en Aprobaciones, y puedes volver a solicitarla.`,
  }),
};

/** Unfinished approvals one run of the finishing job takes at most; the next run takes the rest. */
const FINISH_BATCH = 50;

/**
 * How an approved request runs and ends (`ApprovalsService` decides; this carries it out):
 * in the deciding transaction, or as a money write of its own under the approval's key;
 * EXECUTED with the answer, or FAILED with the reason e-mailed to maker and checker. A run
 * cut short (the process died) is finished once by `finishUnfinished`.
 */
export class ApprovalRunner {
  constructor(
    private readonly db: Db,
    private readonly rates: RatesService,
    private readonly now: () => Date,
    private readonly services: () => ApprovalServices,
    private readonly report: () => (error: unknown) => void,
    private readonly faultAt: () => ((point: ApprovalFaultPoint) => void) | undefined,
    /** How long an APPROVED request's run may take before it counts as cut short. */
    private readonly runGraceMs: number,
  ) {}

  async issueQuote(enterpriseId: string, need: FreshQuoteNeed) {
    if (need.kind === 'NONE') return undefined;
    const spot = await this.rates.spotQuote(enterpriseId);
    return need.kind === 'SPOT'
      ? spot
      : this.rates.forwardQuote(enterpriseId, spot.id, need.forwardDate);
  }

  /**
   * Runs an in-transaction kind inside the deciding transaction. Its refusal (an AppError)
   * undoes only what it wrote (a savepoint): the approval is FAILED with the reason, in the
   * same transaction. Anything else rolls the whole decision back.
   */
  async runInTransaction(
    trx: Trx,
    services: ApprovalServices,
    entry: ApprovalKindEntry,
    row: repo.ApprovalRow,
    run: Parameters<Extract<ApprovalKindEntry['run'], { mode: 'inTransaction' }>['execute']>[2],
    checkerUserId: string,
  ): Promise<void> {
    if (entry.run.mode !== 'inTransaction') throw new Error('Not an in-transaction kind');
    await sql`savepoint approval_run`.execute(trx);
    try {
      const result = await entry.run.execute(services, trx, run);
      await sql`release savepoint approval_run`.execute(trx);
      await repo.finishApproval(trx, row.id, {
        status: 'EXECUTED',
        result_body: JSON.stringify(result.body),
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      await sql`rollback to savepoint approval_run`.execute(trx);
      await this.recordFailure(trx, { ...row, decided_by: checkerUserId }, error.code);
    }
  }

  /** Runs a money write under the approval's key and records how it ended. */
  async runStandalone(
    entry: ApprovalKindEntry,
    row: repo.ApprovalRow,
    run: Parameters<Extract<ApprovalKindEntry['run'], { mode: 'standalone' }>['execute']>[1],
  ): Promise<void> {
    if (entry.run.mode !== 'standalone') throw new Error('Not a standalone kind');
    let result: RunResult;
    try {
      result = await entry.run.execute(this.services(), run);
    } catch (error) {
      // Another run of this approval wrote under the key meanwhile: its answer is the outcome.
      if (isAppError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED') {
        const stored = await findStoredAnswer(this.db, run.enterpriseId, run.idempotencyKey);
        if (stored && stored.response_status > 0) {
          await repo.finishApproval(this.db, row.id, {
            status: 'EXECUTED',
            result_body: storedResult(entry, stored.response_body),
          });
          return;
        }
      }
      if (!isAppError(error)) this.report()(error);
      const code: ErrorCode = isAppError(error) ? error.code : 'INTERNAL_ERROR';
      await this.db.transaction().execute((trx) => this.recordFailure(trx, row, code));
      return;
    }
    this.faultAt()?.('after-run');
    await repo.finishApproval(this.db, row.id, {
      status: 'EXECUTED',
      result_body: JSON.stringify(result.body),
    });
  }

  /** FAILED with the reason, and an e-mail to the maker and the checker, in their language. */
  private async recordFailure(trx: Trx, row: repo.ApprovalRow, code: ErrorCode): Promise<void> {
    const failed = await repo.finishApproval(trx, row.id, { status: 'FAILED', failure_code: code });
    if (!failed) return;
    const people = await repo.findApprovalPeople(
      trx,
      row.enterprise_id,
      [row.requested_by, ...(row.decided_by ? [row.decided_by] : [])].filter(
        (id, index, all) => all.indexOf(id) === index,
      ),
    );
    const entry = approvalKindEntry(row.kind);
    for (const person of people) {
      const language: Language = person.language === 'sp' ? 'sp' : 'en';
      const mail = FAILURE_MAIL[language]({
        name: person.first_name,
        summary: row.summary,
        kind: entry.description[language],
        reason: ERROR_MESSAGES[language][code],
      });
      await insertOutboxEmail(trx, {
        id: randomUUID(),
        toAddress: person.email,
        subject: mail.subject,
        bodyText: mail.text,
        language,
      });
    }
  }

  /** Claims the next run of an APPROVED request whose last run was cut short. */
  async claimUnfinished(row: repo.ApprovalRow): Promise<boolean> {
    const now = this.now();
    return repo.claimUnfinishedRun(
      this.db,
      row.enterprise_id,
      row.id,
      new Date(now.getTime() - this.runGraceMs),
      now,
    );
  }

  /**
   * Finishes a claimed APPROVED request whose run was cut short: EXECUTED with the stored
   * answer when its money write committed (nothing runs again), else run once at a fresh
   * quote, as the direct call would now; FAILED with the reason when it cannot run.
   */
  async finish(row: repo.ApprovalRow): Promise<void> {
    const entry = approvalKindEntry(row.kind);
    const enterpriseId = row.enterprise_id;
    const key = row.idempotency_key ?? `approval:${row.id}`;
    if (entry.run.mode === 'standalone') {
      const stored = await findStoredAnswer(this.db, enterpriseId, key);
      if (stored && stored.response_status > 0) {
        await repo.finishApproval(this.db, row.id, {
          status: 'EXECUTED',
          result_body: storedResult(entry, stored.response_body),
        });
        return;
      }
    }
    const stored = row.request_body as RequestBody;
    let body: unknown;
    try {
      const quote = await this.issueQuote(enterpriseId, entry.quoteNeed(stored));
      body = parseRunBody(
        entry,
        quote && entry.withQuote ? entry.withQuote(stored, quote) : stored,
      );
    } catch (error) {
      const code: ErrorCode = isAppError(error) ? error.code : 'INVALID_STATE';
      await this.db.transaction().execute((trx) => this.recordFailure(trx, row, code));
      return;
    }
    const run = {
      enterpriseId,
      userId: row.requested_by,
      body,
      idempotencyKey: key,
      language: 'en' as Language,
      now: this.now(),
    };
    if (entry.run.mode === 'standalone') {
      await this.runStandalone(entry, row, run);
      return;
    }
    const services = this.services();
    await this.db.transaction().execute(async (trx) => {
      const locked = await repo.lockApproval(trx, enterpriseId, row.id);
      if (locked?.status !== 'APPROVED') return;
      await this.runInTransaction(trx, services, entry, row, run, row.decided_by ?? '');
    });
  }

  /**
   * The finishing job: every APPROVED request whose run began longer ago than the grace
   * (its process died between the decision and the money) is claimed, one at a time, and
   * finished once. Answers how many it finished.
   */
  async finishUnfinished(): Promise<number> {
    const startedBefore = new Date(this.now().getTime() - this.runGraceMs);
    const due = await repo.findUnfinishedApprovals(this.db, startedBefore, FINISH_BATCH);
    let finished = 0;
    for (const candidate of due) {
      const row = await repo.findApproval(this.db, candidate.enterprise_id, candidate.id);
      if (!row || row.status !== 'APPROVED') continue;
      if (!(await this.claimUnfinished(row))) continue;
      await this.finish(row);
      finished += 1;
    }
    return finished;
  }
}
