import { sql, type Kysely } from 'kysely';

/**
 * The company's own time zone (an IANA name): every time its people see, on a screen, a
 * receipt, a statement or an e-mail, is on this clock with the zone named. Companies keep
 * Mexico City's until an admin picks another. Business days (settlement, forwards, the
 * statement's days) stay on Mexico City's clock, the banks'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table enterprises add column time_zone text not null default 'America/Mexico_City'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises drop column time_zone`.execute(db);
}
