import { randomUUID } from 'node:crypto';
import {
  compareDates,
  daysBetween,
  forwardDateProblem,
  moneyToNumber,
  percentUsed,
  rateToNumber,
  todayInTimeZone,
  TRANSACTION_TYPE_IDS,
  type CalendarDate,
} from '@app/domain';
import type { Selectable } from 'kysely';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { ConversionInvoicesTable, ConversionsTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import {
  runMoneyWrite,
  type MoneyWriteRequest,
  type MoneyWriteResult,
} from '../../ledger/money-write.js';
import type { ApiInvoice, InvoiceRow, InvoicesService } from '../invoices/invoices.service.js';
import { isUuid, type RatesService } from '../rates/rates.service.js';
import {
  amountsFromMxn,
  amountsFromUsd,
  conversionGain,
  type ConversionAmounts,
  type ConversionKind,
} from './conversion-amounts.js';
import * as repo from './conversions.repository.js';

/** A selected conversion row (amounts as plain bigint). */
export type ConversionRow = Selectable<ConversionsTable>;
/** A selected assignment of an invoice to a conversion. */
export type AssignmentRow = Selectable<ConversionInvoicesTable>;

/** Default and largest page of a conversions list. */
export const CONVERSION_LIST_CAP = 1000;

/** One invoice assigned to a conversion, as the Transaction of API.md carries it. */
export interface ApiTransactionInvoice {
  /** MXN of the invoice assigned to this conversion. */
  dAmount: number;
  /** MXN of that assignment already paid out. */
  dPaidAmount: number;
  invoice: ApiInvoice & {
    paymentsRecipent: Array<{ sName: string; sPaymentRecipientId: string }>;
  };
  payment: { dDescAmount: number };
}

/** A payment made out of a conversion (the detail's payment list). */
export interface ApiConversionPayment {
  sPaymentId: string;
  iTrackingId: number;
  created_at: string;
  /** MXN sent. */
  dAmount: number;
  dAmountUsd: number;
  dExchangeRate: number;
  sTransactionType: string;
  sStatus: 'PROCESSING' | 'COMPLETED' | 'RETURNED';
  sTrackingKey: string;
  sConcept: string;
  payment_recipient: { sPaymentRecipientId: string; sName: string };
  invoice_payments_relationship: Array<{
    dAmount: number;
    invoice: { sInvoiceId: string; sInvoice: string };
  }>;
}

/** The Transaction (conversion) of the HTTP contract, JSON-ready. */
export interface ApiTransaction {
  sTransactionId: string;
  iTrackingId: number;
  sTransactionType: string;
  /** USD. */
  dAmount: number;
  /** MXN. */
  dDesAmount: number;
  dExchangeRate: number;
  referenceExchangeRate: string | null;
  created_at: string;
  settled_at: string | null;
  dForwardTransactionDate: string | null;
  dDepositAmount: number;
  sStatus: 'ACTIVE' | 'SETTLED';
  bExternal: boolean;
  dAssignedAmount: number;
  dPaidAmount: number;
  dPercentUsed: number;
  dPercentPaid: number;
  dProfitPercentage: number;
  dCurrencyGain: number;
  /** Days from today to the forward date; null for a spot conversion. */
  iDaysRemaining: number | null;
  invoice: ApiTransactionInvoice[];
  payment: ApiConversionPayment[];
}

export interface ConversionRequest {
  kind: ConversionKind;
  /** The quote the client was shown: a spot quote for forex, a forward quote for forwards. */
  quoteId: string;
  /** The rate the client was shown; must equal the quote's. */
  statedRateMicro: bigint;
  external: boolean;
  forwardDate?: CalendarDate | null | undefined;
}

/** The side of a conversion the caller fixed: USD to spend, or MXN to book exactly. */
export type ConversionTarget =
  { amountUsd: bigint; amountMxn?: undefined } | { amountMxn: bigint; amountUsd?: undefined };

export interface InvoiceAmountLine {
  invoiceId: string;
  amountMxn: bigint;
}

export interface ListPage {
  page?: number | undefined;
  limit?: number | undefined;
}

type TransactionAnswer = { transaction: ApiTransaction };

/**
 * Conversions: spot (forex) USD→MXN settled at once, and forwards that hold a 5 % deposit
 * and settle on their date. Invoices are assigned to conversions here; the invoices module
 * keeps each invoice's assigned total and status.
 */
export class ConversionsService {
  /** Where the read-only history is read (a streaming replica); the primary when unset. */
  reportsDb: Db | undefined;

  constructor(
    protected readonly db: Db,
    protected readonly ledger: LedgerService,
    protected readonly rates: RatesService,
    protected readonly invoices: InvoicesService,
    protected readonly now: () => Date,
  ) {}

  /** The enterprise's conversion (404 otherwise); `forUpdate` locks its row. */
  async requireConversion(
    db: Executor,
    enterpriseId: string,
    conversionId: string,
    options: { field?: string; forUpdate?: boolean } = {},
  ): Promise<ConversionRow> {
    const field = options.field ?? 'sTransactionId';
    const row = isUuid(conversionId)
      ? await repo.findConversion(db, enterpriseId, conversionId.toLowerCase(), {
          forUpdate: options.forUpdate ?? false,
        })
      : undefined;
    if (!row) throw new AppError('NOT_FOUND', { field });
    return row;
  }

  /** The invoices assigned to a conversion, oldest assignment first. */
  async assignments(db: Executor, conversionId: string): Promise<AssignmentRow[]> {
    return repo.findAssignments(db, conversionId);
  }

  /**
   * Records MXN paid out of a conversion, and of one of its assignments when given (a
   * negative delta undoes it, for a returned payout). The caller holds the conversion's
   * lock and keeps the invoice's own paid total (`invoices.changePaid`). Paying more than
   * the conversion's MXN, or than the assignment, is refused with 409 INVALID_STATE.
   */
  async recordPaid(
    trx: Trx,
    conversionId: string,
    deltaMxn: bigint,
    invoiceId?: string,
  ): Promise<void> {
    if (deltaMxn === 0n) return;
    if (!(await repo.changeConversionPaid(trx, conversionId, deltaMxn))) {
      throw new AppError('INVALID_STATE', { field: 'dAmount' });
    }
    if (
      invoiceId !== undefined &&
      !(await repo.changeAssignmentPaid(trx, conversionId, invoiceId, deltaMxn))
    ) {
      throw new AppError('INVALID_STATE', { field: 'dAmount' });
    }
  }

  /** POST transactions/forwardRate: a forward quote for a settlement day in the window. */
  async forwardRate(
    enterpriseId: string,
    spotQuoteId: string,
    forwardDate: CalendarDate,
  ): Promise<{ rate: number; uuid: string; expiresAt: string }> {
    const quote = await this.rates.forwardQuote(enterpriseId, spotQuoteId, forwardDate);
    return {
      rate: rateToNumber(quote.rateMicro),
      uuid: quote.id,
      expiresAt: quote.expiresAt.toISOString(),
    };
  }

  /**
   * POST transactions/: a conversion of `amountUsd` at the quoted rate, or one that books
   * exactly `amountMxn` (the USD rounded up to the cent).
   */
  async convertUsd(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    request: ConversionRequest & ConversionTarget,
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.writeConversion(
      { enterpriseId, idempotencyKey, operation: 'transactions/', body: request },
      201,
      (trx, now) => this.convertUsdInTransaction(trx, enterpriseId, request, now),
    );
  }

  /**
   * `convertUsd` inside the caller's transaction (a marketplace order converts its total
   * this way); the caller owns idempotency. Answers the booked conversion.
   */
  async convertUsdInTransaction(
    trx: Trx,
    enterpriseId: string,
    request: ConversionRequest & ConversionTarget,
    now: Date = this.now(),
  ): Promise<ConversionRow> {
    const priced = await this.requirePricing(trx, enterpriseId, request, now);
    const amounts =
      request.amountMxn !== undefined
        ? amountsFromMxn(request.kind, request.amountMxn, priced.rateMicro)
        : amountsFromUsd(request.kind, request.amountUsd, priced.rateMicro);
    if (amounts.mxnCents <= 0n || amounts.usdCents <= 0n) {
      throw new AppError('INVALID_INPUT', {
        field: request.amountMxn !== undefined ? 'dDesAmount' : 'dAmount',
      });
    }
    return this.book(trx, enterpriseId, request, priced, amounts, now);
  }

  /**
   * POST transactions/createTransactionFromInvoice: converts exactly the unassigned MXN of
   * a To pay invoice and assigns the invoice to the new conversion, in one transaction.
   */
  async convertInvoice(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    request: ConversionRequest & { invoiceId: string },
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.writeConversion(
      {
        enterpriseId,
        idempotencyKey,
        operation: 'transactions/createTransactionFromInvoice',
        body: request,
      },
      201,
      (trx, now) => this.convertInvoiceInTransaction(trx, enterpriseId, request, now),
    );
  }

  /**
   * `convertInvoice` inside the caller's transaction (a rate order fills this way); the
   * caller owns idempotency. Answers the booked conversion, with the invoice assigned.
   */
  async convertInvoiceInTransaction(
    trx: Trx,
    enterpriseId: string,
    request: ConversionRequest & { invoiceId: string },
    now: Date = this.now(),
  ): Promise<ConversionRow> {
    const invoice = await this.requireInvoice(trx, enterpriseId, request.invoiceId, {
      field: 'sInvoiceId',
    });
    const unassigned = invoice.total_mxn - invoice.assigned_mxn;
    if (invoice.status !== 'TO_PAY' || unassigned <= 0n) {
      throw new AppError('INVALID_STATE', { field: 'sInvoiceId' });
    }
    const priced = await this.requirePricing(trx, enterpriseId, request, now);
    const amounts = amountsFromMxn(request.kind, unassigned, priced.rateMicro);
    // Pesos too few to cost a cent cannot be converted.
    if (amounts.usdCents <= 0n) throw new AppError('INVALID_STATE', { field: 'sInvoiceId' });
    const booked = await this.book(trx, enterpriseId, request, priced, amounts, now);
    await repo.addAssignment(trx, {
      conversionId: booked.id,
      invoiceId: invoice.id,
      enterpriseId,
      amountMxn: unassigned,
      createdAt: now,
    });
    await this.invoices.changeAssigned(trx, invoice.id, unassigned);
    return repo.changeConversionAssigned(trx, booked.id, unassigned);
  }

  /** GET transactions/: settled conversions with MXN not yet paid out, and the MXN balance. */
  async listAvailable(enterpriseId: string, page: ListPage) {
    const rows = await repo.listConversions(this.db, enterpriseId, 'SETTLED_UNPAID', pageOf(page));
    const { transactions, totalGainUsd } = await this.describe(this.db, enterpriseId, rows, false);
    const balances = await this.ledger.balances(this.db, enterpriseId);
    return {
      transactions,
      totalProfit: moneyToNumber(totalGainUsd),
      balance: { balanceMxn: { balance: moneyToNumber(balances.MXN_AVAILABLE) } },
    };
  }

  /** GET transactions/history: every conversion, newest first. */
  async history(enterpriseId: string, page: ListPage) {
    const db = this.reportsDb ?? this.db;
    const rows = await repo.listConversions(db, enterpriseId, 'ALL', pageOf(page));
    const { transactions, totalGainUsd } = await this.describe(db, enterpriseId, rows, false);
    return { transactions, totalProfit: moneyToNumber(totalGainUsd) };
  }

  /** GET transactions/getForwardsActive: open forwards, soonest first, and the held deposits. */
  async activeForwards(enterpriseId: string, page: ListPage) {
    const rows = await repo.listConversions(this.db, enterpriseId, 'ACTIVE_FORWARDS', pageOf(page));
    const { transactions, totalGainUsd } = await this.describe(this.db, enterpriseId, rows, false);
    const balances = await this.ledger.balances(this.db, enterpriseId);
    return {
      forwards: transactions,
      totalProfit: moneyToNumber(totalGainUsd),
      balance: { balanceUsd: { balance: moneyToNumber(balances.USD_AVAILABLE) } },
      dBlockedUsd: moneyToNumber(balances.USD_FORWARD_DEPOSIT),
    };
  }

  /** POST transactions/id and transactions/detail (with the payments made from it). */
  async findOne(
    enterpriseId: string,
    conversionId: string,
    withPayments: boolean,
  ): Promise<{ transactions: ApiTransaction[] }> {
    const row = await this.requireConversion(this.db, enterpriseId, conversionId);
    return { transactions: [await this.describeOne(this.db, enterpriseId, row, withPayments)] };
  }

  /**
   * POST transactions/closeForward: settles an active forward on or after its date. The held
   * deposit and the rest of the USD go to the house; the MXN at the locked rate is credited.
   */
  async closeForward(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    conversionId: string,
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.writeConversion(
      {
        enterpriseId,
        idempotencyKey,
        operation: 'transactions/closeForward',
        body: { conversionId },
      },
      200,
      (trx, now) => this.closeForwardInTransaction(trx, enterpriseId, conversionId, now),
    );
  }

  /**
   * `closeForward` inside the caller's transaction (a marketplace order settles its
   * forward this way before paying the grower); the caller owns idempotency.
   */
  async closeForwardInTransaction(
    trx: Trx,
    enterpriseId: string,
    conversionId: string,
    now: Date = this.now(),
  ): Promise<ConversionRow> {
    const forward = await this.requireConversion(trx, enterpriseId, conversionId, {
      forUpdate: true,
    });
    if (forward.type !== 'FORWARD' || forward.status !== 'ACTIVE' || !forward.forward_date) {
      throw new AppError('INVALID_STATE', { field: 'sTransactionId' });
    }
    if (compareDates(todayInTimeZone(now), forward.forward_date) < 0) {
      throw new AppError('INVALID_STATE', { field: 'sTransactionId' });
    }
    await this.ledger.post(trx, {
      enterpriseId,
      kind: 'FORWARD_SETTLEMENT',
      ...journalText({
        code: 'FORWARD_SETTLED',
        params: { tracking: String(forward.tracking_id) },
      }),
      reference: forward.id,
      quoteId: forward.quote_id,
      rateMicro: forward.rate_micro,
      createdAt: now,
      lines: [
        {
          account: { enterpriseId, kind: 'USD_FORWARD_DEPOSIT' },
          amount: -forward.deposit_usd,
        },
        {
          account: { enterpriseId, kind: 'USD_AVAILABLE' },
          amount: -(forward.usd_cents - forward.deposit_usd),
        },
        { account: { house: 'HOUSE_FX_USD' }, amount: forward.usd_cents },
        { account: { house: 'HOUSE_FX_MXN' }, amount: -forward.mxn_cents },
        { account: { enterpriseId, kind: 'MXN_AVAILABLE' }, amount: forward.mxn_cents },
      ],
    });
    return repo.markSettled(trx, forward.id, now);
  }

  /**
   * POST transactions/invoice: assigns MXN of invoices to a conversion (adding to an
   * existing assignment of the pair). Each invoice needs that much unassigned, and the
   * conversion may never be assigned beyond its MXN (less what was paid from it without
   * an invoice).
   */
  async attachInvoices(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    conversionId: string,
    lines: InvoiceAmountLine[],
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.changeAssignedInvoices(
      { enterpriseId, idempotencyKey, operation: 'transactions/invoice', conversionId, lines },
      async (trx, conversion, now) => {
        const ordered = lockOrder(lines);
        let total = 0n;
        for (const line of ordered) {
          const invoice = await this.requireInvoice(trx, enterpriseId, line.invoiceId, {
            field: `invoices.${line.index}.sInvoiceId`,
          });
          if (invoice.total_mxn - invoice.assigned_mxn < line.amountMxn) {
            throw new AppError('INVALID_STATE', { field: `invoices.${line.index}.dAmount` });
          }
          total += line.amountMxn;
        }
        // Pesos already paid out without an invoice are spent: they cannot cover one too.
        const paidOnInvoices = (await repo.findAssignments(trx, conversion.id)).reduce(
          (sum, assignment) => sum + assignment.paid_mxn,
          0n,
        );
        const paidWithoutInvoice = conversion.paid_mxn - paidOnInvoices;
        if (conversion.assigned_mxn + paidWithoutInvoice + total > conversion.mxn_cents) {
          throw new AppError('INVALID_STATE', { field: 'invoices' });
        }
        for (const line of ordered) {
          await repo.addAssignment(trx, {
            conversionId: conversion.id,
            invoiceId: line.invoiceId,
            enterpriseId,
            amountMxn: line.amountMxn,
            createdAt: now,
          });
          await this.invoices.changeAssigned(trx, line.invoiceId, line.amountMxn);
        }
        return await repo.changeConversionAssigned(trx, conversion.id, total);
      },
    );
  }

  /**
   * POST transactions/deleteInvoice: takes MXN of invoices off a conversion (the whole
   * assignment when the amount covers it), never the part already paid.
   */
  async detachInvoices(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    conversionId: string,
    lines: InvoiceAmountLine[],
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.changeAssignedInvoices(
      {
        enterpriseId,
        idempotencyKey,
        operation: 'transactions/deleteInvoice',
        conversionId,
        lines,
      },
      async (trx, conversion) => {
        const removals: Array<{ invoiceId: string; amountMxn: bigint; whole: boolean }> = [];
        for (const line of lockOrder(lines)) {
          const field = `invoices.${line.index}.sInvoiceId`;
          await this.requireInvoice(trx, enterpriseId, line.invoiceId, { field });
          const assignment = await repo.findAssignment(trx, conversion.id, line.invoiceId);
          if (!assignment) throw new AppError('NOT_FOUND', { field });
          const whole = line.amountMxn >= assignment.amount_mxn;
          const amountMxn = whole ? assignment.amount_mxn : line.amountMxn;
          if (amountMxn > assignment.amount_mxn - assignment.paid_mxn) {
            throw new AppError('INVALID_STATE', { field: `invoices.${line.index}.dAmount` });
          }
          removals.push({ invoiceId: line.invoiceId, amountMxn, whole });
        }
        let total = 0n;
        for (const removal of removals) {
          if (removal.whole) {
            await repo.deleteAssignment(trx, conversion.id, removal.invoiceId);
          } else {
            await repo.reduceAssignment(trx, conversion.id, removal.invoiceId, removal.amountMxn);
          }
          await this.invoices.changeAssigned(trx, removal.invoiceId, -removal.amountMxn);
          total += removal.amountMxn;
        }
        return await repo.changeConversionAssigned(trx, conversion.id, -total);
      },
    );
  }

  /**
   * Attaching or detaching invoice lines: a money write on the enterprise's conversion,
   * locked, whose answer is the conversion the change leaves.
   */
  private changeAssignedInvoices(
    write: {
      enterpriseId: string;
      idempotencyKey: string | undefined;
      operation: 'transactions/invoice' | 'transactions/deleteInvoice';
      conversionId: string;
      lines: InvoiceAmountLine[];
    },
    change: (trx: Trx, conversion: ConversionRow, now: Date) => Promise<ConversionRow>,
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    const { enterpriseId, idempotencyKey, operation, conversionId, lines } = write;
    return this.writeConversion(
      { enterpriseId, idempotencyKey, operation, body: { conversionId, lines } },
      200,
      async (trx, now) => {
        const conversion = await this.requireConversion(trx, enterpriseId, conversionId, {
          forUpdate: true,
        });
        return change(trx, conversion, now);
      },
    );
  }

  /**
   * A money write, at this moment, whose answer is the one conversion it leaves, as
   * `{ transaction }`.
   */
  private writeConversion(
    write: Omit<MoneyWriteRequest, 'now'>,
    status: 200 | 201,
    work: (trx: Trx, now: Date) => Promise<ConversionRow>,
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    const now = this.now();
    return runMoneyWrite(this.db, { ...write, now }, async (trx) => {
      const row = await work(trx, now);
      return {
        status,
        body: { transaction: await this.describeOne(trx, write.enterpriseId, row, false) },
      };
    });
  }

  /** The enterprise's live invoice, locked; a malformed id is a 404 like an unknown one. */
  private async requireInvoice(
    trx: Trx,
    enterpriseId: string,
    invoiceId: string,
    options: { field: string },
  ): Promise<InvoiceRow> {
    if (!isUuid(invoiceId)) throw new AppError('NOT_FOUND', { field: options.field });
    return this.invoices.requireInvoice(trx, enterpriseId, invoiceId.toLowerCase(), {
      field: options.field,
      forUpdate: true,
    });
  }

  /**
   * The quote a conversion request refers to, checked: a live spot quote of the enterprise
   * at the stated rate for forex; for a forward, a live forward quote at the stated rate
   * for the stated date, which must still be a settlement day in the window.
   */
  private async requirePricing(
    trx: Trx,
    enterpriseId: string,
    request: ConversionRequest,
    now: Date,
  ): Promise<{ quoteId: string; rateMicro: bigint; forwardDate: CalendarDate | null }> {
    const quoteOptions = {
      field: 'referenceExchangeRate',
      statedRateMicro: request.statedRateMicro,
      rateField: 'dExchangeRate',
    };
    if (request.kind === 'FOREX') {
      const quote = await this.rates.requireSpotQuote(
        trx,
        enterpriseId,
        request.quoteId,
        quoteOptions,
      );
      return { quoteId: quote.id, rateMicro: quote.rateMicro, forwardDate: null };
    }
    const forwardDate = request.forwardDate;
    if (!forwardDate || forwardDateProblem(forwardDate, todayInTimeZone(now))) {
      throw new AppError('INVALID_INPUT', { field: 'dForwardTransactionDate' });
    }
    const quote = await this.rates.requireForwardQuote(trx, enterpriseId, request.quoteId, {
      ...quoteOptions,
      forwardDate,
    });
    return { quoteId: quote.id, rateMicro: quote.rateMicro, forwardDate: quote.forwardDate };
  }

  /**
   * Writes the conversion and its journal. Forex: USD available → FX liquidity, FX
   * liquidity → MXN available, settled at once. Forward: the deposit moves to the held
   * account; the pesos are credited at settlement.
   */
  private async book(
    trx: Trx,
    enterpriseId: string,
    request: ConversionRequest,
    priced: { quoteId: string; rateMicro: bigint; forwardDate: CalendarDate | null },
    amounts: ConversionAmounts,
    now: Date,
  ): Promise<ConversionRow> {
    const forex = request.kind === 'FOREX';
    const row = await repo.insertConversion(trx, {
      id: randomUUID(),
      enterprise_id: enterpriseId,
      type: request.kind,
      status: forex ? 'SETTLED' : 'ACTIVE',
      usd_cents: amounts.usdCents,
      mxn_cents: amounts.mxnCents,
      rate_micro: priced.rateMicro,
      quote_id: priced.quoteId,
      forward_date: priced.forwardDate,
      deposit_usd: amounts.depositUsd,
      external: request.external,
      created_at: now,
      settled_at: forex ? now : null,
    });
    const tracking = String(row.tracking_id);
    const journal = {
      enterpriseId,
      reference: row.id,
      quoteId: priced.quoteId,
      rateMicro: priced.rateMicro,
      createdAt: now,
    };
    if (forex) {
      await this.ledger.post(trx, {
        ...journal,
        kind: 'FOREX',
        ...journalText({ code: 'FOREX', params: { tracking } }),
        lines: [
          { account: { enterpriseId, kind: 'USD_AVAILABLE' }, amount: -amounts.usdCents },
          { account: { house: 'HOUSE_FX_USD' }, amount: amounts.usdCents },
          { account: { house: 'HOUSE_FX_MXN' }, amount: -amounts.mxnCents },
          { account: { enterpriseId, kind: 'MXN_AVAILABLE' }, amount: amounts.mxnCents },
        ],
      });
    } else {
      await this.ledger.post(trx, {
        ...journal,
        kind: 'FORWARD_BOOKING',
        ...journalText({
          code: 'FORWARD_BOOKING',
          params: { tracking, date: String(priced.forwardDate) },
        }),
        lines: [
          { account: { enterpriseId, kind: 'USD_AVAILABLE' }, amount: -amounts.depositUsd },
          { account: { enterpriseId, kind: 'USD_FORWARD_DEPOSIT' }, amount: amounts.depositUsd },
        ],
      });
    }
    return row;
  }

  private async describeOne(
    db: Executor,
    enterpriseId: string,
    row: ConversionRow,
    withPayments: boolean,
  ): Promise<ApiTransaction> {
    const { transactions } = await this.describe(db, enterpriseId, [row], withPayments);
    const [transaction] = transactions;
    if (!transaction) throw new Error('A described conversion is missing');
    return transaction;
  }

  /**
   * API shapes of conversions: their assignments are loaded in one query and their
   * invoices described in one call, whatever the number of rows.
   */
  private async describe(
    db: Executor,
    enterpriseId: string,
    rows: ConversionRow[],
    withPayments: boolean,
  ): Promise<{ transactions: ApiTransaction[]; totalGainUsd: bigint }> {
    const now = this.now();
    const today = todayInTimeZone(now);
    const assignments = await repo.findAssignmentsWithProtection(
      db,
      enterpriseId,
      rows.map((row) => row.id),
    );
    const invoiceIds = [...new Set(assignments.map((assignment) => assignment.invoice_id))];
    const invoices =
      invoiceIds.length === 0
        ? new Map<string, ApiInvoice>()
        : await this.invoices.describeInvoices(
            db,
            enterpriseId,
            invoiceIds,
            this.rates.customerRateAt(now),
          );
    const byConversion = new Map<string, typeof assignments>();
    for (const assignment of assignments) {
      const list = byConversion.get(assignment.conversion_id) ?? [];
      list.push(assignment);
      byConversion.set(assignment.conversion_id, list);
    }

    let totalGainUsd = 0n;
    const transactions: ApiTransaction[] = [];
    for (const row of rows) {
      const own = byConversion.get(row.id) ?? [];
      const gain = conversionGain(
        own.map((assignment) => ({
          amountMxn: assignment.amount_mxn,
          protectedRateMicro: assignment.rate_protection_micro,
        })),
        row.rate_micro,
      );
      totalGainUsd += gain.gainUsd;
      const invoiceEntries: ApiTransactionInvoice[] = [];
      for (const assignment of own) {
        const invoice = invoices.get(assignment.invoice_id);
        if (!invoice) continue;
        invoiceEntries.push({
          dAmount: moneyToNumber(assignment.amount_mxn),
          dPaidAmount: moneyToNumber(assignment.paid_mxn),
          invoice: {
            ...invoice,
            paymentsRecipent: [
              { sName: invoice.sName, sPaymentRecipientId: invoice.sPaymentRecipientId },
            ],
          },
          payment: { dDescAmount: moneyToNumber(assignment.paid_mxn) },
        });
      }
      transactions.push({
        sTransactionId: row.id,
        iTrackingId: Number(row.tracking_id),
        sTransactionType: TRANSACTION_TYPE_IDS[row.type],
        dAmount: moneyToNumber(row.usd_cents),
        dDesAmount: moneyToNumber(row.mxn_cents),
        dExchangeRate: rateToNumber(row.rate_micro),
        referenceExchangeRate: row.quote_id,
        created_at: row.created_at.toISOString(),
        settled_at: row.settled_at ? row.settled_at.toISOString() : null,
        dForwardTransactionDate: row.forward_date,
        dDepositAmount: moneyToNumber(row.deposit_usd),
        sStatus: row.status,
        bExternal: row.external,
        dAssignedAmount: moneyToNumber(row.assigned_mxn),
        dPaidAmount: moneyToNumber(row.paid_mxn),
        dPercentUsed: percentUsed(row.assigned_mxn, row.mxn_cents),
        dPercentPaid: percentUsed(row.paid_mxn, row.mxn_cents),
        dProfitPercentage: gain.profitPercentage,
        dCurrencyGain: moneyToNumber(gain.gainUsd),
        iDaysRemaining:
          row.type === 'FORWARD' && row.forward_date ? daysBetween(today, row.forward_date) : null,
        invoice: invoiceEntries,
        payment: withPayments ? await this.paymentsOf(db, enterpriseId, row.id) : [],
      });
    }
    return { transactions, totalGainUsd };
  }

  private async paymentsOf(
    db: Executor,
    enterpriseId: string,
    conversionId: string,
  ): Promise<ApiConversionPayment[]> {
    const payments = await repo.findConversionPayments(db, enterpriseId, conversionId);
    const paid = await repo.findPaymentInvoices(
      db,
      payments.map((payment) => payment.id),
    );
    return payments.map((payment) => ({
      sPaymentId: payment.id,
      iTrackingId: Number(payment.tracking_id),
      created_at: payment.created_at.toISOString(),
      dAmount: moneyToNumber(payment.amount_mxn),
      dAmountUsd: moneyToNumber(payment.amount_usd),
      dExchangeRate: rateToNumber(payment.rate_micro),
      sTransactionType: TRANSACTION_TYPE_IDS[payment.type],
      sStatus: payment.status,
      sTrackingKey: payment.tracking_key,
      sConcept: payment.concept,
      payment_recipient: {
        sPaymentRecipientId: payment.recipient_id,
        sName: payment.recipient_name,
      },
      invoice_payments_relationship: paid
        .filter((line) => line.payment_id === payment.id)
        .map((line) => ({
          dAmount: moneyToNumber(line.amount_mxn),
          invoice: { sInvoiceId: line.invoice_id, sInvoice: line.invoice_name },
        })),
    }));
  }
}

function pageOf(page: ListPage): { offset: number; limit: number } {
  const limit = Math.min(page.limit ?? CONVERSION_LIST_CAP, CONVERSION_LIST_CAP);
  return { offset: ((page.page ?? 1) - 1) * limit, limit };
}

/**
 * The lines of a request in the order their invoices are locked (by id, the order every
 * writer uses), each keeping its position in the request for error fields. Ids are
 * lower-cased so the order is the database's; a repeated invoice is refused.
 */
function lockOrder(lines: InvoiceAmountLine[]): Array<InvoiceAmountLine & { index: number }> {
  const seen = new Set<string>();
  const normalized = lines.map((line, index) => {
    if (!isUuid(line.invoiceId)) {
      throw new AppError('NOT_FOUND', { field: `invoices.${index}.sInvoiceId` });
    }
    const invoiceId = line.invoiceId.toLowerCase();
    if (seen.has(invoiceId)) {
      throw new AppError('INVALID_INPUT', { field: `invoices.${index}.sInvoiceId` });
    }
    seen.add(invoiceId);
    return { ...line, invoiceId, index };
  });
  return normalized.sort((a, b) =>
    a.invoiceId < b.invoiceId ? -1 : a.invoiceId > b.invoiceId ? 1 : 0,
  );
}
