import { sql, type Kysely } from 'kysely';

/**
 * What the SAT's status service last said of each imported CFDI (`SAT_STATUS_CHECK=on`):
 * `sat_status` VIGENTE, CANCELADO or UNKNOWN (the call failed: the cfdi.sat-status job asks
 * again), null when the check was off at import. `sat_expression` is what the service is
 * asked with (issuer, receiver, total, UUID), kept so the job can ask without the file. A
 * CFDI found cancelled stops its invoice's payment. The partial index serves the job's sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cfdi_imports add column sat_status text`.execute(db);
  await sql`alter table cfdi_imports add column sat_expression text`.execute(db);
  await sql`alter table cfdi_imports add column sat_checked_at timestamptz`.execute(db);
  await sql`
    create index cfdi_imports_sat_recheck on cfdi_imports (sat_checked_at)
    where sat_expression is not null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cfdi_imports_sat_recheck`.execute(db);
  await sql`alter table cfdi_imports drop column sat_checked_at`.execute(db);
  await sql`alter table cfdi_imports drop column sat_expression`.execute(db);
  await sql`alter table cfdi_imports drop column sat_status`.execute(db);
}
