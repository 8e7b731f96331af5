import { sql, type Kysely } from 'kysely';

/**
 * Accounts payable of the corridor:
 * - `cfdi_imports`: the fiscal folio (TimbreFiscalDigital UUID) of each invoice imported
 *   from a CFDI, unique per enterprise. Per enterprise, not globally, although a folio is
 *   unique in Mexico: a global index would tell one tenant that another holds that CFDI,
 *   and would let anyone holding a copy block its rightful receiver by importing it first.
 * - `payment_batches` / `payment_batch_items`: a batch of payments made by one request,
 *   each item's outcome (the payment it made, or why it made none).
 * - `payments.return_reason`: why the receiving bank returned a payout (SPEI devolución).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cfdi_imports (
      enterprise_id uuid not null references enterprises(id),
      uuid text not null,
      invoice_id uuid not null references invoices(id),
      rfc_emisor text not null,
      imported_at timestamptz not null,
      primary key (enterprise_id, uuid)
    )`.execute(db);
  await sql`create index cfdi_imports_invoice on cfdi_imports (invoice_id)`.execute(db);

  await sql`
    create table payment_batches (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      quote_id uuid not null,
      rate_micro bigint not null check (rate_micro > 0),
      item_count integer not null check (item_count > 0),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index payment_batches_enterprise_created on payment_batches (enterprise_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create table payment_batch_items (
      batch_id uuid not null references payment_batches(id),
      position integer not null check (position >= 0),
      status text not null check (status in ('SENT', 'FAILED', 'NOT_ATTEMPTED')),
      payment_id uuid references payments(id),
      code text,
      primary key (batch_id, position),
      check ((status = 'SENT') = (payment_id is not null))
    )`.execute(db);

  await sql`alter table payments add column return_reason text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop column return_reason`.execute(db);
  await sql`drop table payment_batch_items`.execute(db);
  await sql`drop table payment_batches`.execute(db);
  await sql`drop table cfdi_imports`.execute(db);
}
