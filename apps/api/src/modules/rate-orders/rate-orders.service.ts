import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  moneyToNumber,
  todayInTimeZone,
  usdForExactMxn,
  type CalendarDate,
  type Language,
} from '@app/domain';
import type { Db, Trx } from '../../db/database.js';
import { AppError, isAppError } from '../../errors.js';
import type { ConversionsService } from '../conversions/conversions.service.js';
import type { InvoiceRow, InvoicesService } from '../invoices/invoices.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { ApprovalsService } from '../team/approvals.service.js';
import { isUuid, type Quote, type RatesService } from '../rates/rates.service.js';
import { notifyRateOrderOutcome, type RateOrderOutcome } from './rate-order-notification.js';
import {
  expiryProblem,
  isPastExpiry,
  rateOrderReached,
  type RateOrderReason,
} from './rate-order-rules.js';
import { toApiRateOrder, type ApiRateOrder } from './rate-order-view.js';
import * as repo from './rate-orders.repository.js';

/** Largest page of the company's rate orders, and the default. */
export const RATE_ORDER_LIST_CAP = 200;
/** Orders one sweep settles at most; the next run takes the rest. */
const SWEEP_BATCH = 100;

export interface RateOrderInput {
  /** MXN per USD; the invoice's protected rate when absent. */
  targetRateMicro?: bigint | undefined;
  expiresOn: CalendarDate;
}

export interface SweepSummary {
  filled: number;
  failed: number;
  expired: number;
  /** Reached, above the approval threshold: now waiting for a second person. */
  held: number;
}

type Settlement = 'skipped' | 'waiting' | 'held' | 'filled' | 'failed' | 'expired';

/**
 * Rate orders: "convert this To pay invoice's MXN when the market reaches my rate before
 * this date". `settleDueOrders` is the job: it reads the market once, takes the active
 * orders the market reached (or whose day passed, or whose invoice changed), and settles
 * each in its own transaction, claimed `for update skip locked`, so two runs at once fill
 * an order once. A fill is the conversion from an invoice (`convertInvoiceInTransaction`):
 * a spot conversion of exactly the invoice's MXN (USD rounded up to the cent,
 * `usdForExactMxn`) at the enterprise's live quote, assigned to the invoice.
 */
export class RateOrdersService {
  constructor(
    private readonly db: Db,
    private readonly finance: {
      rates: RatesService;
      invoices: InvoicesService;
      conversions: ConversionsService;
      approvals: ApprovalsService;
    },
    private readonly mail: Pick<MailService, 'enqueue' | 'flush'>,
    private readonly now: () => Date,
  ) {}

  /**
   * `POST invoices/{id}/rate-order`: sets the invoice's order, replacing an active one
   * (which becomes CANCELLED). Only a To pay invoice with nothing assigned can carry one.
   */
  async place(
    owner: { enterpriseId: string; userId: string; language: Language },
    invoiceId: string,
    input: RateOrderInput,
  ): Promise<ApiRateOrder> {
    const now = this.now();
    if (expiryProblem(input.expiresOn, todayInTimeZone(now))) {
      throw new AppError('INVALID_INPUT', { field: 'dExpiresOn' });
    }
    if (!isUuid(invoiceId)) throw new AppError('NOT_FOUND', { field: 'id' });
    const id = invoiceId.toLowerCase();
    const row = await this.db.transaction().execute(async (trx) => {
      // Order row, then invoice: the lock order of a fill, so the two never deadlock.
      const previous = await repo.lockActiveOrderOfInvoice(trx, owner.enterpriseId, id);
      const invoice = await this.requireToPayInvoice(trx, owner.enterpriseId, id);
      const active = previous ?? (await repo.lockActiveOrderOfInvoice(trx, owner.enterpriseId, id));
      if (active) {
        await repo.closeOrder(trx, active.id, { status: 'CANCELLED', reason: null, closedAt: now });
      }
      const order = {
        id: randomUUID(),
        enterprise_id: owner.enterpriseId,
        invoice_id: invoice.id,
        created_by: owner.userId,
        language: owner.language,
        target_rate_micro: input.targetRateMicro ?? invoice.rate_protection_micro,
        expires_on: input.expiresOn,
        status: 'ACTIVE' as const,
        reason: null,
        conversion_id: null,
        fill_rate_micro: null,
        approval_id: null,
        created_at: now,
        closed_at: null,
      };
      await repo.insertRateOrder(trx, order);
      return order;
    });
    return toApiRateOrder(row);
  }

