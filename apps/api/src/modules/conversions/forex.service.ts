import { randomUUID } from 'node:crypto';
import {
  compareDates,
  forwardDateProblem,
  rateToNumber,
  todayInTimeZone,
  type CalendarDate,
} from '@app/domain';
import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import type { MoneyWriteResult } from '../../ledger/money-write.js';
import { refuseCancelledCfdi } from '../cfdi/cfdi-payable.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { RatesService } from '../rates/rates.service.js';
import { amountsFromMxn, amountsFromUsd, type ConversionAmounts } from './conversion-amounts.js';
import * as repo from './conversions.repository.js';
import type { ConversionReadsService } from './conversion-reads.service.js';
import {
  requireConversion,
  requireLiveInvoice,
  writeConversion,
  type ConversionRequest,
  type ConversionRow,
  type ConversionTarget,
} from './conversion-records.js';
import type { TransactionAnswer } from './conversion.view.js';

/**
 * Forex: spot USD→MXN conversions settled at once (of an amount, or of an invoice's MXN),
 * forwards that hold a 5 % deposit and settle on their date, and the paid amounts payments
 * record against a conversion.
 */
export class ForexService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly rates: RatesService,
    private readonly invoices: InvoicesService,
    private readonly now: () => Date,
    private readonly reads: ConversionReadsService,
  ) {}

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
    return writeConversion(
      this.db,
      this.now(),
      this.reads,
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
    return writeConversion(
      this.db,
      this.now(),
      this.reads,
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
    const invoice = await requireLiveInvoice(this.invoices, trx, enterpriseId, request.invoiceId, {
      field: 'sInvoiceId',
    });
    const unassigned = invoice.total_mxn - invoice.assigned_mxn;
    if (invoice.status !== 'TO_PAY' || unassigned <= 0n) {
      throw new AppError('INVALID_STATE', { field: 'sInvoiceId' });
    }
    await this.invoices.refuseDeletedSupplier(trx, enterpriseId, invoice);
    await refuseCancelledCfdi(trx, invoice.id);
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

  /**
   * POST transactions/closeForward: settles an active forward on or after its date. The held
   * deposit and the rest of the USD go to the house; the MXN at the locked rate is credited.
   */
  async closeForward(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    conversionId: string,
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return writeConversion(
      this.db,
      this.now(),
      this.reads,
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
   * forward this way before paying the grower); the caller owns idempotency. `early`: a
   * marketplace order's buyer pays the rest before the settlement day, at the forward's
   * locked rate (the MXN are spent on the order at once, so no rate risk is left open).
   */
  async closeForwardInTransaction(
    trx: Trx,
    enterpriseId: string,
    conversionId: string,
    now: Date = this.now(),
    options: { early?: boolean } = {},
  ): Promise<ConversionRow> {
    const forward = await requireConversion(trx, enterpriseId, conversionId, {
      forUpdate: true,
    });
    if (forward.type !== 'FORWARD' || forward.status !== 'ACTIVE' || !forward.forward_date) {
      throw new AppError('INVALID_STATE', { field: 'sTransactionId' });
    }
    if (!options.early && compareDates(todayInTimeZone(now), forward.forward_date) < 0) {
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
}
