import { randomUUID } from 'node:crypto';
import {
  INVOICE_STATUS_IDS,
  MAX_INVOICE_TOTAL_CENTS,
  coveredActualUsd,
  currencyGainForActualUsd,
  deriveInvoiceStatus,
  dueDate,
  invoiceStatusKeyFromId,
  maskAccount,
  moneyToNumber,
  rateToNumber,
  type CoveringPart,
  type InvoiceSortKey,
} from '@app/domain';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { Selectable } from 'kysely';
import type { InvoicesTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Quote, RatesService } from '../rates/rates.service.js';
import { isUuid } from '../rates/rates.service.js';
import type { SuppliersService } from '../suppliers/suppliers.service.js';
import { rateOrderFromJson, type ApiRateOrder } from '../rate-orders/rate-order-view.js';
import { InvoiceListCache } from './invoice-list-cache.js';
import * as repo from './invoices.repository.js';

/** A selected invoice row (amounts as plain bigint). */
export type InvoiceRow = Selectable<InvoicesTable>;

/** The Invoice of the API contract (API.md), JSON-ready. */
export interface ApiInvoice {
  sInvoiceId: string;
  sInvoice: string;
  sPaymentRecipientId: string;
  sName: string;
  sAccountNumber: string;
  dPurchaseDate: string;
  iCreditPeriod: number;
  dDueDate: string;
  dTotalAmount: number;
  dAssignedAmount: number;
  dPaidAmount: number;
  dTotalUsd: number;
  dRateProtection: number;
  dProfitPercentage: number;
  dCurrencyGain: number;
  sStatusId: string;
  created_at: string;
  /** The invoice's newest rate order, or null. */
  rateOrder: ApiRateOrder | null;
  /** The supplier was deleted: the invoice is history, nothing can pay or convert it. */
  bSupplierDeleted: boolean;
  /** Payments of its PPD CFDI still due a payment complement (zero when none can be). */
  paymentComplements: { iDue: number; dDueAmount: number; iMismatched: number };
}

/** Validated invoice fields (amounts in cents and micro-units). */
export interface InvoiceInput {
  purchaseDate: string;
  recipientId: string;
  invoiceName: string;
  totalMxn: bigint;
  rateProtectionMicro: bigint;
  creditPeriodDays: number;
}

export interface InvoiceListAnswer {
  invoices: ApiInvoice[];
  /** How many invoices the filter holds (all pages). */
  total: number;
  totalProfit: number;
  exchangeRateToday: number;
  exchangeRateTodayReference: string;
  quoteExpiresAt: string;
}

/** What `POST invoices/invoices` filters, orders and pages by. */
export interface InvoiceListFilter {
  recipientId?: string | undefined;
  statusId?: string | undefined;
  /** Only invoices with MXN still to assign (To pay and Parcial), as the dashboard counts. */
  pendingAssignment?: boolean | undefined;
  /** Only invoices of a PPD CFDI with a payment still due its payment complement. */
  complementDue?: boolean | undefined;
  page?: number | undefined;
  limit?: number | undefined;
  sortBy?: InvoiceSortKey | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
}

/** Largest page of invoices, and the default when no page is asked for. */
export const INVOICE_LIST_CAP = 1000;

interface ListSummary {
  count: number;
  gainUsd: bigint;
}

interface CachedSummary {
  summary: Promise<ListSummary>;
  /** When it was asked for (the app's clock, ms). */
  at: number;
}

/** What a list is valued at: the enterprise's list version (migration 0019) and a quote. */
interface ListStamp {
  version: bigint;
  quote: Quote;
}

/** Invoices of an enterprise. */
export class InvoicesService {
  /**
   * The list's total and currency gain by enterprise, list version, filter and rate, reused
   * for `summaryCacheMs`: summing 10,000 invoices costs as much as the rest of a page. Lists
   * that arrive while it is being summed wait for that sum rather than start their own. A
   * change committed anywhere raises the version, so a list asked after it sums again.
   */
  private readonly summaries = new Map<string, CachedSummary>();