  /** `DELETE invoices/{id}/rate-order`: cancels the invoice's active order. */
  async cancel(enterpriseId: string, invoiceId: string): Promise<void> {
    if (!isUuid(invoiceId)) throw new AppError('NOT_FOUND', { field: 'id' });
    const id = invoiceId.toLowerCase();
    await this.db.transaction().execute(async (trx) => {
      // Waits for a fill in progress; a filled order can no longer be cancelled.
      const active = await repo.lockActiveOrderOfInvoice(trx, enterpriseId, id);
      if (!active) {
        await this.finance.invoices.requireInvoice(trx, enterpriseId, id, { field: 'id' });
        throw new AppError('INVALID_STATE', { field: 'id' });
      }
      await repo.closeOrder(trx, active.id, {
        status: 'CANCELLED',
        reason: null,
        closedAt: this.now(),
      });
    });
  }

  /** `GET rate-orders`: the company's orders, newest first. */
  async list(
    enterpriseId: string,
    page: { page?: number | undefined; limit?: number | undefined },
  ): Promise<{
    rateOrders: Array<ApiRateOrder & { sInvoice: string; dTotalAmount: number }>;
    total: number;
  }> {
    const limit = Math.min(page.limit ?? RATE_ORDER_LIST_CAP, RATE_ORDER_LIST_CAP);
    const offset = ((page.page ?? 1) - 1) * limit;
    const { rows, total } = await repo.listOrders(this.db, enterpriseId, { offset, limit });
    return {
      rateOrders: rows.map((row) => ({
        ...toApiRateOrder(row),
        sInvoice: row.invoice_name,
        dTotalAmount: moneyToNumber(row.total_mxn),
      })),
      total,
    };
  }

  /**
   * The job: settles every active order the market reached, whose last day passed, or whose
   * invoice is no longer To pay. Safe to run on several replicas at once.
   */
  async settleDueOrders(): Promise<SweepSummary> {
    const now = this.now();
    const today = todayInTimeZone(now);
    const marketRateMicro = this.finance.rates.customerRateAt(now);
    const due = await repo.findOrdersToSettle(this.db, marketRateMicro, today, SWEEP_BATCH);
    const summary: SweepSummary = { filled: 0, failed: 0, expired: 0, held: 0 };
    // One live quote per enterprise, issued before the order's transaction (on PGlite the
    // transaction holds the one connection).
    const quotes = new Map<string, Quote>();
    for (const candidate of due) {
      let quote = quotes.get(candidate.enterprise_id);
      if (!quote && rateOrderReached(marketRateMicro, candidate.target_rate_micro)) {
        quote = await this.finance.rates.spotQuote(candidate.enterprise_id);
        quotes.set(candidate.enterprise_id, quote);
      }
      const settled = await this.settleOne(candidate.id, quote, now, today);
      if (settled !== 'skipped' && settled !== 'waiting') summary[settled] += 1;
    }
    summary.failed += await this.closeRefusedFills(now);
    if (summary.filled + summary.failed + summary.expired + summary.held > 0) {
      await this.mail.flush();
    }
    return summary;
  }

