import type { Db, Executor, Trx } from '../../db/database.js';
import type { InvoicesTable } from '../../db/schema.js';
import type { RatesService } from '../rates/rates.service.js';
import type { SuppliersService } from '../suppliers/suppliers.service.js';

export type InvoiceRow = InvoicesTable;

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
}

/** Invoices of an enterprise. STUB: filled by the invoices work. */
export class InvoicesService {
  constructor(
    protected readonly db: Db,
    protected readonly rates: RatesService,
    protected readonly suppliers: SuppliersService,
    protected readonly now: () => Date,
  ) {}

  /** The enterprise's live invoice (404 otherwise); `forUpdate` locks its row. */
  async requireInvoice(
    _db: Executor,
    _enterpriseId: string,
    _invoiceId: string,
    _options: { field?: string; forUpdate?: boolean } = {},
  ): Promise<InvoiceRow> {
    throw new Error('not implemented');
  }

  /** Adds (or with a negative delta removes) MXN assigned to conversions; re-derives the status. */
  async changeAssigned(_trx: Trx, _invoiceId: string, _deltaMxn: bigint): Promise<void> {
    throw new Error('not implemented');
  }

  /** Adds (or removes, for a returned payout) MXN paid; re-derives the status. */
  async changePaid(_trx: Trx, _invoiceId: string, _deltaMxn: bigint): Promise<void> {
    throw new Error('not implemented');
  }

  /**
   * API shapes of the enterprise's invoices with these ids (deleted ones included), with
   * profit computed per DESIGN §5 (covered parts at their conversions' rates, the rest at
   * `todayRateMicro`).
   */
  async describeInvoices(
    _db: Executor,
    _enterpriseId: string,
    _invoiceIds: string[],
    _todayRateMicro: bigint,
  ): Promise<Map<string, ApiInvoice>> {
    throw new Error('not implemented');
  }
}