  /** Whole list answers, as JSON, while the enterprise's list version and quote hold. */
  private readonly lists: InvoiceListCache;

  constructor(
    protected readonly db: Db,
    protected readonly rates: RatesService,
    protected readonly suppliers: SuppliersService,
    protected readonly now: () => Date,
    private readonly summaryCacheMs = 0,
    listCacheBytes = 0,
  ) {
    this.lists = new InvoiceListCache(listCacheBytes);
  }

  private summarize(
    enterpriseId: string,
    where: repo.InvoiceFilter,
    stamp: ListStamp,
  ): Promise<ListSummary> {
    const todayRateMicro = stamp.quote.rateMicro;
    if (this.summaryCacheMs <= 0) {
      return repo.summarize(this.db, enterpriseId, where, todayRateMicro);
    }
    const key = [
      enterpriseId,
      stamp.version,
      where.recipientId,
      where.status,
      where.unassignedOnly ? 'pending' : '',
      where.complementDue ? 'complement' : '',
      todayRateMicro,
    ].join('|');
    const at = this.now().getTime();
    const cached = this.summaries.get(key);
    if (cached && at - cached.at >= 0 && at - cached.at < this.summaryCacheMs) {
      return cached.summary;
    }
    const entry: CachedSummary = {
      summary: repo.summarize(this.db, enterpriseId, where, todayRateMicro),
      at,
    };
    if (this.summaries.size >= 10_000) this.summaries.clear();
    this.summaries.set(key, entry);
    // A failed sum is not reused: the next list asks again.
    entry.summary.catch(() => {
      if (this.summaries.get(key) === entry) this.summaries.delete(key);
    });
    return entry.summary;
  }

  /** The enterprise's live invoice (404 otherwise); `forUpdate` locks its row. */
  async requireInvoice(
    db: Executor,
    enterpriseId: string,
    invoiceId: string,
    options: { field?: string; forUpdate?: boolean } = {},
  ): Promise<InvoiceRow> {
    const row = isUuid(invoiceId)
      ? await repo.findInvoice(db, enterpriseId, invoiceId, {
          forUpdate: options.forUpdate ?? false,
        })
      : undefined;
    if (!row || row.deleted_at !== null) {
      throw new AppError('NOT_FOUND', { field: options.field ?? 'sInvoiceId' });
    }
    return row;
  }

  /**
   * Refuses an invoice whose supplier was deleted (409 SUPPLIER_DELETED): converting pesos
   * for it would leave them waiting for a payment no path can make.
   */
  async refuseDeletedSupplier(
    db: Executor,
    enterpriseId: string,
    invoice: InvoiceRow,
    field = 'sInvoiceId',
  ): Promise<void> {
    const recipient = await this.suppliers.requireRecipient(
      db,
      enterpriseId,
      invoice.payment_recipient_id,
      { includeDeleted: true, field },
    );
    if (recipient.deleted_at !== null) throw new AppError('SUPPLIER_DELETED', { field });
  }

  /**
   * What is still open on the invoice: its total less what conversions or payments cover.
   * A credit note may lower the total by at most this, so nothing already converted or paid
   * is left without an invoice to stand for it.
   */
  openAmount(row: InvoiceRow): bigint {
    const covered = row.assigned_mxn > row.paid_mxn ? row.assigned_mxn : row.paid_mxn;
    return row.total_mxn - covered;
  }

