import type { Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isInvoiceCfdiCancelled } from './cfdi.repository.js';

/**
 * Refuses to pay an invoice whose CFDI the SAT last reported cancelled (the status is asked
 * at import and again by the cfdi.sat-status job until the invoice is paid): the supplier
 * withdrew that invoice, so paying it would pay a debt the company no longer has. Every
 * path that moves money towards an invoice calls it: paying it (alone or in a batch),
 * converting for it, attaching it to a conversion, and paying a conversion's invoices.
 */
export async function refuseCancelledCfdi(
  db: Executor,
  invoiceId: string,
  field = 'sInvoiceId',
): Promise<void> {
  if (await isInvoiceCfdiCancelled(db, invoiceId)) {
    throw new AppError('CFDI_CANCELLED', { field });
  }
}
