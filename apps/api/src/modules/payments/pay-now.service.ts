import { randomUUID } from 'node:crypto';
import { amountsForTarget, usdForExactMxn } from '@app/domain';
import { Batcher } from '../../db/batcher.js';
import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isNegativeBalanceViolation, type LedgerService } from '../../ledger/ledger.service.js';
import {
  idempotencyClaimOf,
  replayKeyClaimedMeanwhile,
  replayStoredAnswer,
} from '../../ledger/money-write.js';
import type { AuditEntryWithWrite } from '../audit/audit.service.js';
import { isUuid, type RatesService } from '../rates/rates.service.js';
import type { PaymentRecipientRow, SuppliersService } from '../suppliers/suppliers.service.js';
import * as repo from './payments.repository.js';
import type { PayoutOrder } from './payout-rail.js';
import type { PaymentReadsService } from './payment-reads.service.js';
import type { PayoutService } from './payout.service.js';
import { toApiPayment, writtenPaymentView, type ApiPayment } from './payment.view.js';
import {
  CONCEPT_MAX_LENGTH,
  insertPayment,
  mxnToPayFor,
  newTrackingKey,
  paidAccountOf,
  payNowJournal,
  payoutOrderOf,
  type InvoicePart,
  type PaymentTerms,
  type UsdPaymentRequest,
} from './payment-records.js';

/**
 * Pay-nows made at the same moment are written together, in statements of this many at
 * most, with this many statements running at once (each holds a pooled connection).
 * Measured in `docs/BENCHMARKS.md`.
 */
const PAY_NOW_BATCH = 64;
const PAY_NOW_STATEMENTS_IN_FLIGHT = 4;

/**
 * Pay now: USD sent to a supplier as MXN at a spot quote in one journal, the busiest money
 * write (group-committed by `Batcher`), and the same payment inside a caller's transaction
 * (an approved hold, a marketplace order, an invoice paid whole).
 */
export class PayNowService {
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
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly rates: RatesService,
    private readonly suppliers: SuppliersService,
    private readonly reads: PaymentReadsService,
    private readonly payout: PayoutService,
    private readonly now: () => Date,
  ) {}

  /**
   * Where a batch of pay-nows that failed for another reason than funds is reported (its
   * pay-nows were then written one at a time, each with its own answer).
   */
  reportBatchErrorsTo(onError: (error: unknown) => void): void {
    this.reportBatchError = onError;
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
    await this.payout.submitPayout(payoutOrderOf(payment));
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
    return insertPayment(trx, this.reads, enterpriseId, {
      ...terms,
      type: 'PAY_NOW',
      conversionId: null,
      trackingKey,
      journalId,
    });
  }
}