  /**
   * Lowers a live invoice's total by a credit note (`cfdi/credit-notes`), in the caller's
   * transaction; INVALID_STATE when the credit is more than is open, or the whole total
   * (an invoice credited in full is to be deleted, not kept at zero).
   */
  async lowerTotal(
    trx: Trx,
    enterpriseId: string,
    invoiceId: string,
    creditMxn: bigint,
    field: string,
  ): Promise<void> {
    const row = await this.requireInvoice(trx, enterpriseId, invoiceId, { forUpdate: true, field });
    const total = row.total_mxn - creditMxn;
    if (creditMxn <= 0n || creditMxn > this.openAmount(row) || total <= 0n) {
      throw new AppError('INVALID_STATE', { field });
    }
    await repo.updateTotal(trx, invoiceId, {
      total,
      status: deriveInvoiceStatus({
        totalMxnCents: total,
        assignedMxnCents: row.assigned_mxn,
        paidMxnCents: row.paid_mxn,
      }),
    });
  }

  /** Adds (or with a negative delta removes) MXN assigned to conversions; re-derives the status. */
  async changeAssigned(trx: Trx, invoiceId: string, deltaMxn: bigint): Promise<void> {
    await this.changeAmounts(trx, invoiceId, deltaMxn, 0n);
  }

  /** Adds (or removes, for a returned payout) MXN paid; re-derives the status. */
  async changePaid(trx: Trx, invoiceId: string, deltaMxn: bigint): Promise<void> {
    await this.changeAmounts(trx, invoiceId, 0n, deltaMxn);
  }

  private async changeAmounts(
    trx: Trx,
    invoiceId: string,
    assignedDelta: bigint,
    paidDelta: bigint,
  ): Promise<void> {
    const row = isUuid(invoiceId) ? await repo.lockInvoice(trx, invoiceId) : undefined;
    // A deleted invoice takes nothing new; taking back what it had stays possible.
    if (!row || (row.deleted_at !== null && (assignedDelta > 0n || paidDelta > 0n))) {
      throw new AppError('NOT_FOUND', { field: 'sInvoiceId' });
    }
    const assigned = row.assigned_mxn + assignedDelta;
    const paid = row.paid_mxn + paidDelta;
    if (assigned < 0n || assigned > row.total_mxn || paid < 0n || paid > assigned) {
      throw new AppError('INVALID_STATE', { field: 'dAmount' });
    }
    await repo.updateAmounts(trx, invoiceId, {
      assigned,
      paid,
      status: deriveInvoiceStatus({
        totalMxnCents: row.total_mxn,
        assignedMxnCents: assigned,
        paidMxnCents: paid,
      }),
    });
  }

  /**
   * API shapes of the enterprise's invoices with these ids (deleted ones included), with
   * profit computed per DESIGN §5 (covered parts at their conversions' rates, the rest at
   * `todayRateMicro`).
   */
  async describeInvoices(
    db: Executor,
    enterpriseId: string,
    invoiceIds: string[],
    todayRateMicro: bigint,
  ): Promise<Map<string, ApiInvoice>> {
    const ids = [...new Set(invoiceIds.filter(isUuid))];
    const described = new Map<string, ApiInvoice>();
    if (ids.length === 0) return described;
    const rows = await repo.listDescribed(
      db,
      enterpriseId,
      { ids, includeDeleted: true },
      { offset: 0, limit: ids.length },
    );
    for (const row of rows) described.set(row.id, toApiInvoice(row, todayRateMicro));
    return described;
  }

  /**
   * `POST invoices/invoices`: newest first unless a sort is asked; every invoice of the
   * filter up to INVOICE_LIST_CAP, or the asked page. total and totalProfit cover the whole
   * filter (all pages), counted and summed in SQL. Computed now; the route answers
   * through `listJson`, which reuses an answer while nothing it shows has changed.
   */
  async list(enterpriseId: string, filter: InvoiceListFilter): Promise<InvoiceListAnswer> {
    return this.listAt(enterpriseId, filter, await this.listStamp(enterpriseId));
  }

