import { randomUUID } from 'node:crypto';
import {
  isErrorCode,
  moneyToNumber,
  parseMoney,
  rateToNumber,
  usdForExactMxn,
  type ErrorCode,
} from '@app/domain';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.js';
import type { PaymentBatchItemStatus } from '../../db/schema.js';
import { AppError, isAppError } from '../../errors.js';
import { runMoneyWrite } from '../../ledger/money-write.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { isUuid, type RatesService } from '../rates/rates.service.js';
import type { SuppliersService } from '../suppliers/suppliers.service.js';
import * as repo from './batch-payments.repository.js';
import type { ApiPayment } from './payment.view.js';
import type { PaymentsService } from './payments.service.js';
import type { PayoutOrder } from './payout-rail.js';

/** Most items one batch takes. */
export const BATCH_MAX_ITEMS = 1_000;

/** One item of a batch: an amount to a supplier, or a whole To pay invoice. */
export type BatchItemInput =
  { recipientId: string; amountMxn: bigint; comment: string } | { invoiceId: string };

/** What an item asked for, as it stood when the batch ran: a failed item shows it. */
export interface ApiBatchAsked {
  sInvoiceName: string | null;
  sPayeeName: string | null;
  dAmountMxn: number | null;
  /** The pesos' dollars at the batch's rate. */
  dAmountUsd: number | null;
  sConcept: string | null;
}

export interface ApiBatchItem {
  sStatus: PaymentBatchItemStatus;
  payment?: ApiPayment;
  /** Why no payment was made (an error code of the contract). */
  code?: ErrorCode;
  asked: ApiBatchAsked;
}

/** The answer of `POST payments/batch` and `GET payments/batches/{id}`. */
export interface ApiBatch {
  sBatchId: string;
  created_at: string;
  dExchangeRate: number;
  /** MXN and USD of the items that were sent. */
  dTotalMxn: number;
  dTotalUsd: number;
  items: ApiBatchItem[];
}

/**
 * Batch payments: many payments at one quote in one request. The whole batch is
 * one transaction under one Idempotency-Key, so a replay answers the same and money moves
 * once; inside it each item runs in a savepoint of its own, so an item that fails (a
 * supplier or invoice not found, an invoice no longer To pay) leaves the others alone. The
 * first item the USD balance cannot cover stops the batch: the items after it are marked
 * NOT_ATTEMPTED. Each payment goes through the PaymentsService's own code paths.
 */
export class BatchPaymentsService {
  constructor(
    protected readonly db: Db,
    protected readonly payments: PaymentsService,
    protected readonly suppliers: SuppliersService,
    protected readonly invoices: InvoicesService,
    protected readonly rates: RatesService,
    protected readonly now: () => Date,
  ) {}

  async payBatch(
    enterpriseId: string,
    input: { quoteId: string; items: BatchItemInput[] },
    idempotencyKey: string | undefined,
  ): Promise<ApiBatch> {
    if (input.items.length === 0 || input.items.length > BATCH_MAX_ITEMS) {
      throw new AppError('INVALID_INPUT', { field: 'items' });
    }
    let orders: PayoutOrder[] = [];
    const result = await runMoneyWrite<{ batch: ApiBatch }>(
      this.db,
      { enterpriseId, idempotencyKey, operation: 'payments/batch', body: input, now: this.now() },
      async (trx) => {
        const made = await this.payInTransaction(trx, enterpriseId, input);
        orders = made.orders;
        return { status: 201, body: { batch: made.batch } };
      },
    );
    // Committed: hand each new payment to the payout rail (a replay made none).
    for (const order of orders) await this.payments.submitPayout(order);
    return result.body.batch;
  }

  async getBatch(enterpriseId: string, batchId: string): Promise<ApiBatch> {
    const batch = isUuid(batchId)
      ? await repo.findBatch(this.db, enterpriseId, batchId)
      : undefined;
    if (!batch) throw new AppError('NOT_FOUND', { field: 'sBatchId' });
    const rows = await repo.listBatchItems(this.db, batch.id);
    const payments = await this.payments.getMany(
      enterpriseId,
      rows.flatMap((row) => (row.payment_id ? [row.payment_id] : [])),
    );
    return toApiBatch(
      { id: batch.id, createdAt: batch.created_at, rateMicro: batch.rate_micro },
      rows.map((row) => {
        const payment = row.payment_id ? payments.get(row.payment_id) : undefined;
        return {
          sStatus: row.status,
          ...(payment ? { payment } : {}),
          ...(row.code && isErrorCode(row.code) ? { code: row.code } : {}),
          asked: toApiAsked(
            {
              invoiceName: row.invoice_name,
              payeeName: row.payee_name,
              amountMxn: row.amount_mxn === null ? null : BigInt(row.amount_mxn),
              concept: row.concept,
            },
            batch.rate_micro,
          ),
        };
      }),
    );
  }

  /**
   * Locks the batch's invoices in id order before any payment, the order every writer
   * uses: two batches paying the same invoices in different orders wait, never deadlock.
   * An id that is not the enterprise's invoice is left for its item to fail on.
   */
  private async lockInvoices(trx: Trx, enterpriseId: string, items: BatchItemInput[]) {
    const ids = [
      ...new Set(
        items.flatMap((item) =>
          'invoiceId' in item && isUuid(item.invoiceId) ? [item.invoiceId] : [],
        ),
      ),
    ].sort();
    for (const invoiceId of ids) {
      try {
        await this.invoices.requireInvoice(trx, enterpriseId, invoiceId, { forUpdate: true });
      } catch (error) {
        if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
      }
    }
  }

