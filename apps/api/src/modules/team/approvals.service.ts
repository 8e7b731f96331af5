import {
  maskAccount,
  moneyToNumber,
  rateToNumber,
  type Language,
  type TeamRole,
} from '@app/domain';
import type { Db, Executor } from '../../db/database.js';
import type { ApprovalStatus } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/auth.service.js';
import { isUuid, type RatesService } from '../rates/rates.service.js';
import {
  APPROVAL_KINDS,
  approvalKindEntry,
  type ApprovalKind,
  type ApprovalKindEntry,
  type ApprovalServices,
  type FreshQuoteNeed,
  type RequestBody,
} from './approval-kinds.js';
import { parseRunBody } from './approval-body.js';
import { ApprovalHolds } from './approval-holds.js';
import { ApprovalRunner, type ApprovalFaultPoint } from './approval-runner.js';
import * as repo from './team.repository.js';
import { describeApproval, lookupsFor } from './approval-details.js';
import {
  toApiApproval,
  type ApiApproval,
  type ApiTeamSettings,
  type ReadableApproval,
} from './approval.view.js';

export { APPROVAL_KINDS, type ApprovalKind, type FreshQuoteNeed, type RequestBody };
export type { ApiApproval, ApiTeamSettings, ApprovalFaultPoint };
export { requiredApprovers, type HeldCall } from './approval-holds.js';

/** A supplier waiting for an approval, as the supplier list shows it. */
export interface PendingSupplier {
  sApprovalId: string;
  sChange: 'NEW' | 'BANK_ACCOUNT';
  sPaymentRecipientId: string | null;
  sName: string;
  sBankName: string;
  /** Masked. */
  sAccountNumber: string;
  requested_at: string;
}

/** Who decides, and the language their answer is in. */
export interface Decider {
  principal: Principal;
  language: Language;
}

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

  private readonly holds: ApprovalHolds;
  private readonly runner: ApprovalRunner;

  constructor(
    private readonly db: Db,
    private readonly rates: RatesService,
    private readonly now: () => Date,
    /** How long an APPROVED request's run may take before it counts as cut short. */
    runGraceMs = 60_000,
  ) {
    const services = () => this.connected();
    this.holds = new ApprovalHolds(db, now, services);
    this.runner = new ApprovalRunner(
      db,
      rates,
      now,
      services,
      () => this.report,
      () => this.faultAt,
      runGraceMs,
    );
  }

  /** The services approved requests call, given once every module is built. */
  connect(services: Omit<ApprovalServices, 'rates'>): void {
    this.services = { ...services, rates: this.rates };
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
   * answers 202); undefined lets the call run now. What it checks first is `ApprovalHolds`'.
   */
  holdIfRequired(...args: Parameters<ApprovalHolds['holdIfRequired']>) {
    return this.holds.holdIfRequired(...args);
  }

  /** Holds an automatic execution (a rate order's fill) in the caller's transaction. */
  holdInTransaction(...args: Parameters<ApprovalHolds['holdInTransaction']>) {
    return this.holds.holdInTransaction(...args);
  }

  async list(
    decider: Decider,
    filter: { status?: ApprovalStatus | undefined; page: number; limit: number },
  ): Promise<{
    approvals: ReadableApproval[];
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
      approvals: await this.readable(rows, decider),
      total,
      iPending: pending,
      page: filter.page,
      limit: filter.limit,
    };
  }

  async get(decider: Decider, approvalId: string): Promise<ReadableApproval> {
    const row = await this.requireRow(decider.principal.enterpriseId, approvalId);
    return (await this.readable([row], decider))[0]!;
  }

  /** Approvals as a person reads them: with what each asks, at the current rate. */
  private async readable(rows: repo.ApprovalRow[], decider: Decider): Promise<ReadableApproval[]> {
    const enterpriseId = decider.principal.enterpriseId;
    const lookups = await lookupsFor(
      this.db,
      enterpriseId,
      rows.map((row) => (row.request_body ?? {}) as RequestBody),
      this.rates.customerRateAt(this.now()),
    );
    return rows.map((row) => ({
      ...toApiApproval(row, decider.principal.user.sUserId, decider.language),
      oDetails: describeApproval(row, lookups, decider.language),
    }));
  }

  /**
   * Suppliers waiting for an approval, for the supplier list: a new one, or a new bank
   * account for one that exists (no money moves for either).
   */
  async pendingSuppliers(enterpriseId: string): Promise<PendingSupplier[]> {
    const rows = await repo.listPendingSupplierApprovals(this.db, enterpriseId);
    return rows.map((row) => {
      const body = (row.request_body ?? {}) as RequestBody;
      const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
      return {
        sApprovalId: row.id,
        sChange: row.kind === 'SUPPLIER_CREATE' ? 'NEW' : 'BANK_ACCOUNT',
        sPaymentRecipientId:
          row.kind === 'SUPPLIER_UPDATE' ? field('sPaymentRecipientId') || null : null,
        sName: field('sName'),
        sBankName: field('sBankName'),
        sAccountNumber: maskAccount(field('sAccountNumber')),
        requested_at: row.requested_at.toISOString(),
      };
    });
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
    const quote = await this.runner.issueQuote(
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
  ): Promise<ReadableApproval> {
    const { principal } = decider;
    const enterpriseId = principal.enterpriseId;
    const row = await this.requireRow(enterpriseId, approvalId);
    const entry = approvalKindEntry(row.kind);
    if (row.status === 'APPROVED') {
      if (row.requested_by === principal.user.sUserId) throw new AppError('SELF_APPROVAL');
      if (!(await this.runner.claimUnfinished(row))) throw new AppError('APPROVAL_RUNNING');
      await this.runner.finish(row);
      return this.get(decider, approvalId);
    }
    if (row.status !== 'PENDING') {
      if (row.status === 'REJECTED' || row.status === 'EXPIRED') {
        throw new AppError('APPROVAL_CLOSED');
      }
      return (await this.readable([row], decider))[0]!;
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
      await this.runner.runInTransaction(trx, services, entry, row, run, principal.user.sUserId);
      return 'DONE' as const;
    });
    if (outcome === 'CLOSED') throw new AppError('APPROVAL_CLOSED');
    if (outcome === 'SIGNED') return this.get(decider, row.id);
    if (outcome === 'DECIDED') {
      const now = await this.requireRow(enterpriseId, row.id);
      if (now.status === 'APPROVED') throw new AppError('APPROVAL_RUNNING');
      return (await this.readable([now], decider))[0]!;
    }
    if (outcome === 'RUN') {
      this.faultAt?.('after-decision');
      await this.runner.runStandalone(entry, { ...row, decided_by: principal.user.sUserId }, run);
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
   * The finishing job: every APPROVED request whose run was cut short is finished once.
   * Answers how many it finished.
   */
  finishUnfinished(): Promise<number> {
    return this.runner.finishUnfinished();
  }

  async reject(
    decider: Decider,
    approvalId: string,
    reason: string | null,
  ): Promise<ReadableApproval> {
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

export type { TeamRole };
