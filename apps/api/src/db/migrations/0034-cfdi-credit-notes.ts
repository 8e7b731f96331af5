import { sql, type Kysely } from 'kysely';

/**
 * `cfdi_credit_notes`: each stamped credit note (CFDI Egreso) an enterprise applied to an
 * invoice it imported from a CFDI, and by how much it lowered the invoice's total. Its UUID
 * is unique per enterprise, as `cfdi_imports`' is, so one credit note lowers once. The rows
 * are the invoice's credit lines; the invoice's total is already the lowered one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cfdi_credit_notes (
      enterprise_id uuid not null references enterprises(id),
      uuid text not null,
      invoice_id uuid not null references invoices(id),
      related_uuid text not null,
      relation text not null,
      rfc_emisor text not null,
      amount_mxn bigint not null check (amount_mxn > 0),
      issued_on date not null,
      imported_at timestamptz not null,
      primary key (enterprise_id, uuid)
    )`.execute(db);
  await sql`create index cfdi_credit_notes_invoice on cfdi_credit_notes (invoice_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cfdi_credit_notes`.execute(db);
}
