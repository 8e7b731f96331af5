import { sql, type Kysely } from 'kysely';

/**
 * Where money went, and a changed payout account's cooling-off:
 * - `payments.paid_clabe`, `paid_bank_name`, `paid_beneficiary_name`: the account a payment
 *   was sent to, as it was then. A supplier's CLABE can change afterwards; the lists,
 *   receipts, statements and the payout rail read these copies, never the supplier's row.
 *   Rows written before this migration take the supplier's current data (the best there is).
 * - `enterprises.payouts_held_until`: the end of the cooling-off after a grower changed its
 *   own payout account (PUT profile/bank); marketplace payouts to it wait until then.
 * - `orders.payout_held_until`: an order whose payout waits for that cooling-off (its refund
 *   part, if any, is already back with the buyer; `held_cents` is the payout still held).
 * - `bank_account_changes`: every change of an account money is paid to (a grower's own, or
 *   a buyer's supplier), with when it takes effect; the back office lists the pending ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payments
      add column paid_clabe text,
      add column paid_bank_name text,
      add column paid_beneficiary_name text`.execute(db);
  await sql`
    update payments p
    set paid_clabe = r.clabe, paid_bank_name = r.bank_name, paid_beneficiary_name = r.name
    from payment_recipients r
    where r.id = p.payment_recipient_id`.execute(db);
  await sql`
    alter table payments
      alter column paid_clabe set not null,
      alter column paid_bank_name set not null,
      alter column paid_beneficiary_name set not null`.execute(db);
  // The statement shows the account each payment journal paid.
  await sql`create index payments_journal on payments (journal_id)`.execute(db);

  await sql`alter table enterprises add column payouts_held_until timestamptz`.execute(db);
  await sql`alter table orders add column payout_held_until timestamptz`.execute(db);
  // The release duty's sweep: only orders whose payout waits are in this index.
  await sql`
    create index orders_payout_held on orders (payout_held_until)
    where payout_held_until is not null`.execute(db);

  await sql`
    create table bank_account_changes (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      kind text not null check (kind in ('PAYOUT_ACCOUNT', 'SUPPLIER')),
      payment_recipient_id uuid references payment_recipients(id),
      changed_by_user_id uuid references users(id),
      old_clabe text,
      new_clabe text not null,
      changed_at timestamptz not null,
      effective_at timestamptz not null
    )`.execute(db);
  await sql`
    create index bank_account_changes_effective on bank_account_changes (effective_at desc)`.execute(
    db,
  );
  await sql`
    create index bank_account_changes_enterprise
    on bank_account_changes (enterprise_id, changed_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bank_account_changes`.execute(db);
  await sql`drop index orders_payout_held`.execute(db);
  await sql`alter table orders drop column payout_held_until`.execute(db);
  await sql`alter table enterprises drop column payouts_held_until`.execute(db);
  await sql`drop index payments_journal`.execute(db);
  await sql`
    alter table payments
      drop column paid_clabe,
      drop column paid_bank_name,
      drop column paid_beneficiary_name`.execute(db);
}
