import { sql, type Kysely } from 'kysely';

/**
 * The invoice list marks a deleted supplier's invoices (`bSupplierDeleted`), so deleting a
 * supplier must raise the list's version as a new name or CLABE does: without it a list
 * written before the deletion would be reused, still offering those invoices to pay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger payment_recipients_list_version on payment_recipients`.execute(db);
  await sql`
    create constraint trigger payment_recipients_list_version
      after update of name, clabe, enterprise_id, deleted_at on payment_recipients
      deferrable initially deferred for each row execute function invoice_list_row_changed()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger payment_recipients_list_version on payment_recipients`.execute(db);
  await sql`
    create constraint trigger payment_recipients_list_version
      after update of name, clabe, enterprise_id on payment_recipients
      deferrable initially deferred for each row execute function invoice_list_row_changed()`.execute(
    db,
  );
}
