import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import type { ConversionsService } from '../conversions/conversions.service.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './payments.repository.js';
import { SandboxPayoutRail, type PayoutOrder, type PayoutRail } from './payout-rail.js';
import { publishPaymentEvent } from '../events/event-sources.js';

export interface PaymentsSettings {
  /** Seconds after which the sandbox rail completes a processing payment. */
  payoutSettleSeconds: number;
}

/** Payments one settlement run completes at most; the next run (a second later) goes on. */
const SETTLE_BATCH = 500;
const PAYOUT_RAIL_INTERVAL_MS = 1_000;

/**
 * The payout rail's side of payments: handing a committed payment to the rail, and what the
 * rail reports back, completed (PAYOUT_SETTLED) or returned by the receiving bank
 * (PAYOUT_RETURNED, which gives the MXN back and undoes the invoices' and conversion's paid
 * amounts).
 */
export class PayoutService {
  private rail: PayoutRail = new SandboxPayoutRail();
  private reportRailError: (error: unknown) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly invoices: InvoicesService,
    private readonly conversions: ConversionsService,
    private readonly settings: PaymentsSettings,
    private readonly now: () => Date,
  ) {}

  /** Replaces the sandbox rail (a bank connection). */
  useRail(rail: PayoutRail): void {
    this.rail = rail;
  }

  /**
   * The sandbox rail: completes every payment still processing `payoutSettleSeconds`
   * after it was made, each in its own transaction. Rows are claimed with
   * `for update skip locked`, so replicas running this side by side never settle one
   * payment twice. Answers how many this call completed.
   */
  async settleDuePayouts(): Promise<number> {
    // A real rail's payouts settle when its bank says so (rails/stp), never by the timer.
    if (this.rail.reportsBack) return 0;
    const cutoff = new Date(this.now().getTime() - this.settings.payoutSettleSeconds * 1000);
    let settled = 0;
    while (settled < SETTLE_BATCH) {
      const done = await this.db.transaction().execute(async (trx) => {
        const payment = await repo.claimDuePayment(trx, cutoff);
        if (!payment) return false;
        await this.settle(trx, payment);
        return true;
      });
      if (!done) break;
      settled += 1;
    }
    return settled;
  }

  /** The rail reports a transfer liquidated (a bank rail's callback). */
  async completePayout(paymentId: string): Promise<void> {
    if (!isUuid(paymentId)) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
    await this.db.transaction().execute(async (trx) => {
      const payment = await repo.lockPayment(trx, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
      if (payment.status !== 'PROCESSING') {
        throw new AppError('INVALID_STATE', { field: 'sPaymentId' });
      }
      await this.settle(trx, payment);
    });
  }

  /**
   * The receiving bank returned the transfer: the MXN go back to the enterprise's MXN
   * balance (for pay-now payments too: the USD were converted already), and the invoices'
   * and conversion's paid amounts are undone. A pay-now invoice goes back to To pay; an
   * invoice paid from a conversion stays assigned to it, ready to be paid again.
   */
  async returnPayout(paymentId: string, reason?: string): Promise<void> {
    if (!isUuid(paymentId)) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
    await this.db.transaction().execute(async (trx) => {
      const now = this.now();
      const payment = await repo.lockPayment(trx, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
      if (payment.status === 'RETURNED') {
        throw new AppError('INVALID_STATE', { field: 'sPaymentId' });
      }
      const parts = await repo.findInvoicePartsOfPayment(trx, payment.id);
      if (payment.conversion_id) {
        // Same lock order as a payment: conversion, then invoices by id, then accounts.
        await this.conversions.requireConversion(
          trx,
          payment.enterprise_id,
          payment.conversion_id,
          { forUpdate: true },
        );
        for (const part of parts) {
          await this.invoices.requireInvoice(trx, payment.enterprise_id, part.invoice_id, {
            forUpdate: true,
          });
        }
        let rest = payment.amount_mxn;
        for (const part of parts) {
          await this.conversions.recordPaid(
            trx,
            payment.conversion_id,
            -part.amount_mxn,
            part.invoice_id,
          );
          await this.invoices.changePaid(trx, part.invoice_id, -part.amount_mxn);
          rest -= part.amount_mxn;
        }
        if (rest > 0n) await this.conversions.recordPaid(trx, payment.conversion_id, -rest);
      } else {
        for (const part of parts) {
          await this.invoices.changePaid(trx, part.invoice_id, -part.amount_mxn);
          await this.invoices.changeAssigned(trx, part.invoice_id, -part.amount_mxn);
        }
      }
      // Still in clearing while processing; once liquidated it comes back through the bank.
      const source =
        payment.status === 'PROCESSING' ? 'HOUSE_PAYOUT_CLEARING_MXN' : 'HOUSE_BANK_MXN';
      await this.ledger.post(trx, {
        enterpriseId: payment.enterprise_id,
        kind: 'PAYOUT_RETURNED',
        ...journalText({ code: 'PAYOUT_RETURNED', params: { trackingKey: payment.tracking_key } }),
        reference: payment.tracking_key,
        createdAt: now,
        lines: [
          { account: { house: source }, amount: -payment.amount_mxn },
          {
            account: { enterpriseId: payment.enterprise_id, kind: 'MXN_AVAILABLE' },
            amount: payment.amount_mxn,
          },
        ],
      });
      await repo.setPaymentStatus(trx, payment.id, 'RETURNED', payment.completed_at);
      if (reason) await repo.setReturnReason(trx, payment.id, reason.slice(0, 200));
      await publishPaymentEvent(trx, payment.id, 'payment.returned', now);
    });
  }

  /** Where a failed hand-over to the rail is reported (the payment stays PROCESSING). */
  reportRailErrorsTo(onError: (error: unknown) => void): void {
    this.reportRailError = onError;
  }

  /**
   * Runs `settleDuePayouts` every second (one run at a time) until the returned function
   * is called. The timer does not keep the process alive.
   */
  startPayoutRail(onError: (error: unknown) => void = () => {}): () => void {
    this.reportRailError = onError;
    let running = false;
    let stopped = false;
    const timer = setInterval(() => {
      if (running || stopped) return;
      running = true;
      this.settleDuePayouts()
        .catch((error: unknown) => {
          if (!stopped) onError(error);
        })
        .finally(() => {
          running = false;
        });
    }, PAYOUT_RAIL_INTERVAL_MS);
    timer.unref();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }

  private async settle(trx: Trx, payment: repo.PaymentRow): Promise<void> {
    const now = this.now();
    await this.ledger.post(trx, {
      enterpriseId: payment.enterprise_id,
      kind: 'PAYOUT_SETTLED',
      ...journalText({ code: 'PAYOUT_COMPLETED', params: { trackingKey: payment.tracking_key } }),
      reference: payment.tracking_key,
      createdAt: now,
      lines: [
        { account: { house: 'HOUSE_PAYOUT_CLEARING_MXN' }, amount: -payment.amount_mxn },
        { account: { house: 'HOUSE_BANK_MXN' }, amount: payment.amount_mxn },
      ],
    });
    await repo.setPaymentStatus(trx, payment.id, 'COMPLETED', now);
    await publishPaymentEvent(trx, payment.id, 'payment.completed', now);
  }

  /** Hands a committed payment to the payout rail (after the caller's transaction commits). */
  async submitPayout(order: PayoutOrder): Promise<void> {
    try {
      await this.rail.submit(order);
    } catch (error) {
      // The payment is committed and stays PROCESSING; the rail picks it up again.
      this.reportRailError(error);
    }
  }
}
