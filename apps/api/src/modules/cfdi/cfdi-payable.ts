import type { Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isInvoiceCfdiCancelled } from './cfdi.repository.js';

/**
 * Refuses to pay an invoice whose CFDI the SAT last reported cancelled (the status is asked
 * at import and again by the cfdi.sat-status job until the invoice is paid): the supplier
 * withdrew that invoice, so paying it would pay a debt the company no longer has.
 */
export async function refuseCancelledCfdi(db: Executor, invoiceId: string): Promise<void> {
  if (await isInvoiceCfdiCancelled(db, invoiceId)) {
    throw new AppError('CFDI_CANCELLED', { field: 'sInvoiceId' });
  }
}