  private async settleOne(
    orderId: string,
    quote: Quote | undefined,
    now: Date,
    today: CalendarDate,
  ): Promise<Settlement> {
    return this.db.transaction().execute(async (trx): Promise<Settlement> => {
      const order = await repo.claimActiveOrder(trx, orderId);
      if (!order) return 'skipped';
      const fail = async (reason: RateOrderReason, status: 'FAILED' | 'EXPIRED' = 'FAILED') => {
        await repo.closeOrder(trx, order.id, { status, reason, closedAt: now });
        await notifyRateOrderOutcome(trx, this.mail, order, { kind: 'failed', reason }, now);
        return status === 'EXPIRED' ? ('expired' as const) : ('failed' as const);
      };
      const invoice = await this.findInvoice(trx, order.enterprise_id, order.invoice_id);
      if (!invoice) return fail('INVOICE_REMOVED');
      if (invoice.status !== 'TO_PAY' || invoice.assigned_mxn > 0n) {
        return fail('INVOICE_NOT_TO_PAY');
      }
      if (isPastExpiry(order.expires_on, today)) return fail('EXPIRED', 'EXPIRED');
      if (!quote || !rateOrderReached(quote.rateMicro, order.target_rate_micro)) return 'waiting';

      // Maker-checker covers the fill like the direct conversion: above the company's
      // threshold it waits for a second person, who approves it at a fresh quote.
      const usdCents = usdForExactMxn(invoice.total_mxn, quote.rateMicro);
      const threshold = await this.finance.approvals.thresholdOf(trx, order.enterprise_id);
      if (threshold !== null && usdCents > threshold) {
        const approvalId = await this.finance.approvals.holdInTransaction(trx, {
          enterpriseId: order.enterprise_id,
          kind: 'RATE_ORDER_FILL',
          body: {
            sRateOrderId: order.id,
            sInvoiceId: order.invoice_id,
            sExchangeRateReference: quote.id,
          },
          idempotencyKey: `rate-order:${order.id}`,
          amountUsdCents: usdCents,
          summary: invoice.invoice_name,
          makerUserId: order.created_by,
        });
        await repo.awaitApproval(trx, order.id, approvalId);
        return 'held';
      }

      // The conversion runs in a savepoint: when the balance cannot cover it, the order is
      // still marked FAILED in this transaction.
      await sql`savepoint rate_order_fill`.execute(trx);
      let outcome: RateOrderOutcome;
      try {
        const conversion = await this.finance.conversions.convertInvoiceInTransaction(
          trx,
          order.enterprise_id,
          {
            kind: 'FOREX',
            quoteId: quote.id,
            statedRateMicro: quote.rateMicro,
            external: false,
            invoiceId: order.invoice_id,
          },
          now,
        );
        await sql`release savepoint rate_order_fill`.execute(trx);
        outcome = {
          kind: 'filled',
          rateMicro: conversion.rate_micro,
          usdCents: conversion.usd_cents,
          conversionId: conversion.id,
        };
      } catch (error) {
        await sql`rollback to savepoint rate_order_fill`.execute(trx);
        if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS') {
          return fail('INSUFFICIENT_FUNDS');
        }
        // A quote that aged out meanwhile: the next run tries at a fresh one.
        if (isAppError(error) && error.code === 'QUOTE_EXPIRED') return 'waiting';
        throw error;
      }
      await repo.closeOrder(trx, order.id, {
        status: 'FILLED',
        reason: null,
        closedAt: now,
        conversionId: outcome.conversionId,
        fillRateMicro: outcome.rateMicro,
      });
      await notifyRateOrderOutcome(trx, this.mail, order, outcome, now);
      return 'filled';
    });
  }

  /**
   * The fill of an order that waited for approval, run by the approval in the transaction
   * that decides it, at the approver's fresh quote: the conversion of exactly the invoice's
   * MXN, assigned to the invoice. A refusal (funds, the invoice changed) throws, and the
   * approval is FAILED with it; the order then closes with `closeRefusedFills`.
   */
  async fillApproved(
    trx: Trx,
    enterpriseId: string,
    fill: { orderId: string; quoteId: string; now: Date },
  ): Promise<ApiRateOrder> {
    const order = await repo.lockAwaitingOrder(trx, enterpriseId, fill.orderId);
    if (!order) throw new AppError('INVALID_STATE', { field: 'sRateOrderId' });
    const invoice = await this.findInvoice(trx, enterpriseId, order.invoice_id);
    if (!invoice || invoice.status !== 'TO_PAY' || invoice.assigned_mxn > 0n) {
      throw new AppError('INVALID_STATE', { field: 'sInvoiceId' });
    }
    const quote = await this.finance.rates.requireSpotQuote(trx, enterpriseId, fill.quoteId, {
      field: 'sExchangeRateReference',
    });
    const conversion = await this.finance.conversions.convertInvoiceInTransaction(
      trx,
      enterpriseId,
      {
        kind: 'FOREX',
        quoteId: quote.id,
        statedRateMicro: quote.rateMicro,
        external: false,
        invoiceId: order.invoice_id,
      },
      fill.now,
    );
    const filled = {
      status: 'FILLED' as const,
      reason: null,
      closedAt: fill.now,
      conversionId: conversion.id,
      fillRateMicro: conversion.rate_micro,
    };
    await repo.closeOrder(trx, order.id, filled);
    await notifyRateOrderOutcome(
      trx,
      this.mail,
      order,
      {
        kind: 'filled',
        rateMicro: conversion.rate_micro,
        usdCents: conversion.usd_cents,
        conversionId: conversion.id,
      },
      fill.now,
    );
    return toApiRateOrder({
      ...order,
      status: 'FILLED',
      closed_at: fill.now,
      conversion_id: conversion.id,
      fill_rate_micro: conversion.rate_micro,
    });
  }

  /**
   * Orders whose fill's approval was rejected, expired or failed close FAILED with that
   * reason (the e-mail to the user who set it says so). Answers how many.
   */
  private async closeRefusedFills(now: Date): Promise<number> {
    const refused = await repo.findOrdersWithClosedApproval(this.db, SWEEP_BATCH);
    let closed = 0;
    for (const candidate of refused) {
      const reason: RateOrderReason =
        candidate.approval_status === 'REJECTED'
          ? 'APPROVAL_REJECTED'
          : candidate.approval_status === 'EXPIRED'
            ? 'APPROVAL_EXPIRED'
            : candidate.failure_code === 'INSUFFICIENT_FUNDS'
              ? 'INSUFFICIENT_FUNDS'
              : 'APPROVAL_FAILED';
      const done = await this.db.transaction().execute(async (trx) => {
        const order = await repo.claimAwaitingOrder(trx, candidate.id);
        if (!order) return false;
        await repo.closeOrder(trx, order.id, { status: 'FAILED', reason, closedAt: now });
        await notifyRateOrderOutcome(trx, this.mail, order, { kind: 'failed', reason }, now);
        return true;
      });
      if (done) closed += 1;
    }
    return closed;
  }

  /** The invoice, locked; undefined when it was deleted. */
  private async findInvoice(
    trx: Trx,
    enterpriseId: string,
    invoiceId: string,
  ): Promise<InvoiceRow | undefined> {
    try {
      return await this.finance.invoices.requireInvoice(trx, enterpriseId, invoiceId, {
        forUpdate: true,
      });
    } catch (error) {
      if (isAppError(error) && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
  }

  private async requireToPayInvoice(
    trx: Trx,
    enterpriseId: string,
    invoiceId: string,
  ): Promise<InvoiceRow> {
    const invoice = await this.finance.invoices.requireInvoice(trx, enterpriseId, invoiceId, {
      field: 'id',
      forUpdate: true,
    });
    if (invoice.status !== 'TO_PAY' || invoice.assigned_mxn > 0n) {
      throw new AppError('INVALID_STATE', { field: 'id' });
    }
    return invoice;
  }
}
