import { sql, type Kysely } from 'kysely';

/**
 * A version per enterprise of what its invoice list shows, raised by triggers on every table
 * the list and its summary read (`listDescribed`, `summarize`): the invoices, their supplier's
 * name and CLABE, the conversion and pay-now parts that cover them with those payments' and
 * conversions' rates and returns, and their rate orders. A server keeps the lists it has
 * written by (enterprise, version, quote, filter, page) and reuses one only while the
 * version it reads is the same, so a change committed by any process or by hand shows at
 * once, and nothing is reused by time alone.
 * - The triggers are deferred to the commit, like the dashboard counts (0007): a transaction
 *   takes the version row's lock last, after its ledger and invoice locks, so no lock order
 *   changes (no new deadlock), and holds it only for the commit.
 * - A transaction raises each enterprise's version once (a transaction-local setting notes
 *   the ones it raised), however many rows it changed.
 * - An enterprise with no row is at version 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table invoice_list_versions (
      enterprise_id uuid primary key references enterprises(id),
      version bigint not null
    )`.execute(db);
  await sql`
    create function invoice_list_changed(enterprise uuid) returns void language plpgsql as $$
    declare
      raised text := coalesce(current_setting('app.invoice_lists_raised', true), '');
    begin
      if enterprise is null or position(enterprise::text in raised) > 0 then return; end if;
      perform set_config('app.invoice_lists_raised', raised || enterprise::text || ',', true);
      update invoice_list_versions set version = version + 1 where enterprise_id = enterprise;
      if found then return; end if;
      insert into invoice_list_versions as v (enterprise_id, version) values (enterprise, 1)
        on conflict (enterprise_id) do update set version = v.version + 1;
    end $$`.execute(db);
  // Rows that carry their enterprise.
  await sql`
    create function invoice_list_row_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform invoice_list_changed(old.enterprise_id); end if;
      if tg_op <> 'DELETE' then perform invoice_list_changed(new.enterprise_id); end if;
      return null;
    end $$`.execute(db);
  // A pay-now part names its invoice only.
  await sql`
    create function invoice_list_part_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform invoice_list_changed((select enterprise_id from invoices where id = old.invoice_id));
      end if;
      if tg_op <> 'DELETE' then
        perform invoice_list_changed((select enterprise_id from invoices where id = new.invoice_id));
      end if;
      return null;
    end $$`.execute(db);
  const deferred = (name: string, event: string, table: string, fn: string, when = '') =>
    sql
      .raw(
        `create constraint trigger ${name} after ${event} on ${table}
           deferrable initially deferred for each row ${when} execute function ${fn}()`,
      )
      .execute(db);
  await deferred(
    'invoices_list_version',
    'insert or update or delete',
    'invoices',
    'invoice_list_row_changed',
  );
  await deferred(
    'payment_recipients_list_version',
    'update of name, clabe, enterprise_id',
    'payment_recipients',
    'invoice_list_row_changed',
  );
  await deferred(
    'conversion_invoices_list_version',
    'insert or update or delete',
    'conversion_invoices',
    'invoice_list_row_changed',
  );
  await deferred(
    'conversions_list_version',
    'update of rate_micro, enterprise_id',
    'conversions',
    'invoice_list_row_changed',
  );
  await deferred(
    'payment_invoices_list_version',
    'insert or update or delete',
    'payment_invoices',
    'invoice_list_part_changed',
  );
  // A payment counts in the list by its rate, whether it came from a conversion, and whether
  // it was returned; completing one changes none of that.
  await deferred(
    'payments_list_version',
    'update of status, rate_micro, conversion_id, enterprise_id',
    'payments',
    'invoice_list_row_changed',
    `when (old.rate_micro <> new.rate_micro
        or old.conversion_id is distinct from new.conversion_id
        or old.enterprise_id <> new.enterprise_id
        or (old.status <> new.status and 'RETURNED' in (old.status, new.status)))`,
  );
  await deferred(
    'rate_orders_list_version',
    'insert or update or delete',
    'rate_orders',
    'invoice_list_row_changed',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['invoices_list_version', 'invoices'],
    ['payment_recipients_list_version', 'payment_recipients'],
    ['conversion_invoices_list_version', 'conversion_invoices'],
    ['conversions_list_version', 'conversions'],
    ['payment_invoices_list_version', 'payment_invoices'],
    ['payments_list_version', 'payments'],
    ['rate_orders_list_version', 'rate_orders'],
  ] as const) {
    await sql.raw(`drop trigger ${trigger} on ${table}`).execute(db);
  }
  await sql`drop function invoice_list_part_changed()`.execute(db);
  await sql`drop function invoice_list_row_changed()`.execute(db);
  await sql`drop function invoice_list_changed(uuid)`.execute(db);
  await sql`drop table invoice_list_versions`.execute(db);
}
