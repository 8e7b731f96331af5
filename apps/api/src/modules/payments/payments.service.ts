import { randomBytes, randomUUID } from 'node:crypto';
import {
  amountsForTarget,
  convertMxnToUsd,
  convertUsdToMxn,
  maskAccount,
  moneyToNumber,
  parseRate,
  percentOf,
  rateToNumber,
  todayInTimeZone,
  TRANSACTION_TYPE_IDS,
  usdForExactMxn,
  type Language,
} from '@app/domain';
import { Batcher } from '../../db/batcher.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import { AppError, isAppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import {
  isNegativeBalanceViolation,
  type JournalEntry,
  type LedgerService,
  type PostingLine,
} from '../../ledger/ledger.service.js';
import {
  idempotencyClaimOf,
  replayKeyClaimedMeanwhile,
  replayStoredAnswer,
  runMoneyWrite,
} from '../../ledger/money-write.js';
import type { AuditEntryWithWrite } from '../audit/audit.service.js';
import type { ConversionsService } from '../conversions/conversions.service.js';
import type { ApiInvoice, InvoicesService } from '../invoices/invoices.service.js';
import { fixOfDay } from '../rates/banxico-source.js';
import { isUuid, type RatesService } from '../rates/rates.service.js';
import type { PaymentRecipientRow, SuppliersService } from '../suppliers/suppliers.service.js';
import { renderPaymentReceipt } from './payment-receipt.js';
import * as repo from './payments.repository.js';
import type { PaymentStatus, PaymentView } from './payments.repository.js';
import { findCepData } from '../rails/stp/cep.js';
import { SandboxPayoutRail, type PayoutOrder, type PayoutRail } from './payout-rail.js';
import { publishPaymentEvent } from '../events/event-sources.js';
import { refuseCancelledCfdi } from '../cfdi/cfdi-payable.js';

/** The Payment of the API contract (API.md), JSON-ready. */
export interface ApiPayment {
  sPaymentId: string;
  iTrackingId: number;
  created_at: string;
  completed_at: string | null;
  /** MXN sent to the supplier. */
  dAmount: number;
  /** USD the MXN cost at the payment's rate. */
  dAmountUsd: number;
  dExchangeRate: number;
  sTransactionType: string;
  payment_recipient: {
    sPaymentRecipientId: string;
    sName: string;
    sEmail: string;
    sBankName: string;
    /** Masked: eight asterisks and the last 4 digits. */
    sAccountNumber: string;
  };
  /** The conversion the MXN came from (empty for pay-now payments). */
  transaction: Array<{
    dAmount: number;
    transaction: { sTransactionId: string; iTrackingId: number; sTransactionType: string };
  }>;
  invoice_payments_relationship: Array<{ dAmount: number; invoice: ApiInvoice }>;
  sStatus: PaymentStatus;
  sTrackingKey: string;
  /** Why the receiving bank returned the payout (RETURNED only, when the rail said). */
  sReturnReason: string | null;
  sConcept: string;
  /** Gain on the invoices paid: their budget USD (protected rates) less what they cost. */
  dProfitPercentage: number;
  dCurrencyGain: number;
}

/** MXN of one invoice that a payment pays. */
type InvoicePart = { invoiceId: string; amountMxn: bigint };

/** What a payment sends and to whom, with the invoices it pays, at its time. */
type PaymentTerms = Pick<repo.NewPayment, 'amountMxn' | 'amountUsd' | 'rateMicro' | 'concept'> & {
  recipient: PaymentRecipientRow;
  invoiceParts: InvoicePart[];
  now: Date;
};

/** A payment of USD to a payee at a rate the caller has checked, with its concept. */
type UsdPaymentRequest = Pick<PaymentTerms, 'recipient' | 'amountUsd' | 'rateMicro' | 'concept'>;

export interface PaymentsSettings {
  /** Seconds after which the sandbox rail completes a processing payment. */
  payoutSettleSeconds: number;
}

