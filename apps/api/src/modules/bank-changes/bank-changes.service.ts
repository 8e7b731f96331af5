import type { Db } from '../../db/database.js';
import { maskClabe } from './bank-change.js';
import { listPendingBankChanges } from './bank-changes.repository.js';

/** At most this many pending changes are listed (the soonest to take effect first). */
export const PENDING_BANK_CHANGES_MAX = 200;

/** The back office's view of bank account changes still in their cooling-off. */
export class BankChangesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async pending() {
    const rows = await listPendingBankChanges(this.db, this.now(), PENDING_BANK_CHANGES_MAX);
    return {
      changes: rows.map((row) => ({
        sChangeId: row.id,
        sEnterpriseId: row.enterprise_id,
        sEnterpriseName: row.enterprise_name,
        sKind: row.kind,
        sPaymentRecipientId: row.payment_recipient_id,
        sRecipientName: row.recipient_name,
        sChangedBy: row.changed_by_email,
        sOldAccount: row.old_clabe === null ? null : maskClabe(row.old_clabe),
        sNewAccount: maskClabe(row.new_clabe),
        changed_at: row.changed_at.toISOString(),
        dEffectiveAt: row.effective_at.toISOString(),
      })),
    };
  }
}
