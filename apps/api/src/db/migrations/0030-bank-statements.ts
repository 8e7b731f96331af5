import { sql, type Kysely } from 'kysely';

/**
 * USD that arrives by wire, read from the bank's statements (camt.053, camt.054, BAI2):
 * - `bank_statement_files`: each imported file, by whom or from the watched folder.
 * - `bank_statement_entries`: each booked USD credit of those files, once per the bank's own
 *   reference (the unique key that makes a second import of a file credit nothing), with what
 *   became of it: MATCHED (its remittance carried a company's deposit reference and credited
 *   it), UNMATCHED (waiting for the operator), ASSIGNED or REJECTED by the operator.
 *   A credited entry names the `deposits` row (same bank reference) that holds its journal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bank_statement_files (
      id uuid primary key,
      file_name text not null,
      format text not null check (format in ('camt.053', 'camt.054', 'BAI2')),
      content_sha256 text not null,
      source text not null check (source in ('UPLOAD', 'FOLDER')),
      imported_by_user_id uuid references users(id),
      entry_count integer not null,
      imported_at timestamptz not null
    )`.execute(db);
  await sql`
    create table bank_statement_entries (
      id uuid primary key,
      bank_reference text not null unique,
      file_id uuid not null references bank_statement_files(id),
      amount_usd bigint not null check (amount_usd > 0),
      booking_date date,
      debtor_name text,
      end_to_end_id text,
      remittance text not null,
      status text not null check (status in ('MATCHED', 'UNMATCHED', 'ASSIGNED', 'REJECTED')),
      enterprise_id uuid references enterprises(id),
      decided_by_user_id uuid references users(id),
      decided_at timestamptz,
      reject_reason text,
      created_at timestamptz not null,
      check ((status in ('MATCHED', 'ASSIGNED')) = (enterprise_id is not null))
    )`.execute(db);
  // The operator's queue: only waiting entries are in it.
  await sql`
    create index bank_statement_entries_unmatched on bank_statement_entries (created_at, id)
    where status = 'UNMATCHED'`.execute(db);
  // The reconciliation's day.
  await sql`
    create index bank_statement_entries_booking on bank_statement_entries (booking_date)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bank_statement_entries`.execute(db);
  await sql`drop table bank_statement_files`.execute(db);
}
