import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  ERROR_MESSAGES,
  moneyToDecimalString,
  moneyToNumber,
  parseMoney,
  rateToNumber,
  type ErrorCode,
  type Language,
  type TeamRole,
} from '@app/domain';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { ApprovalStatus } from '../../db/schema.js';
import { AppError, isAppError } from '../../errors.js';
import { findStoredAnswer } from '../../ledger/idempotency.repository.js';
import type { Principal } from '../auth/auth.service.js';
import { publishEvent } from '../events/publish-event.js';
// eslint-disable-next-line no-restricted-imports -- the decision's e-mail is queued in the decision's transaction
import { insertOutboxEmail } from '../mail/mail.repository.js';
import { isUuid, type RatesService } from '../rates/rates.service.js';
import {
  APPROVAL_KINDS,
  approvalKindEntry,
  type ApprovalKind,
  type ApprovalKindEntry,
  type ApprovalServices,
  type FreshQuoteNeed,
  type RequestBody,
  type RunResult,
} from './approval-kinds.js';
import { DECIDERS } from './route-roles.js';
import * as repo from './team.repository.js';
import { toApiApproval, type ApiApproval, type ApiTeamSettings } from './approval.view.js';

export { APPROVAL_KINDS, type ApprovalKind, type FreshQuoteNeed, type RequestBody };

/**
 * How many distinct approvers a held call needs: one above the threshold (or for a preparer's
 * call), more above each further level it passes. An amount not known beforehand passes them
 * all.
 */
export function requiredApprovers(
  levels: readonly { above_usd_cents: string; approvers: number }[],
  amountUsdCents: bigint | null,
): number {
  let required = 1;
  for (const level of levels) {
    if (amountUsdCents === null || amountUsdCents > BigInt(level.above_usd_cents)) {
      required = Math.max(required, level.approvers);
    }
  }
  return required;
}

/** The held call, as the route read it: who asks, under which key, with which body. */
export interface HeldCall {
  principal: Principal;
  idempotencyKey: string | undefined;
  /** The body as the client sent it (stored, and compared on a replay). */
  body: unknown;
}

/** Who decides, and the language their answer is in. */
export interface Decider {
  principal: Principal;
  language: Language;
}

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
 * Maker-checker (DOMAIN.md): a money call above the company's threshold, any money call of a
 * PREPARER, a rate order that would fill above the threshold, and a supplier's new bank
 * account in a company with approvals on wait for a second person. What can be held, and how
 * each runs, is the table in `approval-kinds.ts`.
 *
 * An approval either finishes or says why. A kind that runs in the deciding transaction
 * moves PENDING → EXECUTED (or FAILED) at once. A money write runs in its own transaction,
 * under the approval's Idempotency-Key: the decision (APPROVED, with the run's start) commits
 * first, then the run, then EXECUTED or FAILED. A run cut short (the process died) is
 * finished by `finishUnfinished` (the `approvals.finish` job) once its start is older than
 * the grace: the key's stored answer shows the money moved (then it is EXECUTED with that
 * answer, nothing runs again), or else the request runs once at a fresh quote, as the direct
 * call would now; what cannot run is FAILED with the reason, e-mailed to maker and checker.
 */
export class ApprovalsService {
  private services: ApprovalServices | undefined;
  private report: (error: unknown) => void = () => undefined;
  /** Test-only: stops the process at a point of an approval's run (config APPROVAL_FAULT_EXIT). */
  faultAt: ((point: ApprovalFaultPoint) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly rates: RatesService,
    private readonly now: () => Date,
    /** How long an APPROVED request's run may take before it counts as cut short. */
    private readonly runGraceMs = 60_000,
  ) {}

  /** The services approved requests call, given once every module is built. */
  connect(services: ApprovalServices): void {
    this.services = services;
  }

  /** Where an approved request's unexpected error is logged (it is FAILED as INTERNAL_ERROR). */
  reportErrorsTo(report: (error: unknown) => void): void {
    this.report = report;
  }

