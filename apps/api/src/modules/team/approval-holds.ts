import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { moneyToDecimalString, type Language } from '@app/domain';
import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/auth.service.js';
import { publishEvent } from '../events/publish-event.js';
import {
  approvalKindEntry,
  type ApprovalKind,
  type ApprovalServices,
  type RequestBody,
} from './approval-kinds.js';
import { canonicalJson, parseRunBody } from './approval-body.js';
import { toApiApproval, type ApiApproval } from './approval.view.js';
import { DECIDERS } from './route-roles.js';
import * as repo from './team.repository.js';

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
  language: Language;
}

/** Thrown to undo the transaction a held request is checked in. */
class CheckedNothingWritten extends Error {}

/**
 * What waits for a second person, as it is asked: the call is checked as if it ran now
 * (an impossible one is refused with the direct call's own error, and nothing waits), then
 * stored with its `approval.requested` event. A call replayed with its key finds its
 * approval again.
 */
export class ApprovalHolds {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly services: () => ApprovalServices,
  ) {}

  /**
   * Runs the request as the direct call would run it now, as its maker, in a transaction
   * that is then undone: a refusal (funds, limits, supplier or invoice state) is the
   * caller's, with the direct call's code; nothing is written.
   */
  private async checkAsIfNow(kind: ApprovalKind, call: HeldCall, enterpriseId: string) {
    const entry = approvalKindEntry(kind);
    const body = parseRunBody(entry, call.body ?? {});
    const check =
      entry.check ?? (entry.run.mode === 'inTransaction' ? entry.run.execute : undefined);
    if (!check) return;
    const services = this.services();
    const run = {
      enterpriseId,
      userId: call.principal.user.sUserId,
      body,
      idempotencyKey: call.idempotencyKey ?? 'approval-check',
      language: 'en' as const,
      now: this.now(),
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await check(services, trx, run);
        throw new CheckedNothingWritten();
      });
    } catch (error) {
      if (!(error instanceof CheckedNothingWritten)) throw error;
    }
  }

  /**
   * Holds the call for approval when it needs one, answering the approval (the route then
   * answers 202); undefined lets the call run now. A call replayed with the same
   * Idempotency-Key finds its approval again, whatever became of it. The kind describes the
   * request (what it is about, its amount) only when an approval may be needed.
   */
  async holdIfRequired(
    call: HeldCall,
    kind: ApprovalKind,
    options: {
      /** The hold context, when the caller read it with its own first read (pay-now does). */
      context?: repo.HoldContext;
    } = {},
  ): Promise<ApiApproval | undefined> {
    const { principal } = call;
    const enterpriseId = principal.enterpriseId;
    const key = call.idempotencyKey;
    const entry = approvalKindEntry(kind);
    const { describe } = entry;
    if (!describe) throw new Error(`Approval kind ${kind} is not held by a route`);
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
    const { summary, amountUsdCents } = await describe(
      this.services(),
      { db: this.db, enterpriseId, userId: principal.user.sUserId, language: call.language },
      parseRunBody(entry, call.body ?? {}),
    );
    const belowThreshold =
      !entry.bankChange &&
      amountUsdCents !== null &&
      threshold !== null &&
      amountUsdCents <= threshold;
    if (!isPreparer && belowThreshold) return undefined;
    await this.checkAsIfNow(kind, call, enterpriseId);
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
  replayed(row: repo.ApprovalRow, body: unknown, principal: Principal): ApiApproval {
    if (canonicalJson(row.request_body) !== canonicalJson(body ?? {})) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return toApiApproval(row, principal.user.sUserId);
  }
}
