import { sql, type Kysely } from 'kysely';

/**
 * Payment complements (CFDI Pago, Pagos 2.0 or 1.0). An invoice whose CFDI says
 * `MetodoPago="PPD"` is paid in parts or later, and its issuer must stamp a complement for
 * each payment: `cfdi_imports` now keeps the CFDI's method, currency and exchange rate (a
 * complement's ImpPagado is in the invoice's currency). `cfdi_complement_documents` holds
 * each DoctoRelacionado of an imported complement: the invoice it names, what it says was
 * paid (in the invoice's currency and in MXN at the invoice's rate) and the payment it was
 * matched with, or, flagged MISMATCH, the payment it does not match (null when the invoice
 * had no payment left to match). A payment of a PPD invoice without a MATCHED row is
 * "complement due". The rows carry their enterprise, so the invoice list's version trigger
 * (0019) shows a new complement at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cfdi_imports add column metodo_pago text`.execute(db);
  await sql`alter table cfdi_imports add column currency text`.execute(db);
  await sql`alter table cfdi_imports add column exchange_rate_micro bigint`.execute(db);
  await sql`
    create table cfdi_complement_documents (
      enterprise_id uuid not null references enterprises(id),
      complement_uuid text not null,
      line integer not null,
      invoice_id uuid not null references invoices(id),
      related_uuid text not null,
      rfc_emisor text not null,
      paid_on date not null,
      installment integer,
      currency text not null,
      amount bigint not null check (amount > 0),
      amount_mxn bigint not null check (amount_mxn > 0),
      payment_id uuid references payments(id),
      status text not null check (status in ('MATCHED', 'MISMATCH')),
      imported_at timestamptz not null,
      primary key (enterprise_id, complement_uuid, line)
    )`.execute(db);
  await sql`
    create index cfdi_complement_documents_invoice on cfdi_complement_documents (invoice_id)
  `.execute(db);
  // One complement line settles one invoice's part of a payment: a second must find another.
  await sql`
    create unique index cfdi_complement_documents_matched
      on cfdi_complement_documents (payment_id, invoice_id)
    where status = 'MATCHED'
  `.execute(db);
  await sql`
    create constraint trigger cfdi_complement_documents_list_version
      after insert or update or delete on cfdi_complement_documents
      deferrable initially deferred for each row execute function invoice_list_row_changed()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger cfdi_complement_documents_list_version on cfdi_complement_documents`.execute(
    db,
  );
  await sql`drop table cfdi_complement_documents`.execute(db);
  await sql`alter table cfdi_imports drop column exchange_rate_micro`.execute(db);
  await sql`alter table cfdi_imports drop column currency`.execute(db);
  await sql`alter table cfdi_imports drop column metodo_pago`.execute(db);
}
