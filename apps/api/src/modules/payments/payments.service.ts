import { convertMxnToUsd, type Language } from '@app/domain';
import type { Db, Executor, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import { runMoneyWrite } from '../../ledger/money-write.js';
import type { ConversionsService } from '../conversions/conversions.service.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { RatesService } from '../rates/rates.service.js';
import type { SuppliersService } from '../suppliers/suppliers.service.js';
import type * as repo from './payments.repository.js';
import type { PayoutOrder, PayoutRail } from './payout-rail.js';
import { refuseCancelledCfdi } from '../cfdi/cfdi-payable.js';
import { PaymentReadsService } from './payment-reads.service.js';
import { PayoutService, type PaymentsSettings } from './payout.service.js';
import { PayNowService } from './pay-now.service.js';
import type { ApiPayment } from './payment.view.js';
import {
  CONCEPT_MAX_LENGTH,
  insertPayment,
  min,
  mxnToPayFor,
  newTrackingKey,
  usdPaidOutAsMxn,
  withAmountField,
  type InvoicePart,
  type UsdPaymentRequest,
} from './payment-records.js';

/**
 * Supplier payments, one service per operation: pay now (`PayNowService`), the payout rail
 * and what it reports (`PayoutService`), the read model (`PaymentReadsService`), and here
 * the payments of an invoice, out of a settled conversion and of a marketplace order's
 * payout. Each payment is one transaction that posts its journal, records the payment and
 * moves the invoices' and conversions' paid amounts. This class builds the others over one
 * set of dependencies and is what routes and other modules hold.
 */
export class PaymentsService {
  readonly reads: PaymentReadsService;
  readonly payout: PayoutService;
  readonly payNow: PayNowService;

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly rates: RatesService,
    private readonly suppliers: SuppliersService,
    private readonly invoices: InvoicesService,
    private readonly conversions: ConversionsService,
    settings: PaymentsSettings,
    private readonly now: () => Date,
  ) {
    this.reads = new PaymentReadsService(db, rates, invoices, now);
    this.payout = new PayoutService(db, ledger, invoices, conversions, settings, now);
    this.payNow = new PayNowService(db, ledger, rates, suppliers, this.reads, this.payout, now);
  }

  /**
   * Pays a whole To pay invoice now from USD at a spot quote (DESIGN §4: forex and
   * payment in one journal). The invoice becomes Paid.
   */
  async payInvoice(
    enterpriseId: string,
    input: { invoiceId: string; quoteId: string },
    idempotencyKey: string | undefined,
  ): Promise<ApiPayment> {
    return this.moneyWrite(enterpriseId, 'payments/invoice', input, idempotencyKey, async (trx) => {
      const quote = await this.rates.requireSpotQuote(trx, enterpriseId, input.quoteId, {
        field: 'sExchangeRateReference',
      });
      return this.payInvoiceExactInTransaction(trx, enterpriseId, {
        invoiceId: input.invoiceId,
        rateMicro: quote.rateMicro,
        quoteId: quote.id,
      });
    });
  }

  /**
   * Pays a whole To pay invoice inside the caller's transaction at a quote the caller has
   * checked: its MXN exactly, the USD rounded up to the cent. The invoice becomes Paid.
   */
  async payInvoiceExactInTransaction(
    trx: Trx,
    enterpriseId: string,
    input: { invoiceId: string; rateMicro: bigint; quoteId: string },
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    const invoice = await this.invoices.requireInvoice(trx, enterpriseId, input.invoiceId, {
      field: 'sInvoiceId',
      forUpdate: true,
    });
    if (invoice.status !== 'TO_PAY') throw new AppError('INVALID_STATE', { field: 'sInvoiceId' });
    await refuseCancelledCfdi(trx, invoice.id);
    // A deleted supplier's invoices stay, but it is paid no more (the share lock keeps it from
    // being deleted until this payment commits).
    const recipient = this.suppliers.refuseDeleted(
      await this.suppliers.requireRecipient(trx, enterpriseId, invoice.payment_recipient_id, {
        field: 'sInvoiceId',
        includeDeleted: true,
        forShare: true,
      }),
      'sInvoiceId',
    );
    await this.invoices.changeAssigned(trx, invoice.id, invoice.total_mxn);
    await this.invoices.changePaid(trx, invoice.id, invoice.total_mxn);
    return this.payNow.payExactMxnInTransaction(trx, enterpriseId, {
      recipient,
      amountMxn: invoice.total_mxn,
      rateMicro: input.rateMicro,
      quoteId: input.quoteId,
      concept: `Pago factura ${invoice.invoice_name}`,
      invoiceParts: [{ invoiceId: invoice.id, amountMxn: invoice.total_mxn }],
    });
  }
  /**
   * A marketplace grower's payout from an order's held goods money (docs/MONEY.md), inside
   * the caller's transaction, at the rate locked at checkout: the buyer's held USD →
   * FX liquidity, FX MXN → payout clearing, and a payment to the grower's payee that the
   * payout rail then settles or returns. The caller hands the answered payout order to
   * `submitPayout` once its transaction has committed.
   */
  async payOrderPayoutInTransaction(
    trx: Trx,
    enterpriseId: string,
    input: UsdPaymentRequest & {
      quoteId: string | null;
      /** The order's tracking number, for the statement's description. */
      orderTracking: string;
      now: Date;
    },
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    const amountMxn = mxnToPayFor(input.amountUsd, input.rateMicro);
    const trackingKey = newTrackingKey(input.now);
    const concept = input.concept.slice(0, CONCEPT_MAX_LENGTH);
    const journalId = await this.ledger.post(trx, {
      enterpriseId,
      kind: 'ORDER_RELEASE',
      ...journalText({
        code: 'ORDER_RELEASE',
        params: { tracking: input.orderTracking, recipient: input.recipient.name },
      }),
      reference: trackingKey,
      quoteId: input.quoteId,
      rateMicro: input.rateMicro,
      createdAt: input.now,
      lines: usdPaidOutAsMxn(enterpriseId, 'USD_ORDER_HELD', input.amountUsd, amountMxn),
    });
    return insertPayment(trx, this.reads, enterpriseId, {
      type: 'PAY_NOW',
      recipient: input.recipient,
      conversionId: null,
      amountMxn,
      amountUsd: input.amountUsd,
      rateMicro: input.rateMicro,
      concept,
      trackingKey,
      journalId,
      invoiceParts: [],
      now: input.now,
    });
  }

  /**
   * Pays a supplier from a settled conversion's MXN. The amount goes to that supplier's
   * invoices attached to the conversion (the unpaid part of each, oldest assignment
   * first); what is left over is paid on the conversion alone.
   */
  async payFromConversion(
    enterpriseId: string,
    input: { conversionId: string; recipientId: string; amountMxn: bigint; comment: string },
    idempotencyKey: string | undefined,
  ): Promise<ApiPayment> {
    return this.moneyWrite(enterpriseId, 'payments/', input, idempotencyKey, (trx) =>
      this.payFromConversionInTransaction(trx, enterpriseId, input),
    );
  }

  /**
   * `payFromConversion` inside the caller's transaction (a marketplace order pays its
   * grower this way). The caller owns idempotency and hands the answered payout order to
   * `submitPayout` once its transaction has committed.
   */
  async payFromConversionInTransaction(
    trx: Trx,
    enterpriseId: string,
    input: { conversionId: string; recipientId: string; amountMxn: bigint; comment: string },
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    const now = this.now();
    // The conversion's row lock serializes payments out of one conversion.
    const conversion = await this.conversions.requireConversion(
      trx,
      enterpriseId,
      input.conversionId,
      { field: 'sTransactionId', forUpdate: true },
    );
    if (conversion.status !== 'SETTLED') {
      throw new AppError('INVALID_STATE', { field: 'sTransactionId' });
    }
    const recipient = this.suppliers.refuseDeleted(
      await this.suppliers.requireRecipient(trx, enterpriseId, input.recipientId, {
        includeDeleted: true,
        forShare: true,
      }),
    );
    if (input.amountMxn > conversion.mxn_cents - conversion.paid_mxn) {
      throw new AppError('INSUFFICIENT_FUNDS', { field: 'dAmount' });
    }

    const open = (await this.conversions.assignments(trx, conversion.id)).filter(
      (assignment) => assignment.amount_mxn > assignment.paid_mxn,
    );
    // Lock the invoices in id order (the order every writer uses), then allocate by age.
    const recipientOf = new Map<string, string>();
    for (const invoiceId of [...new Set(open.map((row) => row.invoice_id))].sort()) {
      const invoice = await this.invoices.requireInvoice(trx, enterpriseId, invoiceId, {
        forUpdate: true,
      });
      recipientOf.set(invoiceId, invoice.payment_recipient_id);
    }
    let rest = input.amountMxn;
    const invoiceParts: InvoicePart[] = [];
    for (const assignment of open) {
      if (rest === 0n) break;
      if (recipientOf.get(assignment.invoice_id) !== recipient.id) continue;
      const part = min(assignment.amount_mxn - assignment.paid_mxn, rest);
      invoiceParts.push({ invoiceId: assignment.invoice_id, amountMxn: part });
      rest -= part;
    }
    for (const part of invoiceParts) {
      await refuseCancelledCfdi(trx, part.invoiceId, 'sTransactionId');
    }
    for (const part of invoiceParts) {
      await this.conversions.recordPaid(trx, conversion.id, part.amountMxn, part.invoiceId);
      await this.invoices.changePaid(trx, part.invoiceId, part.amountMxn);
    }
    if (rest > 0n) await this.conversions.recordPaid(trx, conversion.id, rest);

    const trackingKey = newTrackingKey(now);
    const journalId = await withAmountField('dAmount', () =>
      this.ledger.post(trx, {
        enterpriseId,
        kind: 'SUPPLIER_PAYMENT',
        ...journalText({
          code: 'SUPPLIER_PAYMENT',
          params: { recipient: recipient.name, tracking: conversion.tracking_id.toString() },
        }),
        reference: trackingKey,
        rateMicro: conversion.rate_micro,
        createdAt: now,
        lines: [
          { account: { enterpriseId, kind: 'MXN_AVAILABLE' }, amount: -input.amountMxn },
          { account: { house: 'HOUSE_PAYOUT_CLEARING_MXN' }, amount: input.amountMxn },
        ],
      }),
    );
    return insertPayment(trx, this.reads, enterpriseId, {
      type: conversion.type,
      recipient,
      conversionId: conversion.id,
      amountMxn: input.amountMxn,
      amountUsd: convertMxnToUsd(input.amountMxn, conversion.rate_micro),
      rateMicro: conversion.rate_micro,
      concept: input.comment,
      trackingKey,
      journalId,
      invoiceParts,
      now,
    });
  }

  /**
   * One money write through `runMoneyWrite`; a payment made by this call (not a replay)
   * goes to the payout rail once the transaction has committed.
   */
  private async moneyWrite(
    enterpriseId: string,
    operation: string,
    body: unknown,
    idempotencyKey: string | undefined,
    work: (trx: Trx) => Promise<{ payment: ApiPayment; order: PayoutOrder }>,
  ): Promise<ApiPayment> {
    let order: PayoutOrder | undefined;
    const result = await runMoneyWrite(
      this.db,
      { enterpriseId, idempotencyKey, operation, body, now: this.now() },
      async (trx) => {
        const made = await work(trx);
        order = made.order;
        return { status: 201, body: made.payment };
      },
    );
    if (order) await this.payout.submitPayout(order);
    return result.body;
  }

  // Pay now
  readPayNowContext(
    enterpriseId: string,
    input: { recipientId: string; idempotencyKey: string | undefined },
  ): Promise<repo.PayNowContext> {
    return this.payNow.readPayNowContext(enterpriseId, input);
  }

  sendPayNow(...args: Parameters<PayNowService['sendPayNow']>): Promise<ApiPayment> {
    return this.payNow.sendPayNow(...args);
  }

  payNowInTransaction(
    ...args: Parameters<PayNowService['payNowInTransaction']>
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    return this.payNow.payNowInTransaction(...args);
  }

  payExactMxnInTransaction(
    ...args: Parameters<PayNowService['payExactMxnInTransaction']>
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    return this.payNow.payExactMxnInTransaction(...args);
  }

  reportBatchErrorsTo(onError: (error: unknown) => void): void {
    this.payNow.reportBatchErrorsTo(onError);
  }

  // The payout rail
  useRail(rail: PayoutRail): void {
    this.payout.useRail(rail);
  }

  submitPayout(order: PayoutOrder): Promise<void> {
    return this.payout.submitPayout(order);
  }

  settleDuePayouts(): Promise<number> {
    return this.payout.settleDuePayouts();
  }

  completePayout(paymentId: string): Promise<void> {
    return this.payout.completePayout(paymentId);
  }

  returnPayout(paymentId: string, reason?: string): Promise<void> {
    return this.payout.returnPayout(paymentId, reason);
  }

  reportRailErrorsTo(onError: (error: unknown) => void): void {
    this.payout.reportRailErrorsTo(onError);
  }

  startPayoutRail(onError?: (error: unknown) => void): () => void {
    return this.payout.startPayoutRail(onError);
  }

  // Reads
  list(
    enterpriseId: string,
    page: { page?: number | undefined; limit?: number | undefined } = {},
  ): Promise<{ payments: ApiPayment[]; totalProfit: number }> {
    return this.reads.list(enterpriseId, page);
  }

  get(enterpriseId: string, paymentId: string, db: Executor = this.db): Promise<ApiPayment> {
    return this.reads.get(enterpriseId, paymentId, db);
  }

  getMany(enterpriseId: string, paymentIds: string[]): Promise<Map<string, ApiPayment>> {
    return this.reads.getMany(enterpriseId, paymentIds);
  }

  receipt(enterpriseId: string, paymentId: string, language: Language): Promise<Buffer> {
    return this.reads.receipt(enterpriseId, paymentId, language);
  }
}