/** Default and maximum size of the payment list. */
export const PAYMENT_LIST_CAP = 1_000;
/** Payments one settlement run completes at most; the next run (a second later) goes on. */
const SETTLE_BATCH = 500;
/**
 * Pay-nows written in one statement at most, and such statements running at once (each holds
 * a pooled connection). Measured in `docs/BENCHMARKS.md`.
 */
const PAY_NOW_BATCH = 64;
const PAY_NOW_STATEMENTS_IN_FLIGHT = 4;
const PAYOUT_RAIL_INTERVAL_MS = 1_000;
const CONCEPT_MAX_LENGTH = 200;

/** SPEI tracking keys are up to 30 alphanumeric characters; ours are 22 (32 symbols, no bias). */
const TRACKING_KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newTrackingKey(now: Date): string {
  let code = '';
  for (const byte of randomBytes(12)) code += TRACKING_KEY_ALPHABET[byte % 32];
  return `PP${todayInTimeZone(now).replaceAll('-', '')}${code}`;
}

/** The pesos a USD amount pays at a rate; one too small to send a centavo is refused. */
function mxnToPayFor(amountUsd: bigint, rateMicro: bigint): bigint {
  const amountMxn = convertUsdToMxn(amountUsd, rateMicro);
  if (amountMxn <= 0n) throw new AppError('INVALID_INPUT', { field: 'dAmount' });
  return amountMxn;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** Refusals of the ledger carry the field of the amount that did not fit. */
async function withAmountField<T>(field: string, post: () => Promise<T>): Promise<T> {
  try {
    return await post();
  } catch (error) {
    if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS' && !error.field) {
      throw new AppError('INSUFFICIENT_FUNDS', { field, cause: error });
    }
    throw error;
  }
}

/**
 * Supplier payments and the payout rail. Each payment is one transaction that posts its
 * journal, records the payment and moves the invoices' and conversions' paid amounts;
 * the rail then completes it (PAYOUT_SETTLED) or the receiving bank returns it
 * (PAYOUT_RETURNED, which gives the MXN back and undoes the paid amounts).
 */
export class PaymentsService {
  private rail: PayoutRail = new SandboxPayoutRail();
  private reportRailError: (error: unknown) => void = () => {};
  private reportBatchError: (error: unknown) => void = () => {};
  /** Pay-nows made at the same moment are written together (group commit). */
  private readonly payNowWrites = new Batcher<repo.PayNowWrite, boolean>({
    runMany: (writes) => repo.insertPayNowsInOneStatement(this.db, writes),
    runOne: (write) => repo.insertPayNowInOneStatement(this.db, write),
    maxBatch: PAY_NOW_BATCH,
    maxInFlight: PAY_NOW_STATEMENTS_IN_FLIGHT,
    // A batch one of whose pay-nows lacks the funds is expected; anything else is told.
    onBatchFailed: (error) => {
      if (!isNegativeBalanceViolation(error)) this.reportBatchError(error);
    },
  });
  /** And so are their reads. */
  private readonly payNowReads = new Batcher<repo.PayNowContextInput, repo.PayNowContext>({
    runMany: (inputs) => repo.findPayNowContexts(this.db, inputs),
    runOne: (input) => repo.findPayNowContext(this.db, input),
    maxBatch: PAY_NOW_BATCH,
    maxInFlight: PAY_NOW_STATEMENTS_IN_FLIGHT,
    onBatchFailed: (error) => this.reportBatchError(error),
  });

  constructor(
    protected readonly db: Db,
    protected readonly ledger: LedgerService,
    protected readonly rates: RatesService,
    protected readonly suppliers: SuppliersService,
    protected readonly invoices: InvoicesService,
    protected readonly conversions: ConversionsService,
    protected readonly settings: PaymentsSettings,
    protected readonly now: () => Date,
  ) {}

