import { sql, type Kysely } from 'kysely';

/**
 * Rate orders: "convert this invoice's MXN when the market reaches my
 * rate before this date". At most one ACTIVE order per invoice (a partial unique index);
 * a filled order names the conversion it made, and one conversion fills at most one order.
 * The fill job reads the active orders by (status, target) and claims each row
 * `for update skip locked`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_orders (
      id uuid primary key,
      -- Orders placed within the same instant keep the order they were placed in.
      seq bigint generated always as identity,
      enterprise_id uuid not null references enterprises(id),
      invoice_id uuid not null references invoices(id),
      created_by uuid not null references users(id),
      language text not null check (language in ('en', 'sp')),
      target_rate_micro bigint not null check (target_rate_micro > 0),
      expires_on date not null,
      status text not null
        check (status in ('ACTIVE', 'FILLED', 'FAILED', 'CANCELLED', 'EXPIRED')),
      reason text,
      conversion_id uuid unique references conversions(id),
      fill_rate_micro bigint,
      created_at timestamptz not null,
      closed_at timestamptz,
      check ((status = 'FILLED') = (conversion_id is not null)),
      check ((status = 'ACTIVE') = (closed_at is null))
    )`.execute(db);
  await sql`create unique index rate_orders_one_active on rate_orders (invoice_id) where status = 'ACTIVE'`.execute(
    db,
  );
  await sql`create index rate_orders_active_target on rate_orders (target_rate_micro) where status = 'ACTIVE'`.execute(
    db,
  );
  await sql`create index rate_orders_enterprise_created on rate_orders (enterprise_id, created_at desc, seq desc)`.execute(
    db,
  );
  await sql`create index rate_orders_invoice_created on rate_orders (invoice_id, created_at desc, seq desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_orders`.execute(db);
}