  /**
   * The same list as the JSON `toJson` writes of it, reused from this process's earlier
   * answers while the enterprise's list version and quote are the same (InvoiceListCache).
   */
  async listJson(
    enterpriseId: string,
    filter: InvoiceListFilter,
    toJson: (answer: InvoiceListAnswer) => string,
  ): Promise<string> {
    const stamp = await this.listStamp(enterpriseId);
    const key = JSON.stringify([
      filter.recipientId,
      filter.statusId,
      filter.pendingAssignment === true,
      filter.complementDue === true,
      filter.page,
      filter.limit,
      filter.sortBy,
      filter.sortDirection,
    ]);
    return this.lists.answer(enterpriseId, `${stamp.version}|${stamp.quote.id}`, key, async () =>
      toJson(await this.listAt(enterpriseId, filter, stamp)),
    );
  }

  /** The version is read first: a list written after it is never older than it. */
  private async listStamp(enterpriseId: string): Promise<ListStamp> {
    const [version, quote] = await Promise.all([
      repo.listVersion(this.db, enterpriseId),
      this.rates.spotQuote(enterpriseId),
    ]);
    return { version, quote };
  }

  private async listAt(
    enterpriseId: string,
    filter: InvoiceListFilter,
    stamp: ListStamp,
  ): Promise<InvoiceListAnswer> {
    let status: InvoiceRow['status'] | undefined;
    if (filter.statusId !== undefined) {
      status = invoiceStatusKeyFromId(filter.statusId);
      if (!status) throw new AppError('INVALID_INPUT', { field: 'sStatusId' });
    }
    if (filter.recipientId !== undefined) {
      // History stays: a deleted supplier's invoices can still be listed.
      await this.suppliers.requireRecipient(this.db, enterpriseId, filter.recipientId, {
        includeDeleted: true,
      });
    }
    const { quote } = stamp;
    const where: repo.InvoiceFilter = {
      recipientId: filter.recipientId,
      status,
      ...(filter.pendingAssignment ? { unassignedOnly: true } : {}),
      ...(filter.complementDue ? { complementDue: true } : {}),
    };
    const limit = Math.min(filter.limit ?? INVOICE_LIST_CAP, INVOICE_LIST_CAP);
    const offset = ((filter.page ?? 1) - 1) * limit;
    const order: repo.InvoiceOrder = {
      key: filter.sortBy ?? 'created_at',
      direction: filter.sortDirection ?? 'desc',
      todayRateMicro: quote.rateMicro,
    };
    const [rows, summary] = await Promise.all([
      repo.listDescribed(this.db, enterpriseId, where, { offset, limit }, order),
      this.summarize(enterpriseId, where, stamp),
    ]);
    return {
      invoices: rows.map((row) => toApiInvoice(row, quote.rateMicro)),
      total: summary.count,
      totalProfit: moneyToNumber(summary.gainUsd),
      exchangeRateToday: rateToNumber(quote.rateMicro),
      exchangeRateTodayReference: quote.id,
      quoteExpiresAt: quote.expiresAt.toISOString(),
    };
  }

  /** `POST invoices/id`: one live invoice valued at today's quote. */
  async get(enterpriseId: string, invoiceId: string): Promise<ApiInvoice> {
    await this.requireInvoice(this.db, enterpriseId, invoiceId);
    return this.describeOne(this.db, enterpriseId, invoiceId);
  }

  /** `POST invoices/`: a new To pay invoice of a live supplier. */
  async create(enterpriseId: string, input: InvoiceInput): Promise<ApiInvoice> {
    const id = await this.db
      .transaction()
      .execute((trx) => this.createInTransaction(trx, enterpriseId, input));
    return this.describeOne(this.db, enterpriseId, id);
  }

  /**
   * A new To pay invoice of a live supplier inside the caller's transaction (the CFDI
   * import creates many in one); answers its id.
   */
  async createInTransaction(trx: Trx, enterpriseId: string, input: InvoiceInput): Promise<string> {
    const id = randomUUID();
    await this.suppliers.requireRecipient(trx, enterpriseId, input.recipientId, {
      forShare: true,
    });
    await repo.insertInvoice(trx, {
      id,
      enterprise_id: enterpriseId,
      created_at: this.now(),
      ...toColumns(input),
    });
    return id;
  }

