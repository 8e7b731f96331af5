import { sql, type Kysely } from 'kysely';

/**
 * The company's chart-of-accounts names for the accounts of the accounting export
 * (`{ USD_BALANCE: "1010 Operating USD", … }`); an account left out keeps its default name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises add column accounting_accounts jsonb not null default '{}'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises drop column accounting_accounts`.execute(db);
}
