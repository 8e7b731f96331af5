import { sql, type Kysely } from 'kysely';

/**
 * Money in by SPEI through STP (docs/RAILS.md):
 * - `stp_deposit_accounts`: each company's own deposit CLABE, an STP sub-account (the
 *   platform's STP prefix, the company's number, a check digit), given on first use;
 * - `stp_abonos`: every incoming-transfer notice STP sent, unique by tracking key + sending
 *   bank + operation date (SPEI's identity of a transfer), so the same notice twice credits
 *   once. A notice to a CLABE of no company is kept with its outcome for the operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stp_deposit_accounts (
      enterprise_id uuid primary key references enterprises(id),
      account_number bigint not null unique,
      clabe text not null unique check (clabe ~ '^[0-9]{18}$'),
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create sequence stp_deposit_account_numbers start with 1000`.execute(db);
  await sql`
    create table stp_abonos (
      id uuid primary key,
      stp_id bigint,
      clave_rastreo text not null,
      institucion_ordenante text not null,
      fecha_operacion text not null,
      cuenta_beneficiario text not null,
      enterprise_id uuid references enterprises(id),
      amount_mxn bigint not null check (amount_mxn > 0),
      nombre_ordenante text not null default '',
      concepto_pago text not null default '',
      outcome text not null check (outcome in ('CREDITED', 'RETURNED_UNKNOWN_ACCOUNT')),
      journal_id uuid,
      body jsonb not null,
      created_at timestamptz not null,
      unique (clave_rastreo, institucion_ordenante, fecha_operacion)
    )
  `.execute(db);
  await sql`create index stp_abonos_created on stp_abonos (created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stp_abonos`.execute(db);
  await sql`drop sequence stp_deposit_account_numbers`.execute(db);
  await sql`drop table stp_deposit_accounts`.execute(db);
}