  /** `PUT invoices/`: only a To pay invoice can be edited. */
  async update(enterpriseId: string, invoiceId: string, input: InvoiceInput): Promise<ApiInvoice> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.requireInvoice(trx, enterpriseId, invoiceId, { forUpdate: true });
      if (row.status !== 'TO_PAY') throw new AppError('INVALID_STATE', { field: 'sInvoiceId' });
      await this.requireSupplierFor(trx, enterpriseId, row, input.recipientId);
      await repo.updateInvoice(trx, enterpriseId, invoiceId, {
        ...toColumns(input),
        status: 'TO_PAY',
      });
    });
    return this.describeOne(this.db, enterpriseId, invoiceId);
  }

  /** `PUT invoices/delete`: soft delete of a To pay invoice. */
  async remove(enterpriseId: string, invoiceId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.requireInvoice(trx, enterpriseId, invoiceId, { forUpdate: true });
      if (row.status !== 'TO_PAY') throw new AppError('INVALID_STATE', { field: 'sInvoiceId' });
      await repo.softDeleteInvoice(trx, enterpriseId, invoiceId, this.now());
    });
  }

  /**
   * `POST invoices/supplier`: the supplier's live invoices with MXN still to assign,
   * newest first, each valued as if its unassigned rest were converted at `rateMicro`
   * (the parts already assigned keep their conversions' rates).
   */
  async availableForSupplier(
    enterpriseId: string,
    recipientId: string,
    rateMicro: bigint,
  ): Promise<ApiInvoice[]> {
    await this.suppliers.requireRecipient(this.db, enterpriseId, recipientId, {
      includeDeleted: true,
    });
    const rows = await repo.listDescribed(
      this.db,
      enterpriseId,
      { recipientId, unassignedOnly: true },
      { offset: 0, limit: INVOICE_LIST_CAP },
    );
    return rows.map((row) => toApiInvoice(row, rateMicro));
  }

  /**
   * `PUT invoices/conversion`: edits an invoice attached to one of the enterprise's
   * conversions, whatever its status; the total may not drop below what is assigned and
   * the supplier may not change once something is assigned.
   */
  async updateAttached(
    enterpriseId: string,
    conversionId: string,
    invoiceId: string,
    input: InvoiceInput,
  ): Promise<ApiInvoice> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.requireInvoice(trx, enterpriseId, invoiceId, { forUpdate: true });
      const attached =
        isUuid(conversionId) &&
        (await repo.isAttachedToConversion(trx, enterpriseId, conversionId, invoiceId));
      if (!attached) throw new AppError('NOT_FOUND', { field: 'sTransactionId' });
      if (input.totalMxn < row.assigned_mxn) {
        throw new AppError('INVALID_STATE', { field: 'dTotalAmount' });
      }
      if (input.recipientId !== row.payment_recipient_id && row.assigned_mxn > 0n) {
        throw new AppError('INVALID_STATE', { field: 'sPaymentRecipientId' });
      }
      await this.requireSupplierFor(trx, enterpriseId, row, input.recipientId);
      await repo.updateInvoice(trx, enterpriseId, invoiceId, {
        ...toColumns(input),
        status: deriveInvoiceStatus({
          totalMxnCents: input.totalMxn,
          assignedMxnCents: row.assigned_mxn,
          paidMxnCents: row.paid_mxn,
        }),
      });
    });
    return this.describeOne(this.db, enterpriseId, invoiceId);
  }

  /** Keeping the invoice's own supplier is fine even if it was deleted since; a new one must be live. */
  private async requireSupplierFor(
    trx: Trx,
    enterpriseId: string,
    row: InvoiceRow,
    recipientId: string,
  ): Promise<void> {
    await this.suppliers.requireRecipient(trx, enterpriseId, recipientId, {
      includeDeleted: recipientId === row.payment_recipient_id,
      forShare: true,
    });
  }

  private async describeOne(
    db: Executor,
    enterpriseId: string,
    invoiceId: string,
  ): Promise<ApiInvoice> {
    const quote = await this.rates.spotQuote(enterpriseId);
    const invoice = (
      await this.describeInvoices(db, enterpriseId, [invoiceId], quote.rateMicro)
    ).get(invoiceId);
    if (!invoice) throw new AppError('NOT_FOUND', { field: 'sInvoiceId' });
    return invoice;
  }
}

