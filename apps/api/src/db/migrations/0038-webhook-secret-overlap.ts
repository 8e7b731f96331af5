import { sql, type Kysely } from 'kysely';

/**
 * A rotated webhook secret keeps signing beside the new one for a while: deliveries carry a
 * signature by each (Standard Webhooks allows several in `webhook-signature`), so a consumer
 * verifying with the old secret keeps accepting until it switches. `previous_secret_until`
 * is when the old one stops; both are null when there is none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table webhook_endpoints
      add column previous_secret_encrypted text,
      add column previous_secret_until timestamptz
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table webhook_endpoints
      drop column previous_secret_encrypted,
      drop column previous_secret_until
  `.execute(db);
}
