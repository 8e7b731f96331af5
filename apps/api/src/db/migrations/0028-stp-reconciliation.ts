import { sql, type Kysely } from 'kysely';

/**
 * The daily reconciliation of STP's conciliation with the ledger (docs/RAILS.md): one run
 * per operation day (`stp_reconciliation_runs`, so a day with no difference says it was
 * checked) and its differences (`stp_reconciliation_differences`), replaced by each run of
 * that day. Kinds: paid here but not at STP, at STP but not here, received at STP but not
 * credited, credited here but not at STP, amounts that differ.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stp_reconciliation_runs (
      day date primary key,
      ran_at timestamptz not null,
      sent_count integer not null,
      received_count integer not null
    )
  `.execute(db);
  await sql`
    create table stp_reconciliation_differences (
      id uuid primary key,
      day date not null references stp_reconciliation_runs(day) on delete cascade,
      direction text not null check (direction in ('OUT', 'IN')),
      kind text not null check (kind in (
        'PAID_HERE_NOT_AT_STP', 'AT_STP_NOT_HERE', 'RECEIVED_NOT_CREDITED',
        'CREDITED_NOT_AT_STP', 'AMOUNT_DIFFERS'
      )),
      clave_rastreo text not null,
      amount_here bigint,
      amount_stp bigint,
      payment_id uuid,
      enterprise_id uuid
    )
  `.execute(db);
  await sql`
    create index stp_reconciliation_differences_day on stp_reconciliation_differences (day)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stp_reconciliation_differences`.execute(db);
  await sql`drop table stp_reconciliation_runs`.execute(db);
}
