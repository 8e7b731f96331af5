import type { CalendarDate } from '@app/domain';
import type { Selectable } from 'kysely';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { ConversionInvoicesTable, ConversionsTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import {
  runMoneyWrite,
  type MoneyWriteRequest,
  type MoneyWriteResult,
} from '../../ledger/money-write.js';
import type { InvoiceRow, InvoicesService } from '../invoices/invoices.service.js';
import { isUuid } from '../rates/rates.service.js';
import type { ConversionKind } from './conversion-amounts.js';
import * as repo from './conversions.repository.js';
import type { ConversionReadsService } from './conversion-reads.service.js';
import type { TransactionAnswer } from './conversion.view.js';

/** A selected conversion row (amounts as plain bigint). */
export type ConversionRow = Selectable<ConversionsTable>;
/** A selected assignment of an invoice to a conversion. */
export type AssignmentRow = Selectable<ConversionInvoicesTable>;

/** Default and largest page of a conversions list. */
export const CONVERSION_LIST_CAP = 1000;

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

/** The enterprise's conversion (404 otherwise); `forUpdate` locks its row. */
export async function requireConversion(
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

/** The enterprise's live invoice, locked; a malformed id is a 404 like an unknown one. */
export async function requireLiveInvoice(
  invoices: InvoicesService,
  trx: Trx,
  enterpriseId: string,
  invoiceId: string,
  options: { field: string },
): Promise<InvoiceRow> {
  if (!isUuid(invoiceId)) throw new AppError('NOT_FOUND', { field: options.field });
  return invoices.requireInvoice(trx, enterpriseId, invoiceId.toLowerCase(), {
    field: options.field,
    forUpdate: true,
  });
}

/**
 * A money write, at its moment `now`, whose answer is the one conversion it leaves, as
 * `{ transaction }`.
 */
export function writeConversion(
  db: Db,
  now: Date,
  reads: ConversionReadsService,
  write: Omit<MoneyWriteRequest, 'now'>,
  status: 200 | 201,
  work: (trx: Trx, now: Date) => Promise<ConversionRow>,
): Promise<MoneyWriteResult<TransactionAnswer>> {
  return runMoneyWrite(db, { ...write, now }, async (trx) => {
    const row = await work(trx, now);
    return {
      status,
      body: { transaction: await reads.describeOne(trx, write.enterpriseId, row, false) },
    };
  });
}

export function pageOf(page: ListPage): { offset: number; limit: number } {
  const limit = Math.min(page.limit ?? CONVERSION_LIST_CAP, CONVERSION_LIST_CAP);
  return { offset: ((page.page ?? 1) - 1) * limit, limit };
}
