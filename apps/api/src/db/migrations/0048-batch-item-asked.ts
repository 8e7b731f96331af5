import { sql, type Kysely } from 'kysely';

/**
 * What each item of a payment batch asked for, as it stood then: the invoice's number, the
 * payee's name, the pesos and the concept. A failed item has no payment to read them from,
 * and the person fixing it needs to know which line it was. Null where the request named
 * nothing of the company's (an unknown id); rows of earlier batches keep nulls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payment_batch_items
      add column invoice_name text,
      add column payee_name text,
      add column amount_mxn bigint,
      add column concept text
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payment_batch_items
      drop column invoice_name,
      drop column payee_name,
      drop column amount_mxn,
      drop column concept
  `.execute(db);
}
