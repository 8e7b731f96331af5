import type { Db, Executor, Trx } from '../../db/database.js';
import type { ConversionInvoicesTable, ConversionsTable } from '../../db/schema.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { RatesService } from '../rates/rates.service.js';

export type ConversionRow = ConversionsTable;
export type AssignmentRow = ConversionInvoicesTable;

/** Conversions (forex and forwards). STUB: filled by the conversions work. */
export class ConversionsService {
  constructor(
    protected readonly db: Db,
    protected readonly ledger: LedgerService,
    protected readonly rates: RatesService,
    protected readonly invoices: InvoicesService,
    protected readonly now: () => Date,
  ) {}

  /** The enterprise's conversion (404 otherwise); `forUpdate` locks its row. */
  async requireConversion(
    _db: Executor,
    _enterpriseId: string,
    _conversionId: string,
    _options: { field?: string; forUpdate?: boolean } = {},
  ): Promise<ConversionRow> {
    throw new Error('not implemented');
  }

  /** The invoices assigned to a conversion, oldest assignment first. */
  async assignments(_db: Executor, _conversionId: string): Promise<AssignmentRow[]> {
    throw new Error('not implemented');
  }

  /** Records MXN paid out of a conversion, and of one of its assignments when given. */
  async recordPaid(
    _trx: Trx,
    _conversionId: string,
    _deltaMxn: bigint,
    _invoiceId?: string,
  ): Promise<void> {
    throw new Error('not implemented');
  }
}