  /** What each item names, read before any is paid: the invoice's number and what is left. */
  private async askedOf(
    trx: Trx,
    enterpriseId: string,
    items: BatchItemInput[],
  ): Promise<repo.BatchItemAsked[]> {
    const invoiceIds = new Set<string>();
    const recipientIds = new Set<string>();
    for (const item of items) {
      if ('invoiceId' in item) {
        if (isUuid(item.invoiceId)) invoiceIds.add(item.invoiceId);
      } else if (isUuid(item.recipientId)) recipientIds.add(item.recipientId);
    }
    const found = await repo.findAskedOf(trx, enterpriseId, {
      invoiceIds: [...invoiceIds],
      recipientIds: [...recipientIds],
    });
    return items.map((item) => {
      if ('invoiceId' in item) {
        const invoice = found.invoices.get(item.invoiceId);
        return {
          invoiceName: invoice?.invoice_name ?? null,
          payeeName: invoice?.payee_name ?? null,
          amountMxn: invoice ? invoice.total_mxn - invoice.paid_mxn : null,
          concept: null,
        };
      }
      return {
        invoiceName: null,
        payeeName: found.recipients.get(item.recipientId) ?? null,
        amountMxn: item.amountMxn,
        concept: item.comment,
      };
    });
  }

  /** A batch inside the caller's transaction (an approval checks a held batch with it, then undoes it). */
  async payInTransaction(
    trx: Trx,
    enterpriseId: string,
    input: { quoteId: string; items: BatchItemInput[] },
  ): Promise<{ batch: ApiBatch; orders: PayoutOrder[] }> {
    const now = this.now();
    const quote = await this.rates.requireSpotQuote(trx, enterpriseId, input.quoteId, {
      field: 'sExchangeRateReference',
    });
    const batchId = randomUUID();
    await repo.insertBatch(trx, {
      id: batchId,
      enterpriseId,
      quoteId: quote.id,
      rateMicro: quote.rateMicro,
      itemCount: input.items.length,
      createdAt: now,
    });
    await this.lockInvoices(trx, enterpriseId, input.items);
    const asked = await this.askedOf(trx, enterpriseId, input.items);
    const items: ApiBatchItem[] = [];
    const orders: PayoutOrder[] = [];
    let outOfFunds = false;
    for (const [index, item] of input.items.entries()) {
      const itemAsked = toApiAsked(asked[index]!, quote.rateMicro);
      if (outOfFunds) {
        items.push({ sStatus: 'NOT_ATTEMPTED', code: 'INSUFFICIENT_FUNDS', asked: itemAsked });
        continue;
      }
      await sql`savepoint batch_item`.execute(trx);
      try {
        const made =
          'invoiceId' in item
            ? await this.payments.payInvoiceExactInTransaction(trx, enterpriseId, {
                invoiceId: item.invoiceId,
                rateMicro: quote.rateMicro,
                quoteId: quote.id,
              })
            : await this.payments.payExactMxnInTransaction(trx, enterpriseId, {
                // A deleted supplier is found, then refused as INVALID_STATE (as pay-now is).
                recipient: await this.suppliers.requireRecipient(
                  trx,
                  enterpriseId,
                  item.recipientId,
                  { includeDeleted: true, forShare: true },
                ),
                amountMxn: item.amountMxn,
                rateMicro: quote.rateMicro,
                quoteId: quote.id,
                concept: item.comment,
              });
        await sql`release savepoint batch_item`.execute(trx);
        items.push({ sStatus: 'SENT', payment: made.payment, asked: itemAsked });
        orders.push(made.order);
      } catch (error) {
        // Only this item's writes are undone; the transaction goes on.
        await sql`rollback to savepoint batch_item`.execute(trx);
        if (!isAppError(error)) throw error;
        items.push({ sStatus: 'FAILED', code: error.code, asked: itemAsked });
        if (error.code === 'INSUFFICIENT_FUNDS') outOfFunds = true;
      }
    }
    await repo.insertBatchItems(
      trx,
      batchId,
      items.map((item, index) => ({
        status: item.sStatus,
        paymentId: item.payment?.sPaymentId ?? null,
        code: item.code ?? null,
        asked: asked[index]!,
      })),
    );
    return {
      batch: toApiBatch({ id: batchId, createdAt: now, rateMicro: quote.rateMicro }, items),
      orders,
    };
  }
}

function toApiAsked(asked: repo.BatchItemAsked, rateMicro: bigint): ApiBatchAsked {
  return {
    sInvoiceName: asked.invoiceName,
    sPayeeName: asked.payeeName,
    dAmountMxn: asked.amountMxn === null ? null : moneyToNumber(asked.amountMxn),
    dAmountUsd:
      asked.amountMxn === null || asked.amountMxn <= 0n
        ? null
        : moneyToNumber(usdForExactMxn(asked.amountMxn, rateMicro)),
    sConcept: asked.concept,
  };
}

function toApiBatch(
  batch: { id: string; createdAt: Date; rateMicro: bigint },
  items: ApiBatchItem[],
): ApiBatch {
  // Sums of the exact decimals the payments carry, read back into cents.
  let totalMxn = 0n;
  let totalUsd = 0n;
  for (const item of items) {
    if (!item.payment) continue;
    totalMxn += parseMoney(item.payment.dAmount);
    totalUsd += parseMoney(item.payment.dAmountUsd);
  }
  return {
    sBatchId: batch.id,
    created_at: batch.createdAt.toISOString(),
    dExchangeRate: rateToNumber(batch.rateMicro),
    dTotalMxn: moneyToNumber(totalMxn),
    dTotalUsd: moneyToNumber(totalUsd),
    items,
  };
}