  /** Replaces the sandbox rail (a bank connection). */
  useRail(rail: PayoutRail): void {
    this.rail = rail;
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
   * What a pay-now reads before it writes, in one round trip: a replay's answer, the
   * supplier, a tracking number, and the approval hold's context. The route reads it once,
   * decides on the hold with it, and hands it to `sendPayNow`.
   */
  async readPayNowContext(
    enterpriseId: string,
    input: { recipientId: string; idempotencyKey: string | undefined },
  ): Promise<repo.PayNowContext> {
    return this.payNowReads.run({
      enterpriseId,
      recipientId: isUuid(input.recipientId) ? input.recipientId : null,
      idempotencyKey: input.idempotencyKey ?? null,
    });
  }

  /**
   * Sends USD now to a supplier as MXN at a spot quote, with no invoice. The busiest money
   * write, so it takes two round trips and no explicit transaction: one read (its
   * `readPayNowContext`, unless the caller read it already), then the whole write, the
   * key's claim with its answer included, in one statement, which is a transaction of its
   * own. Pay-nows made at the same moment share both statements (`Batcher`).
   */
  async sendPayNow(
    enterpriseId: string,
    input: {
      /** USD to send, or else `amountMxn`: MXN delivered exactly (USD rounded up). */
      amountUsd?: bigint | undefined;
      amountMxn?: bigint | undefined;
      comment: string;
      recipientId: string;
      quoteId: string;
    },
    idempotencyKey: string | undefined,
    readContext?: repo.PayNowContext,
    /** The request's audit entry, written in the payment's statement when it writes one. */
    audit?: AuditEntryWithWrite,
  ): Promise<ApiPayment> {
    const now = this.now();
    const amountField = input.amountMxn !== undefined ? 'dDesAmount' : 'dAmount';
    const claim = idempotencyClaimOf({
      enterpriseId,
      idempotencyKey,
      operation: 'payments/sendPayNow',
      body: input,
      now,
    });
    const context =
      readContext ??
      (await this.readPayNowContext(enterpriseId, {
        recipientId: input.recipientId,
        idempotencyKey: claim?.key,
      }));
    if (claim && context.storedAnswer) {
      return replayStoredAnswer<ApiPayment>(claim, context.storedAnswer).body;
    }
    const recipient = this.suppliers.refuseDeleted(
      this.suppliers.payableRecipient(context.recipient, { includeDeleted: true }),
    );
    const quote = await this.rates.requireSpotQuote(this.db, enterpriseId, input.quoteId, {
      field: 'sExchangeRateReference',
    });
    const { usdCents: amountUsd, mxnCents: amountMxn } = amountsForTarget(
      input.amountMxn !== undefined
        ? { mxnCents: input.amountMxn }
        : { usdCents: input.amountUsd ?? 0n },
      quote.rateMicro,
    );
    if (amountMxn <= 0n || amountUsd <= 0n) {
      throw new AppError('INVALID_INPUT', { field: amountField });
    }
    const trackingKey = newTrackingKey(now);
    const journal = await this.ledger.prepare(
      this.db,
      payNowJournal(enterpriseId, {
        recipientName: recipient.name,
        amountMxn,
        amountUsd,
        rateMicro: quote.rateMicro,
        quoteId: quote.id,
        trackingKey,
        now,
      }),
    );
    const payment: repo.NewPayNowPayment = {
      id: randomUUID(),
      trackingId: context.trackingId,
      enterpriseId,
      type: 'PAY_NOW',
      recipientId: recipient.id,
      ...paidAccountOf(recipient),
      conversionId: null,
      amountMxn,
      amountUsd,
      rateMicro: quote.rateMicro,
      concept: input.comment,
      trackingKey,
      createdAt: now,
    };
    // What was written is the whole answer: a new payment has no invoices and no conversion.
    const { answer } = toApiPayment(writtenPaymentView(payment, recipient), [], new Map());
    let written: boolean;
    try {
      written = await this.payNowWrites.run({
        idempotency: claim && { claim, answer: { status: 201, body: JSON.stringify(answer) } },
        journal,
        payment,
        audit: audit && { ...audit.event, at: now },
      });
    } catch (error) {
      // The balance CHECK is the funds check: it runs on the locked, current balance.
      if (isNegativeBalanceViolation(error)) {
        throw new AppError('INSUFFICIENT_FUNDS', { field: amountField });
      }
      throw error;
    }
    if (!written && claim) {
      return (await replayKeyClaimedMeanwhile<ApiPayment>(this.db, claim)).body;
    }
    audit?.markWritten();
    await this.submitPayout(payoutOrderOf(payment));
    return answer;
  }

  /**
   * A pay-now payment of `amountUsd` inside the caller's transaction, at a rate the caller
   * has checked (a live spot quote, or a rate it locked from one earlier): the same journal
   * and payment as `sendPayNow`. The caller owns idempotency and hands the answered payout
   * order to `submitPayout` once its transaction has committed.
   */
  async payNowInTransaction(
    trx: Trx,
    enterpriseId: string,
    input: UsdPaymentRequest & { quoteId: string },
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    const amountMxn = mxnToPayFor(input.amountUsd, input.rateMicro);
    return this.recordPayNow(trx, enterpriseId, {
      recipient: this.suppliers.refuseDeleted(input.recipient),
      amountMxn,
      amountUsd: input.amountUsd,
      rateMicro: input.rateMicro,
      quoteId: input.quoteId,
      concept: input.concept.slice(0, CONCEPT_MAX_LENGTH),
      invoiceParts: [],
      now: this.now(),
    });
  }

  /**
   * A pay-now payment of exactly `amountMxn` inside the caller's transaction, at a quote the
   * caller has checked: the USD is rounded up to the cent (DESIGN §4 "Amount targets"). The
   * caller owns idempotency and hands the payout order to `submitPayout` after its commit.
   */
  async payExactMxnInTransaction(
    trx: Trx,
    enterpriseId: string,
    input: {
      recipient: PaymentRecipientRow;
      amountMxn: bigint;
      rateMicro: bigint;
      quoteId: string;
      concept: string;
      invoiceParts?: InvoicePart[];
    },
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    if (input.amountMxn <= 0n) throw new AppError('INVALID_INPUT', { field: 'dDesAmount' });
    return this.recordPayNow(trx, enterpriseId, {
      recipient: this.suppliers.refuseDeleted(input.recipient),
      amountMxn: input.amountMxn,
      amountUsd: usdForExactMxn(input.amountMxn, input.rateMicro),
      rateMicro: input.rateMicro,
      quoteId: input.quoteId,
      concept: input.concept.slice(0, CONCEPT_MAX_LENGTH),
      invoiceParts: input.invoiceParts ?? [],
      now: this.now(),
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
    return this.payExactMxnInTransaction(trx, enterpriseId, {
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
    return this.insertPayment(trx, enterpriseId, {
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
    return this.insertPayment(trx, enterpriseId, {
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

  /** The enterprise's payments, newest first, with the gain on the invoices they paid. */
  async list(
    enterpriseId: string,
    page: { page?: number | undefined; limit?: number | undefined } = {},
  ): Promise<{ payments: ApiPayment[]; totalProfit: number }> {
    const limit = Math.min(page.limit ?? PAYMENT_LIST_CAP, PAYMENT_LIST_CAP);
    const offset = page.page ? (page.page - 1) * limit : 0;
    const views = await repo.listPaymentViews(this.db, enterpriseId, { offset, limit });
    const described = await this.describe(this.db, enterpriseId, views);
    let totalProfit = 0n;
    for (const payment of described) totalProfit += payment.gainUsd;
    return {
      payments: described.map((payment) => payment.answer),
      totalProfit: moneyToNumber(totalProfit),
    };
  }

  /** One payment of the enterprise (404 for any other id). */
  async get(enterpriseId: string, paymentId: string, db: Executor = this.db): Promise<ApiPayment> {
    const view = await this.requireView(db, enterpriseId, paymentId);
    const [described] = await this.describe(db, enterpriseId, [view]);
    if (!described) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
    return described.answer;
  }

  /** These payments of the enterprise (others' ids are left out), in no particular order. */
  async getMany(enterpriseId: string, paymentIds: string[]): Promise<Map<string, ApiPayment>> {
    const views = await repo.findPaymentViews(this.db, enterpriseId, paymentIds.filter(isUuid));
    const described = await this.describe(this.db, enterpriseId, views);
    return new Map(described.map(({ answer }) => [answer.sPaymentId, answer]));
  }

  /** The payment's receipt, a PDF file. */
  async receipt(enterpriseId: string, paymentId: string, language: Language): Promise<Buffer> {
    const view = await this.requireView(this.db, enterpriseId, paymentId);
    const parts = await repo.listPaymentInvoices(this.db, enterpriseId, [view.id]);
    const invoices = await this.invoices.describeInvoices(
      this.db,
      enterpriseId,
      parts.map((part) => part.invoice_id),
      this.rates.customerRateAt(this.now()),
    );
    const payerName = (await repo.findEnterpriseName(this.db, enterpriseId)) ?? '';
    const referenceFix = await fixOfDay(this.db, todayInTimeZone(view.created_at));
    return renderPaymentReceipt(
      {
        trackingId: view.tracking_id,
        trackingKey: view.tracking_key,
        createdAt: view.created_at,
        completedAt: view.completed_at,
        status: view.status,
        returnReason: view.return_reason,
        type: view.type,
        payerName,
        recipientName: view.recipient_name,
        bankName: view.recipient_bank_name,
        clabe: view.recipient_clabe,
        taxId: view.recipient_tax_id,
        amountMxn: view.amount_mxn,
        amountUsd: view.amount_usd,
        rateMicro: view.rate_micro,
        referenceFix,
        concept: view.concept,
        invoices: parts.map((part) => ({
          name: invoices.get(part.invoice_id)?.sInvoice ?? part.invoice_id,
          amountMxn: part.amount_mxn,
        })),
        cep: await findCepData(this.db, view.id),
      },
      language,
    );
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
   * Where a batch of pay-nows that failed for another reason than funds is reported (its
   * pay-nows were then written one at a time, each with its own answer).
   */
  reportBatchErrorsTo(onError: (error: unknown) => void): void {
    this.reportBatchError = onError;
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
    if (order) await this.submitPayout(order);
    return result.body;
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

  /** The PAY_NOW journal: USD → FX liquidity, FX MXN → payout clearing, then the payment. */
  private async recordPayNow(
    trx: Trx,
    enterpriseId: string,
    input: PaymentTerms & { quoteId: string },
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    const { quoteId, ...terms } = input;
    const trackingKey = newTrackingKey(input.now);
    const journalId = await this.ledger.post(
      trx,
      payNowJournal(enterpriseId, {
        recipientName: input.recipient.name,
        amountMxn: input.amountMxn,
        amountUsd: input.amountUsd,
        rateMicro: input.rateMicro,
        quoteId,
        trackingKey,
        now: input.now,
      }),
    );
    return this.insertPayment(trx, enterpriseId, {
      ...terms,
      type: 'PAY_NOW',
      conversionId: null,
      trackingKey,
      journalId,
    });
  }

  private async insertPayment(
    trx: Trx,
    enterpriseId: string,
    input: PaymentTerms &
      Pick<repo.NewPayment, 'type' | 'conversionId' | 'trackingKey' | 'journalId'>,
  ): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
    const paymentId = randomUUID();
    await repo.insertPayment(trx, {
      id: paymentId,
      enterpriseId,
      type: input.type,
      recipientId: input.recipient.id,
      conversionId: input.conversionId,
      amountMxn: input.amountMxn,
      amountUsd: input.amountUsd,
      rateMicro: input.rateMicro,
      concept: input.concept,
      trackingKey: input.trackingKey,
      journalId: input.journalId,
      createdAt: input.now,
      ...paidAccountOf(input.recipient),
    });
    await repo.insertPaymentInvoices(
      trx,
      input.invoiceParts.map((part) => ({
        paymentId,
        invoiceId: part.invoiceId,
        amountMxn: part.amountMxn,
      })),
    );
    return {
      payment: await this.get(enterpriseId, paymentId, trx),
      order: payoutOrderOf({
        id: paymentId,
        enterpriseId,
        trackingKey: input.trackingKey,
        amountMxn: input.amountMxn,
        concept: input.concept,
        ...paidAccountOf(input.recipient),
      }),
    };
  }

  private async requireView(
    db: Executor,
    enterpriseId: string,
    paymentId: string,
  ): Promise<PaymentView> {
    const view = isUuid(paymentId)
      ? await repo.findPaymentView(db, enterpriseId, paymentId)
      : undefined;
    if (!view) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
    return view;
  }

  /** API shapes of payments, with the invoices they paid and the gain on them. */
  private async describe(
    db: Executor,
    enterpriseId: string,
    views: PaymentView[],
  ): Promise<Array<{ answer: ApiPayment; gainUsd: bigint }>> {
    const parts = await repo.listPaymentInvoices(
      db,
      enterpriseId,
      views.map((view) => view.id),
    );
    const invoices =
      parts.length === 0
        ? new Map<string, ApiInvoice>()
        : await this.invoices.describeInvoices(
            db,
            enterpriseId,
            [...new Set(parts.map((part) => part.invoice_id))],
            this.rates.customerRateAt(this.now()),
          );
    const partsOf = new Map<string, typeof parts>();
    for (const part of parts) {
      const list = partsOf.get(part.payment_id) ?? [];
      list.push(part);
      partsOf.set(part.payment_id, list);
    }
    return views.map((view) => toApiPayment(view, partsOf.get(view.id) ?? [], invoices));
  }
}

/**
 * A payment's answer, with the invoices it paid and the gain on them: its budget USD (the
 * invoices' protected rates) less what the MXN cost at the payment's rate.
 */
function toApiPayment(
  view: PaymentView,
  parts: Array<{ invoice_id: string; amount_mxn: bigint }>,
  invoices: Map<string, ApiInvoice>,
): { answer: ApiPayment; gainUsd: bigint } {
  const relationship: ApiPayment['invoice_payments_relationship'] = [];
  let budgetUsd = 0n;
  let costUsd = 0n;
  for (const part of parts) {
    const invoice = invoices.get(part.invoice_id);
    if (!invoice) continue;
    relationship.push({ dAmount: moneyToNumber(part.amount_mxn), invoice });
    budgetUsd += convertMxnToUsd(part.amount_mxn, parseRate(invoice.dRateProtection));
    costUsd += convertMxnToUsd(part.amount_mxn, view.rate_micro);
  }
  // A returned payment paid nothing: it gained nothing either.
  const gainUsd = view.status === 'RETURNED' ? 0n : budgetUsd - costUsd;
  const answer: ApiPayment = {
    sPaymentId: view.id,
    iTrackingId: Number(view.tracking_id),
    created_at: view.created_at.toISOString(),
    completed_at: view.completed_at?.toISOString() ?? null,
    dAmount: moneyToNumber(view.amount_mxn),
    dAmountUsd: moneyToNumber(view.amount_usd),
    dExchangeRate: rateToNumber(view.rate_micro),
    sTransactionType: TRANSACTION_TYPE_IDS[view.type],
    payment_recipient: {
      sPaymentRecipientId: view.payment_recipient_id,
      sName: view.recipient_name,
      sEmail: view.recipient_email,
      sBankName: view.recipient_bank_name,
      sAccountNumber: maskAccount(view.recipient_clabe),
    },
    transaction:
      view.conversion_id && view.conversion_type && view.conversion_tracking_id !== null
        ? [
            {
              dAmount: moneyToNumber(view.amount_mxn),
              transaction: {
                sTransactionId: view.conversion_id,
                iTrackingId: Number(view.conversion_tracking_id),
                sTransactionType: TRANSACTION_TYPE_IDS[view.conversion_type],
              },
            },
          ]
        : [],
    invoice_payments_relationship: relationship,
    sStatus: view.status,
    sTrackingKey: view.tracking_key,
    sReturnReason: view.return_reason,
    sConcept: view.concept,
    dProfitPercentage: view.status === 'RETURNED' ? 0 : percentOf(gainUsd, budgetUsd),
    dCurrencyGain: moneyToNumber(gainUsd),
  };
  return { answer, gainUsd };
}

/** A payment just written, as the payment view reads it back. */
function writtenPaymentView(
  payment: repo.NewPayNowPayment,
  recipient: PaymentRecipientRow,
): PaymentView {
  return {
    ...repo.newPaymentColumns(payment),
    tracking_id: payment.trackingId,
    return_reason: null,
    recipient_name: payment.paidBeneficiaryName,
    recipient_email: recipient.email,
    recipient_bank_name: payment.paidBankName,
    recipient_clabe: payment.paidClabe,
    recipient_tax_id: recipient.tax_id,
    conversion_tracking_id: null,
    conversion_type: null,
  };
}

/** The PAY_NOW journal (DESIGN §4): USD → FX liquidity, FX MXN → payout clearing. */
function payNowJournal(
  enterpriseId: string,
  input: {
    recipientName: string;
    amountMxn: bigint;
    amountUsd: bigint;
    rateMicro: bigint;
    quoteId: string;
    trackingKey: string;
    now: Date;
  },
): JournalEntry {
  return {
    enterpriseId,
    kind: 'PAY_NOW',
    ...journalText({ code: 'PAY_NOW', params: { recipient: input.recipientName } }),
    reference: input.trackingKey,
    quoteId: input.quoteId,
    rateMicro: input.rateMicro,
    createdAt: input.now,
    lines: usdPaidOutAsMxn(enterpriseId, 'USD_AVAILABLE', input.amountUsd, input.amountMxn),
  };
}

/**
 * The postings of USD paid out as pesos: the USD leaves the enterprise's `from` account for
 * FX liquidity, and FX liquidity's MXN goes to payout clearing (a pay-now from the available
 * balance, an order payout from the held goods money).
 */
function usdPaidOutAsMxn(
  enterpriseId: string,
  from: 'USD_AVAILABLE' | 'USD_ORDER_HELD',
  amountUsd: bigint,
  amountMxn: bigint,
): PostingLine[] {
  return [
    { account: { enterpriseId, kind: from }, amount: -amountUsd },
    { account: { house: 'HOUSE_FX_USD' }, amount: amountUsd },
    { account: { house: 'HOUSE_FX_MXN' }, amount: -amountMxn },
    { account: { house: 'HOUSE_PAYOUT_CLEARING_MXN' }, amount: amountMxn },
  ];
}

/** The account a payment goes to, copied from its supplier as it is at this moment. */
function paidAccountOf(
  recipient: PaymentRecipientRow,
): Pick<repo.NewPayment, 'paidClabe' | 'paidBankName' | 'paidBeneficiaryName'> {
  return {
    paidClabe: recipient.clabe,
    paidBankName: recipient.bank_name,
    paidBeneficiaryName: recipient.name,
  };
}

/** What the rail sends: the payment's own copy of the account, as it was when it was made. */
function payoutOrderOf(payment: {
  id: string;
  enterpriseId: string;
  trackingKey: string;
  amountMxn: bigint;
  concept: string;
  paidClabe: string;
  paidBeneficiaryName: string;
}): PayoutOrder {
  return {
    paymentId: payment.id,
    enterpriseId: payment.enterpriseId,
    trackingKey: payment.trackingKey,
    amountMxn: payment.amountMxn,
    beneficiaryName: payment.paidBeneficiaryName,
    clabe: payment.paidClabe,
    concept: payment.concept,
  };
}
