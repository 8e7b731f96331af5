import { sql, type Kysely } from 'kysely';

/**
 * Marketplace money between three parties (docs/MONEY.md): what an order holds of the
 * buyer's goods money until acceptance (the buyer's `USD_ORDER_HELD` account carries the
 * sum of its open orders' holds), when the hold was released, what went back to the buyer
 * and what was paid out to the grower, and the goods value priced at checkout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column goods_cents bigint not null default 0`.execute(db);
  await sql`alter table orders add column held_cents bigint not null default 0`.execute(db);
  await sql`alter table orders add column refunded_cents bigint not null default 0`.execute(db);
  await sql`alter table orders add column payout_usd_cents bigint`.execute(db);
  await sql`alter table orders add column released_at timestamptz`.execute(db);
  await sql`alter table orders add column freight_km integer`.execute(db);
  await sql`update orders set goods_cents = coalesce((select sum(l.quantity_boxes * l.unit_price_cents)
    from order_lines l where l.order_id = orders.id), 0)`.execute(db);
  await sql`
    alter table orders add constraint orders_held_not_negative
      check (held_cents >= 0 and refunded_cents >= 0)`.execute(db);
  // Orders whose goods money is still held (the invariant check and the back office).
  await sql`create index orders_held on orders (buyer_enterprise_id) where held_cents > 0`.execute(
    db,
  );
  // A grower's payouts, newest first.
  await sql`create index orders_vendor_released on orders (vendor_enterprise_id, released_at desc)
    where released_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_vendor_released`.execute(db);
  await sql`drop index orders_held`.execute(db);
  await sql`alter table orders drop constraint orders_held_not_negative`.execute(db);
  for (const column of [
    'freight_km',
    'released_at',
    'payout_usd_cents',
    'refunded_cents',
    'held_cents',
    'goods_cents',
  ]) {
    await sql`alter table orders drop column ${sql.ref(column)}`.execute(db);
  }
}
