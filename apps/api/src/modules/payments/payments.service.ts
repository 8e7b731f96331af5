import type { Db } from '../../db/database.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import type { ConversionsService } from '../conversions/conversions.service.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { RatesService } from '../rates/rates.service.js';
import type { SuppliersService } from '../suppliers/suppliers.service.js';

/** Supplier payments and the payout rail. STUB: filled by the payments work. */
export class PaymentsService {
  constructor(
    protected readonly db: Db,
    protected readonly ledger: LedgerService,
    protected readonly rates: RatesService,
    protected readonly suppliers: SuppliersService,
    protected readonly invoices: InvoicesService,
    protected readonly conversions: ConversionsService,
    protected readonly settings: { payoutSettleSeconds: number },
    protected readonly now: () => Date,
  ) {}
}