  private connected(): ApprovalServices {
    if (!this.services) throw new Error('ApprovalsService.connect was not called');
    return this.services;
  }

  async settings(enterpriseId: string): Promise<ApiTeamSettings> {
    const row = await repo.findTeamSettings(this.db, enterpriseId);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      dApprovalThresholdUsd:
        row.approval_threshold_usd_cents === null
          ? null
          : moneyToNumber(row.approval_threshold_usd_cents),
      iApprovalExpiryHours: row.approval_expiry_hours,
      iCoolingOffHours: row.cooling_off_hours,
      aApprovalLevels: row.approval_levels.map((level) => ({
        dAboveUsd: moneyToNumber(BigInt(level.above_usd_cents)),
        iApprovers: level.approvers,
      })),
    };
  }

  async updateSettings(
    enterpriseId: string,
    settings: {
      thresholdUsdCents: bigint | null;
      expiryHours: number;
      coolingOffHours: number;
      levels: Array<{ aboveUsdCents: bigint; approvers: number }>;
    },
  ): Promise<ApiTeamSettings> {
    const levels = [...settings.levels].sort((a, b) =>
      a.aboveUsdCents < b.aboveUsdCents ? -1 : a.aboveUsdCents > b.aboveUsdCents ? 1 : 0,
    );
    // Levels stand above the threshold, each at its own amount and asking more than the one
    // below it; without a threshold there is nothing to stand above.
    const threshold = settings.thresholdUsdCents;
    const valid = levels.every(
      (level, index) =>
        threshold !== null &&
        level.aboveUsdCents > threshold &&
        (index === 0 ||
          (level.aboveUsdCents > levels[index - 1]!.aboveUsdCents &&
            level.approvers > levels[index - 1]!.approvers)),
    );
    if (!valid) throw new AppError('INVALID_INPUT', { field: 'aApprovalLevels' });
    await repo.updateTeamSettings(this.db, enterpriseId, {
      approval_threshold_usd_cents: settings.thresholdUsdCents,
      approval_expiry_hours: settings.expiryHours,
      cooling_off_hours: settings.coolingOffHours,
      approval_levels: levels.map((level) => ({
        above_usd_cents: level.aboveUsdCents.toString(),
        approvers: level.approvers,
      })),
    });
    return this.settings(enterpriseId);
  }

  /** The company's threshold in USD cents (null: none). */
  async thresholdOf(db: Executor, enterpriseId: string): Promise<bigint | null> {
    const row = await repo.findTeamSettings(db, enterpriseId);
    return row?.approval_threshold_usd_cents ?? null;
  }

  /**
   * Holds the call for approval when it needs one, answering the approval (the route then
   * answers 202); undefined lets the call run now. A call replayed with the same
   * Idempotency-Key finds its approval again, whatever became of it.
   *
   * `describe` is read only when an approval may be needed: what the call is about and its
   * amount in USD cents (null when it cannot be told beforehand, which counts as above any
   * threshold). `bankChange`: a supplier's new bank account, held whenever approvals are on,
   * whatever the amount.
   */
  async holdIfRequired(
    call: HeldCall,
    kind: ApprovalKind,
    describe: () => Promise<{ summary: string; amountUsdCents: bigint | null }>,
    options: {
      bankChange?: boolean;
      /** The hold context, when the caller read it with its own first read (pay-now does). */
      context?: repo.HoldContext;
    } = {},
  ): Promise<ApiApproval | undefined> {
    const { principal } = call;
    const enterpriseId = principal.enterpriseId;
    const key = call.idempotencyKey;
    const { settings, keyHasApproval } =
      options.context ?? (await repo.findHoldContext(this.db, enterpriseId, kind, key ?? null));
    if (key !== undefined && keyHasApproval) {
      const existing = await repo.findApprovalByKey(this.db, enterpriseId, kind, key);
      if (existing) return this.replayed(existing, call.body, principal);
    }
    const threshold = settings?.approval_threshold_usd_cents ?? null;
    const isPreparer = principal.user.sTeamRole === 'PREPARER';
    // A key pays on its own only up to the threshold: above it, or when the company has none,
    // its call waits for a person.
    const isKey = principal.apiKey !== undefined;
    if (!isPreparer && !isKey && threshold === null) return undefined;
    const { summary, amountUsdCents } = await describe();
    const belowThreshold =
      !options.bankChange &&
      amountUsdCents !== null &&
      threshold !== null &&
      amountUsdCents <= threshold;
    if (!isPreparer && belowThreshold) return undefined;
    const id = randomUUID();
    const inserted = await this.db.transaction().execute((trx) =>
      this.insertHeld(trx, {
        id,
        enterpriseId,
        kind,
        body: call.body ?? {},
        idempotencyKey: key ?? null,
        amountUsdCents,
        summary,
        maker: { userId: principal.user.sUserId, fullName: principal.user.sFullName },
        expiryHours: settings?.approval_expiry_hours ?? 72,
        requiredApprovers: requiredApprovers(settings?.approval_levels ?? [], amountUsdCents),
      }),
    );
    const row = inserted
      ? await repo.findApproval(this.db, enterpriseId, id)
      : key !== undefined
        ? await repo.findApprovalByKey(this.db, enterpriseId, kind, key)
        : undefined;
    if (!row) throw new Error('The approval just written was not found');
    return inserted
      ? toApiApproval(row, principal.user.sUserId)
      : this.replayed(row, call.body, principal);
  }

  /**
   * Holds an automatic execution (a rate order's fill) in the caller's transaction: the
   * approval names the user who set it up as its maker. Answers the approval's id, or the
   * existing one's when the same key already holds it.
   */
  async holdInTransaction(
    trx: Trx,
    held: {
      enterpriseId: string;
      kind: ApprovalKind;
      body: RequestBody;
      idempotencyKey: string;
      amountUsdCents: bigint | null;
      summary: string;
      makerUserId: string;
    },
  ): Promise<string> {
    const settings = await repo.findTeamSettings(trx, held.enterpriseId);
    const maker = await trx
      .selectFrom('users')
      .select(sql<string>`first_name || ' ' || last_name`.as('full_name'))
      .where('id', '=', held.makerUserId)
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    const inserted = await this.insertHeld(trx, {
      id,
      enterpriseId: held.enterpriseId,
      kind: held.kind,
      body: held.body,
      idempotencyKey: held.idempotencyKey,
      amountUsdCents: held.amountUsdCents,
      summary: held.summary,
      maker: { userId: held.makerUserId, fullName: maker.full_name },
      expiryHours: settings?.approval_expiry_hours ?? 72,
      requiredApprovers: requiredApprovers(settings?.approval_levels ?? [], held.amountUsdCents),
    });
    if (inserted) return id;
    const existing = await repo.findApprovalByKey(
      trx,
      held.enterpriseId,
      held.kind,
      held.idempotencyKey,
    );
    if (!existing) throw new Error('The approval of this key was not found');
    return existing.id;
  }

  /**
   * Writes a held request, checked first with the direct call's own schema (a request that
   * could not run directly is never stored), and its `approval.requested` event (e-mails to
   * those who can decide it, never the maker; webhooks), together.
   */
  private async insertHeld(
    trx: Trx,
    held: {
      id: string;
      enterpriseId: string;
      kind: ApprovalKind;
      body: unknown;
      idempotencyKey: string | null;
      amountUsdCents: bigint | null;
      summary: string;
      maker: { userId: string; fullName: string };
      expiryHours: number;
      requiredApprovers: number;
    },
  ): Promise<boolean> {
    parseRunBody(approvalKindEntry(held.kind), held.body);
    const now = this.now();
    const summary = held.summary.slice(0, 200);
    const written = await repo.insertApproval(trx, {
      id: held.id,
      enterprise_id: held.enterpriseId,
      kind: held.kind,
      request_body: JSON.stringify(held.body),
      idempotency_key: held.idempotencyKey,
      amount_usd_cents: held.amountUsdCents,
      summary,
      requested_by: held.maker.userId,
      requested_at: now,
      expires_at: new Date(now.getTime() + held.expiryHours * 3_600_000),
      required_approvers: held.requiredApprovers,
    });
    if (written) {
      await publishEvent(trx, {
        type: 'approval.requested',
        sEnterpriseId: held.enterpriseId,
        at: now,
        emailTo: { roles: DECIDERS, exceptUserId: held.maker.userId },
        data: {
          sApprovalId: held.id,
          sKind: held.kind,
          sAction: summary,
          sRequestedBy: held.maker.fullName,
          ...(held.amountUsdCents === null
            ? {}
            : { dAmount: moneyToDecimalString(held.amountUsdCents), sCurrency: 'USD' }),
        },
      });
    }
    return written;
  }

  /** The same key with another body is refused, as for any money call. */
  private replayed(row: repo.ApprovalRow, body: unknown, principal: Principal): ApiApproval {
    if (canonicalJson(row.request_body) !== canonicalJson(body ?? {})) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return toApiApproval(row, principal.user.sUserId);
  }

  async list(
    decider: Decider,
    filter: { status?: ApprovalStatus | undefined; page: number; limit: number },
  ): Promise<{
    approvals: ApiApproval[];
    total: number;
    iPending: number;
    page: number;
    limit: number;
  }> {
    const { principal } = decider;
    const enterpriseId = principal.enterpriseId;
    const [rows, total, pending] = await Promise.all([
      repo.listApprovals(this.db, enterpriseId, {
        status: filter.status,
        offset: (filter.page - 1) * filter.limit,
        limit: filter.limit,
      }),
      repo.countApprovals(this.db, enterpriseId, filter.status),
      repo.countApprovals(this.db, enterpriseId, 'PENDING'),
    ]);
    return {
      approvals: rows.map((row) => toApiApproval(row, principal.user.sUserId, decider.language)),
      total,
      iPending: pending,
      page: filter.page,
      limit: filter.limit,
    };
  }

  async get(decider: Decider, approvalId: string): Promise<ApiApproval> {
    const row = await this.requireRow(decider.principal.enterpriseId, approvalId);
    return toApiApproval(row, decider.principal.user.sUserId, decider.language);
  }

  private async requireRow(enterpriseId: string, approvalId: string): Promise<repo.ApprovalRow> {
    const row = isUuid(approvalId)
      ? await repo.findApproval(this.db, enterpriseId, approvalId)
      : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** A fresh quote for the approver's dialog: spot, or a forward for the request's date. */
  async freshQuote(
    decider: Decider,
    approvalId: string,
  ): Promise<{
    sExchangeRateReference: string;
    dExchangeRate: number;
    quoteExpiresAt: string;
  } | null> {
    const row = await this.requireRow(decider.principal.enterpriseId, approvalId);
    if (row.status !== 'PENDING') throw new AppError('APPROVAL_CLOSED');
    const quote = await this.issueQuote(
      decider.principal.enterpriseId,
      approvalKindEntry(row.kind).quoteNeed(row.request_body as RequestBody),
    );
    return quote
      ? {
          sExchangeRateReference: quote.id,
          dExchangeRate: rateToNumber(quote.rateMicro),
          quoteExpiresAt: quote.expiresAt.toISOString(),
        }
      : null;
  }

  private async issueQuote(enterpriseId: string, need: FreshQuoteNeed) {
    if (need.kind === 'NONE') return undefined;
    const spot = await this.rates.spotQuote(enterpriseId);
    return need.kind === 'SPOT'
      ? spot
      : this.rates.forwardQuote(enterpriseId, spot.id, need.forwardDate);
  }

  /**
   * Another ADMIN or APPROVER approves: the request runs as its maker, at the fresh quote the
   * approver confirmed, under its Idempotency-Key. The approval row is locked while it is
   * decided, so two approvers at once, or one approving twice, move the money once. An
   * approval already decided is answered as it stands; one APPROVED whose run has not ended
   * is finished now when that run was cut short (older than the grace), and otherwise
   * refused with APPROVAL_RUNNING: never a 200 while nothing was paid.
   */
  async approve(
    decider: Decider,
    approvalId: string,
    input: { quoteReference?: string | undefined },
  ): Promise<ApiApproval> {
    const { principal } = decider;
    const enterpriseId = principal.enterpriseId;
    const row = await this.requireRow(enterpriseId, approvalId);
    const entry = approvalKindEntry(row.kind);
    if (row.status === 'APPROVED') {
      if (row.requested_by === principal.user.sUserId) throw new AppError('SELF_APPROVAL');
      if (!(await this.claimUnfinished(row))) throw new AppError('APPROVAL_RUNNING');
      await this.finish(row);
      return this.get(decider, approvalId);
    }
    if (row.status !== 'PENDING') {
      if (row.status === 'REJECTED' || row.status === 'EXPIRED') {
        throw new AppError('APPROVAL_CLOSED');
      }
      return toApiApproval(row, principal.user.sUserId, decider.language);
    }
    const body = await this.bodyWithApproverQuote(enterpriseId, row, entry, input.quoteReference);
    const now = this.now();
    const run = {
      enterpriseId,
      userId: row.requested_by,
      body: parseRunBody(entry, body),
      idempotencyKey: row.idempotency_key ?? `approval:${row.id}`,
      language: decider.language,
      now,
    };
    const services = this.connected();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const locked = await repo.lockApproval(trx, enterpriseId, row.id);
      if (!locked) throw new AppError('NOT_FOUND');
      if (locked.status === 'REJECTED' || locked.status === 'EXPIRED') return 'CLOSED' as const;
      if (locked.status !== 'PENDING') return 'DECIDED' as const;
      if (locked.requested_by === principal.user.sUserId) throw new AppError('SELF_APPROVAL');
      if (locked.expires_at <= now) {
        await repo.decideApproval(trx, row.id, { status: 'EXPIRED', decided_at: now });
        return 'CLOSED' as const;
      }
      // Each level's approvers are distinct people: one person's second approval counts once.
      if (locked.signoffs.some((signoff) => signoff.user_id === principal.user.sUserId)) {
        throw new AppError('ALREADY_APPROVED');
      }
      const signoffs = [
        ...locked.signoffs,
        { user_id: principal.user.sUserId, name: principal.user.sFullName, at: now.toISOString() },
      ];
      await repo.addSignoff(trx, row.id, signoffs);
      if (signoffs.length < locked.required_approvers) return 'SIGNED' as const;
      await repo.decideApproval(trx, row.id, {
        status: 'APPROVED',
        decided_by: principal.user.sUserId,
        decided_at: now,
        run_started_at: now,
      });
      if (entry.run.mode === 'standalone') return 'RUN' as const;
      // Decided and run in one transaction: either both happen or neither.
      await this.runInTransaction(trx, services, entry, row, run, principal.user.sUserId);
      return 'DONE' as const;
    });
    if (outcome === 'CLOSED') throw new AppError('APPROVAL_CLOSED');
    if (outcome === 'SIGNED') return this.get(decider, row.id);
    if (outcome === 'DECIDED') {
      const now = await this.requireRow(enterpriseId, row.id);
      if (now.status === 'APPROVED') throw new AppError('APPROVAL_RUNNING');
      return toApiApproval(now, principal.user.sUserId, decider.language);
    }
    if (outcome === 'RUN') {
      this.faultAt?.('after-decision');
      await this.runStandalone(entry, { ...row, decided_by: principal.user.sUserId }, run);
    }
    return this.get(decider, row.id);
  }

  /** The stored body with the approver's quote in it, checked as the direct call checks it. */
  private async bodyWithApproverQuote(
    enterpriseId: string,
    row: repo.ApprovalRow,
    entry: ApprovalKindEntry,
    quoteReference: string | undefined,
  ): Promise<RequestBody> {
    const stored = row.request_body as RequestBody;
    const need = entry.quoteNeed(stored);
    if (need.kind === 'NONE') return stored;
    if (!quoteReference) throw new AppError('INVALID_INPUT', { field: 'sExchangeRateReference' });
    const options = { field: 'sExchangeRateReference' };
    const quote =
      need.kind === 'SPOT'
        ? await this.rates.requireSpotQuote(this.db, enterpriseId, quoteReference, options)
        : await this.rates.requireForwardQuote(this.db, enterpriseId, quoteReference, {
            ...options,
            forwardDate: need.forwardDate,
          });
    return entry.withQuote ? entry.withQuote(stored, quote) : stored;
  }

  /**
   * Runs an in-transaction kind inside the deciding transaction. Its refusal (an AppError)
   * undoes only what it wrote (a savepoint): the approval is FAILED with the reason, in the
   * same transaction. Anything else rolls the whole decision back.
   */
  private async runInTransaction(
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
  private async runStandalone(
    entry: ApprovalKindEntry,
    row: repo.ApprovalRow,
    run: Parameters<Extract<ApprovalKindEntry['run'], { mode: 'standalone' }>['execute']>[1],
  ): Promise<void> {
    if (entry.run.mode !== 'standalone') throw new Error('Not a standalone kind');
    let result: RunResult;
    try {
      result = await entry.run.execute(this.connected(), run);
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
      if (!isAppError(error)) this.report(error);
      const code: ErrorCode = isAppError(error) ? error.code : 'INTERNAL_ERROR';
      await this.db.transaction().execute((trx) => this.recordFailure(trx, row, code));
      return;
    }
    this.faultAt?.('after-run');
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
  private async claimUnfinished(row: repo.ApprovalRow): Promise<boolean> {
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
  private async finish(row: repo.ApprovalRow): Promise<void> {
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
    const services = this.connected();
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

  async reject(decider: Decider, approvalId: string, reason: string | null): Promise<ApiApproval> {
    const { principal } = decider;
    const row = await this.requireRow(principal.enterpriseId, approvalId);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const locked = await repo.lockApproval(trx, principal.enterpriseId, row.id);
      if (!locked) throw new AppError('NOT_FOUND');
      if (locked.status !== 'PENDING' || locked.expires_at <= now) {
        throw new AppError('APPROVAL_CLOSED');
      }
      if (locked.requested_by === principal.user.sUserId) throw new AppError('SELF_APPROVAL');
      await repo.decideApproval(trx, row.id, {
        status: 'REJECTED',
        decided_by: principal.user.sUserId,
        decided_at: now,
        reason,
      });
    });
    return this.get(decider, row.id);
  }

  /** The expiry job: pending approvals past their time expire. */
  async expireDue(): Promise<number> {
    return repo.expireDueApprovals(this.db, this.now());
  }
}

/** A money write's stored answer as the approval's result (the route's answer shape). */
function storedResult(entry: ApprovalKindEntry, responseBody: string): string {
  if (entry.run.mode !== 'standalone' || !entry.run.answerOf) return responseBody;
  return JSON.stringify(entry.run.answerOf(JSON.parse(responseBody)));
}

/** A body to run, checked with the direct call's schema (a bad one is the caller's 400). */
function parseRunBody(entry: ApprovalKindEntry, body: unknown): unknown {
  const parsed = entry.schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path.join('.');
  throw new AppError('INVALID_INPUT', field ? { field } : {});
}

/** JSON with object keys sorted: jsonb gives a body back with its keys in its own order. */
function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
      );
    }
    return item;
  };
  return JSON.stringify(sorted(value));
}

/** Reads a money field of a stored body (a JSON number or string) in cents. */
export function moneyField(body: RequestBody, field: string): bigint | undefined {
  const value = body[field];
  return typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
}

export type { TeamRole };
