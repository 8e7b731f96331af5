import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the hottest reads of a large enterprise: the invoice list's default order
 * (newest first, all statuses) without sorting every invoice, and the dashboard's counters
 * (invoices with MXN to assign, conversions with MXN to pay) from small partial indexes,
 * read index-only once the table is vacuumed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index invoices_enterprise_created on invoices (enterprise_id, created_at desc, id desc)
    where deleted_at is null`.execute(db);
  await sql`create index invoices_enterprise_open on invoices (enterprise_id)
    where deleted_at is null and status in ('TO_PAY', 'PARCIAL')`.execute(db);
  await sql`create index conversions_enterprise_to_pay on conversions (enterprise_id)
    where status = 'SETTLED' and paid_mxn < mxn_cents`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index conversions_enterprise_to_pay`.execute(db);
  await sql`drop index invoices_enterprise_open`.execute(db);
  await sql`drop index invoices_enterprise_created`.execute(db);
}