/** Every way an invoice is written (form, edit, CFDI import) goes through here. */
function toColumns(input: InvoiceInput): repo.InvoiceFields {
  if (input.totalMxn > MAX_INVOICE_TOTAL_CENTS) {
    throw new AppError('INVALID_INPUT', {
      field: 'dTotalAmount',
      params: { maxAmount: Number(MAX_INVOICE_TOTAL_CENTS / 100n) },
    });
  }
  return {
    payment_recipient_id: input.recipientId,
    invoice_name: input.invoiceName,
    purchase_date: input.purchaseDate,
    credit_period_days: input.creditPeriodDays,
    due_date: dueDate(input.purchaseDate, input.creditPeriodDays),
    total_mxn: input.totalMxn,
    rate_protection_micro: input.rateProtectionMicro,
  };
}

function parseParts(encoded: string | null): CoveringPart[] {
  if (!encoded) return [];
  return encoded.split(',').map((part) => {
    const [mxn, rate] = part.split(':');
    return { mxnCents: BigInt(mxn ?? '0'), rateMicro: BigInt(rate ?? '0') };
  });
}

/**
 * DESIGN §5: budget = total / Rp; actual = each covering part (an assignment to a
 * conversion, or a PAY_NOW payment, which has no conversion) at its own rate, plus the
 * uncovered rest at `todayRateMicro`; gain = budget − actual.
 */
export function toApiInvoice(row: repo.DescribedInvoiceRow, todayRateMicro: bigint): ApiInvoice {
  const parts = [...parseParts(row.conversion_parts), ...parseParts(row.pay_now_parts)];
  const covered = parts.reduce((sum, part) => sum + part.mxnCents, 0n);
  const uncovered = row.total_mxn > covered ? row.total_mxn - covered : 0n;
  const gain = currencyGainForActualUsd({
    totalMxnCents: row.total_mxn,
    protectedRateMicro: row.rate_protection_micro,
    actualUsd: coveredActualUsd(parts, uncovered, todayRateMicro),
  });
  return {
    sInvoiceId: row.id,
    sInvoice: row.invoice_name,
    sPaymentRecipientId: row.payment_recipient_id,
    sName: row.recipient_name,
    sAccountNumber: maskAccount(row.clabe),
    dPurchaseDate: row.purchase_date,
    iCreditPeriod: row.credit_period_days,
    dDueDate: row.due_date,
    dTotalAmount: moneyToNumber(row.total_mxn),
    dAssignedAmount: moneyToNumber(row.assigned_mxn),
    dPaidAmount: moneyToNumber(row.paid_mxn),
    dTotalUsd: moneyToNumber(gain.actualUsd),
    dRateProtection: rateToNumber(row.rate_protection_micro),
    dProfitPercentage: gain.profitPercentage,
    dCurrencyGain: moneyToNumber(gain.gainUsd),
    sStatusId: INVOICE_STATUS_IDS[row.status],
    created_at: row.created_at.toISOString(),
    rateOrder: rateOrderFromJson(row.rate_order),
    bSupplierDeleted: row.recipient_deleted,
    paymentComplements: complementsDue(row.complements_due),
  };
}

function complementsDue(encoded: string | null): ApiInvoice['paymentComplements'] {
  const [count, mxn, mismatched] = (encoded ?? '0:0:0').split(':');
  return {
    iDue: Number(count ?? 0),
    dDueAmount: moneyToNumber(BigInt(mxn ?? '0')),
    iMismatched: Number(mismatched ?? 0),
  };
}
