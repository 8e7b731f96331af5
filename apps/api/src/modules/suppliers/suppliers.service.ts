import type { Db, Executor } from '../../db/database.js';
import type { PaymentRecipientsTable } from '../../db/schema.js';

export type PaymentRecipientRow = PaymentRecipientsTable;

/** Suppliers (payment recipients) of an enterprise. STUB: filled by the suppliers work. */
export class SuppliersService {
  constructor(
    protected readonly db: Db,
    protected readonly now: () => Date,
  ) {}

  /**
   * The enterprise's supplier, or 404 NOT_FOUND (also for another enterprise's id or a
   * malformed id). Soft-deleted suppliers are refused unless `includeDeleted`.
   */
  async requireRecipient(
    _db: Executor,
    _enterpriseId: string,
    _recipientId: string,
    _options: { field?: string; includeDeleted?: boolean } = {},
  ): Promise<PaymentRecipientRow> {
    throw new Error('not implemented');
  }
}
