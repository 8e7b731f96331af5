import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  isErrorCode,
  moneyToDecimalString,
  moneyToNumber,
  parseMoney,
  rateToNumber,
  type CalendarDate,
  type Language,
  type TeamRole,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import type { ApprovalStatus } from '../../db/schema.js';
import { AppError, isAppError } from '../../errors.js';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import type { Principal } from '../auth/auth.service.js';
import { publishEvent } from '../events/publish-event.js';
import { isUuid, type RatesService } from '../rates/rates.service.js';
import { DECIDERS } from './route-roles.js';
import * as repo from './team.repository.js';

/** What an approval holds: a money call, or a supplier's bank data (issue 17). */
export const APPROVAL_KINDS = [
  'PAY_NOW',
  'PAY_INVOICE',
  'PAY_FROM_CONVERSION',
  'CONVERT',
  'CONVERT_INVOICE',
  'CHECKOUT',
  'BATCH',
  'SUPPLIER_CREATE',
  'SUPPLIER_UPDATE',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES: readonly ApprovalStatus[] = [
  'PENDING',
  'APPROVED',
  'EXECUTED',
  'FAILED',
  'REJECTED',
  'EXPIRED',
];

/** The quote an approver confirms before the request runs again. */
export type FreshQuoteNeed =
  { kind: 'NONE' } | { kind: 'SPOT' } | { kind: 'FORWARD'; forwardDate: CalendarDate };

export type RequestBody = Record<string, unknown>;

/**
 * How a kind of request runs again on approval. Each route that may be held defines its
 * kind once (`defineKind`) with the same service call it makes itself.
 */
export interface ApprovalKindDefinition {
  quoteNeed(body: RequestBody): FreshQuoteNeed;
  /** The body with the approver's fresh quote put in (the fields the route reads it from). */
  withQuote?(body: RequestBody, quote: { id: string; rateMicro: bigint }): RequestBody;
  /** Runs the stored request as its initiator; answers the route's status and body. */
  execute(run: {
    enterpriseId: string;
    userId: string;
    body: RequestBody;
    idempotencyKey: string;
    language: Language;
  }): Promise<{ status: number; body: unknown }>;
}

export interface ApiApproval {
  sApprovalId: string;
  sKind: ApprovalKind;
  sStatus: ApprovalStatus;
  dAmountUsd: number | null;
  sSummary: string;
  request: RequestBody;
  requestedBy: { sUserId: string; sFullName: string };
  requested_at: string;
  expiresAt: string;
  decidedBy: { sUserId: string; sFullName: string } | null;
  decided_at: string | null;
  sReason: string | null;
  sFailureCode: string | null;
  result: unknown;
  bMine: boolean;
}

export interface ApiTeamSettings {
  dApprovalThresholdUsd: number | null;
  iApprovalExpiryHours: number;
  iCoolingOffHours: number;
}

function toApiApproval(row: repo.ApprovalRow, callerUserId: string): ApiApproval {
  return {
    sApprovalId: row.id,
    sKind: row.kind as ApprovalKind,
    sStatus: row.status,
    dAmountUsd: row.amount_usd_cents === null ? null : moneyToNumber(row.amount_usd_cents),
    sSummary: row.summary,
    request: (row.request_body ?? {}) as RequestBody,
    requestedBy: { sUserId: row.requested_by, sFullName: row.requested_by_name },
    requested_at: row.requested_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedBy:
      row.decided_by === null
        ? null
        : { sUserId: row.decided_by, sFullName: row.decided_by_name ?? '' },
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    sReason: row.reason,
    sFailureCode: row.failure_code,
    result: row.result_body ?? null,
    bMine: row.requested_by === callerUserId,
  };
}

/**
 * Maker-checker (DOMAIN.md): a money call above the company's threshold, any money call of a
 * PREPARER, and a supplier's new bank account in a company with approvals on wait for a
 * second person. The approval keeps the request and its Idempotency-Key; an approver runs it
 * again at a fresh quote they saw, once (the approval row is locked while it is decided).
 */
export class ApprovalsService {
  private readonly kinds = new Map<ApprovalKind, ApprovalKindDefinition>();

  constructor(
    private readonly db: Db,
    private readonly rates: RatesService,
    private readonly now: () => Date,
  ) {}

  defineKind(kind: ApprovalKind, definition: ApprovalKindDefinition): void {
    this.kinds.set(kind, definition);
  }

  private definition(kind: string): ApprovalKindDefinition {
    const definition = this.kinds.get(kind as ApprovalKind);
    if (!definition) throw new Error(`Approval kind ${kind} is not defined`);
    return definition;
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
    };
  }

  async updateSettings(
    enterpriseId: string,
    settings: { thresholdUsdCents: bigint | null; expiryHours: number; coolingOffHours: number },
  ): Promise<ApiTeamSettings> {
    await repo.updateTeamSettings(this.db, enterpriseId, {
      approval_threshold_usd_cents: settings.thresholdUsdCents,
      approval_expiry_hours: settings.expiryHours,
      cooling_off_hours: settings.coolingOffHours,
    });
    return this.settings(enterpriseId);
  }

  /**
   * Holds the request for approval when it needs one, answering the approval (the route then
   * answers 202); undefined lets the request run now. A request replayed with the same
   * Idempotency-Key finds its approval again, whatever became of it.
   *
   * `describe` is read only when an approval may be needed: what the request is about and
   * its amount in USD cents (null when it cannot be told beforehand, which counts as above
   * any threshold). `bankChange`: a supplier's new bank account, held whenever approvals
   * are on, whatever the amount.
   */
  async holdIfRequired(
    request: FastifyRequest,
    kind: ApprovalKind,
    describe: () => Promise<{ summary: string; amountUsdCents: bigint | null }>,
    options: {
      bankChange?: boolean;
      /** The hold context, when the caller read it with its own first read (pay-now does). */
      context?: repo.HoldContext;
    } = {},
  ): Promise<ApiApproval | undefined> {
    const principal = principalOf(request);
    const enterpriseId = principal.enterpriseId;
    const key = idempotencyKeyOf(request);
    const { settings, keyHasApproval } =
      options.context ?? (await repo.findHoldContext(this.db, enterpriseId, kind, key ?? null));
    if (key !== undefined && keyHasApproval) {
      const existing = await repo.findApprovalByKey(this.db, enterpriseId, kind, key);
      if (existing) return this.replayed(existing, request.sentBody, principal);
    }
    const threshold = settings?.approval_threshold_usd_cents ?? null;
    const isPreparer = principal.user.sTeamRole === 'PREPARER';
    if (!isPreparer && threshold === null) return undefined;
    const { summary, amountUsdCents } = await describe();
    const belowThreshold =
      !options.bankChange &&
      amountUsdCents !== null &&
      threshold !== null &&
      amountUsdCents <= threshold;
    if (!isPreparer && belowThreshold) return undefined;
    const now = this.now();
    const id = randomUUID();
    // The approval and its `approval.requested` event (e-mails to those who can decide it,
    // never the initiator; webhooks) are written together.
    const inserted = await this.db.transaction().execute(async (trx) => {
      const written = await repo.insertApproval(trx, {
        id,
        enterprise_id: enterpriseId,
        kind,
        request_body: JSON.stringify(request.sentBody ?? {}),
        idempotency_key: key ?? null,
        amount_usd_cents: amountUsdCents,
        summary: summary.slice(0, 200),
        requested_by: principal.user.sUserId,
        requested_at: now,
        expires_at: new Date(now.getTime() + (settings?.approval_expiry_hours ?? 72) * 3_600_000),
      });
      if (written) {
        await publishEvent(trx, {
          type: 'approval.requested',
          sEnterpriseId: enterpriseId,
          at: now,
          emailTo: { roles: DECIDERS, exceptUserId: principal.user.sUserId },
          data: {
            sApprovalId: id,
            sKind: kind,
            sAction: summary.slice(0, 200),
            sRequestedBy: principal.user.sFullName,
            ...(amountUsdCents === null
              ? {}
              : { dAmount: moneyToDecimalString(amountUsdCents), sCurrency: 'USD' }),
          },
        });
      }
      return written;
    });
    const row = inserted
      ? await repo.findApproval(this.db, enterpriseId, id)
      : key !== undefined
        ? await repo.findApprovalByKey(this.db, enterpriseId, kind, key)
        : undefined;
    if (!row) throw new Error('The approval just written was not found');
    // The held call's audit entry names the approval, as its decision's entry does: the log
    // shows who asked and who decided, side by side.
    request.audit = {
      entity: `approvals/${row.id}`,
      after: { sKind: kind, sStatus: row.status, sSummary: row.summary },
    };
    return inserted
      ? toApiApproval(row, principal.user.sUserId)
      : this.replayed(row, request.sentBody, principal);
  }

  /** The same key with another body is refused, as for any money call. */
  private replayed(row: repo.ApprovalRow, body: unknown, principal: Principal): ApiApproval {
    if (canonicalJson(row.request_body) !== canonicalJson(body ?? {})) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return toApiApproval(row, principal.user.sUserId);
  }

  async list(
    principal: Principal,
    filter: { status?: ApprovalStatus | undefined; page: number; limit: number },
  ): Promise<{
    approvals: ApiApproval[];
    total: number;
    iPending: number;
    page: number;
    limit: number;
  }> {
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
      approvals: rows.map((row) => toApiApproval(row, principal.user.sUserId)),
      total,
      iPending: pending,
      page: filter.page,
      limit: filter.limit,
    };
  }

  async get(principal: Principal, approvalId: string): Promise<ApiApproval> {
    const row = isUuid(approvalId)
      ? await repo.findApproval(this.db, principal.enterpriseId, approvalId)
      : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    return toApiApproval(row, principal.user.sUserId);
  }

  /** A fresh quote for the approver's dialog: spot, or a forward for the request's date. */
  async freshQuote(
    principal: Principal,
    approvalId: string,
  ): Promise<{
    sExchangeRateReference: string;
    dExchangeRate: number;
    quoteExpiresAt: string;
  } | null> {
    const approval = await this.get(principal, approvalId);
    if (approval.sStatus !== 'PENDING') throw new AppError('APPROVAL_CLOSED');
    const need = this.definition(approval.sKind).quoteNeed(approval.request);
    if (need.kind === 'NONE') return null;
    const spot = await this.rates.spotQuote(principal.enterpriseId);
    const quote =
      need.kind === 'SPOT'
        ? spot
        : await this.rates.forwardQuote(principal.enterpriseId, spot.id, need.forwardDate);
    return {
      sExchangeRateReference: quote.id,
      dExchangeRate: rateToNumber(quote.rateMicro),
      quoteExpiresAt: quote.expiresAt.toISOString(),
    };
  }

  /**
   * Another ADMIN or APPROVER approves: the request runs again as its initiator, at the
   * fresh quote the approver confirmed, under its Idempotency-Key. The approval row is locked
   * while it moves PENDING → APPROVED, so two approvers at once, or one approving twice,
   * move the money once; the second is answered the approval as it stands.
   */
  async approve(
    request: FastifyRequest,
    approvalId: string,
    input: { quoteReference?: string | undefined },
  ): Promise<ApiApproval> {
    const principal = principalOf(request);
    const enterpriseId = principal.enterpriseId;
    const approval = await this.get(principal, approvalId);
    const definition = this.definition(approval.sKind);
    const need = definition.quoteNeed(approval.request);
    let body = approval.request;
    if (need.kind !== 'NONE' && approval.sStatus === 'PENDING') {
      if (!input.quoteReference) {
        throw new AppError('INVALID_INPUT', { field: 'sExchangeRateReference' });
      }
      const options = { field: 'sExchangeRateReference' };
      const quote =
        need.kind === 'SPOT'
          ? await this.rates.requireSpotQuote(this.db, enterpriseId, input.quoteReference, options)
          : await this.rates.requireForwardQuote(this.db, enterpriseId, input.quoteReference, {
              ...options,
              forwardDate: need.forwardDate,
            });
      body = definition.withQuote ? definition.withQuote(body, quote) : body;
    }
    const now = this.now();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await repo.lockApproval(trx, enterpriseId, approval.sApprovalId);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status === 'REJECTED' || row.status === 'EXPIRED') return 'CLOSED' as const;
      if (row.status !== 'PENDING') return 'DECIDED' as const;
      if (row.requested_by === principal.user.sUserId) throw new AppError('SELF_APPROVAL');
      if (row.expires_at <= now) {
        await repo.decideApproval(trx, approval.sApprovalId, {
          status: 'EXPIRED',
          decided_at: now,
        });
        return 'CLOSED' as const;
      }
      await repo.decideApproval(trx, approval.sApprovalId, {
        status: 'APPROVED',
        decided_by: principal.user.sUserId,
        decided_at: now,
      });
      return 'RUN' as const;
    });
    if (outcome === 'CLOSED') throw new AppError('APPROVAL_CLOSED');
    if (outcome === 'RUN') {
      try {
        const result = await definition.execute({
          enterpriseId,
          userId: approval.requestedBy.sUserId,
          body,
          idempotencyKey:
            (await this.storedKey(enterpriseId, approval.sApprovalId)) ??
            `approval:${approval.sApprovalId}`,
          language: languageOf(request),
        });
        await repo.decideApproval(this.db, approval.sApprovalId, {
          status: 'EXECUTED',
          result_body: JSON.stringify(result.body),
        });
      } catch (error) {
        const code = isAppError(error) ? error.code : 'INTERNAL_ERROR';
        await repo.decideApproval(this.db, approval.sApprovalId, {
          status: 'FAILED',
          failure_code: isErrorCode(code) ? code : 'INTERNAL_ERROR',
        });
        if (!isAppError(error)) request.log.error({ err: error }, 'An approved request failed');
      }
    }
    return this.get(principal, approval.sApprovalId);
  }

  private async storedKey(enterpriseId: string, approvalId: string): Promise<string | null> {
    const row = await repo.findApproval(this.db, enterpriseId, approvalId);
    return row?.idempotency_key ?? null;
  }

  async reject(
    principal: Principal,
    approvalId: string,
    reason: string | null,
  ): Promise<ApiApproval> {
    const approval = await this.get(principal, approvalId);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.lockApproval(trx, principal.enterpriseId, approval.sApprovalId);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'PENDING' || row.expires_at <= now) throw new AppError('APPROVAL_CLOSED');
      if (row.requested_by === principal.user.sUserId) throw new AppError('SELF_APPROVAL');
      await repo.decideApproval(trx, approval.sApprovalId, {
        status: 'REJECTED',
        decided_by: principal.user.sUserId,
        decided_at: now,
        reason,
      });
    });
    return this.get(principal, approval.sApprovalId);
  }

  /** The expiry job: pending approvals past their time expire. */
  async expireDue(): Promise<number> {
    return repo.expireDueApprovals(this.db, this.now());
  }
}

/** The Idempotency-Key header; sent twice it is ambiguous and refused. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (Array.isArray(key)) throw new AppError('INVALID_INPUT', { field: 'Idempotency-Key' });
  return key;
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
