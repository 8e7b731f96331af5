import type { Executor } from '../../db/database.js';
import type { BankAccountChangeKind } from '../../db/schema.js';

/** SQL of the bank account changes (a payout account's or a supplier's new CLABE). */

export interface NewBankChange {
  id: string;
  enterpriseId: string;
  kind: BankAccountChangeKind;
  recipientId: string | null;
  userId: string | null;
  oldClabe: string | null;
  newClabe: string;
  changedAt: Date;
  effectiveAt: Date;
}

export async function insertBankChange(db: Executor, change: NewBankChange): Promise<void> {
  await db
    .insertInto('bank_account_changes')
    .values({
      id: change.id,
      enterprise_id: change.enterpriseId,
      kind: change.kind,
      payment_recipient_id: change.recipientId,
      changed_by_user_id: change.userId,
      old_clabe: change.oldClabe,
      new_clabe: change.newClabe,
      changed_at: change.changedAt,
      effective_at: change.effectiveAt,
    })
    .execute();
}

/**
 * Changes still in their cooling-off at `now`, soonest to take effect first, for the back
 * office (every company: the operator's view). Served by bank_account_changes_effective.
 */
export async function listPendingBankChanges(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('bank_account_changes as c')
    .innerJoin('enterprises as e', 'e.id', 'c.enterprise_id')
    .leftJoin('payment_recipients as r', 'r.id', 'c.payment_recipient_id')
    .leftJoin('users as u', 'u.id', 'c.changed_by_user_id')
    .select([
      'c.id',
      'c.enterprise_id',
      'e.name as enterprise_name',
      'c.kind',
      'c.payment_recipient_id',
      'r.name as recipient_name',
      'u.email as changed_by_email',
      'c.old_clabe',
      'c.new_clabe',
      'c.changed_at',
      'c.effective_at',
    ])
    .where('c.effective_at', '>', now)
    .orderBy('c.effective_at')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

/** The company's time zone: the notice's times are on its clock. */
export async function findCompanyTimeZone(
  db: Executor,
  enterpriseId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('enterprises')
    .select('time_zone')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.time_zone;
}
