import { sql, type Kysely } from 'kysely';

/**
 * Orders and disputes beyond the marketplace tables of 0003: how an order is paid (the
 * rate locked for a deferred payment, the payment state), the border warehouse's in/out
 * charge per box, when an order was first disputed, and at most one open dispute per
 * order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column payment_status text not null default 'PENDING'`.execute(
    db,
  );
  await sql`alter table orders add column rate_micro bigint`.execute(db);
  await sql`alter table orders add column quote_id uuid references quotes(id)`.execute(db);
  await sql`alter table orders add column rate_locked_at timestamptz`.execute(db);
  await sql`alter table orders add column paid_at timestamptz`.execute(db);
  await sql`alter table orders add column disputed_at timestamptz`.execute(db);
  await sql`alter table orders add column buyer_user_id uuid references users(id)`.execute(db);
  await sql`
    alter table orders add constraint orders_status_known check (status in (
      'ORDER_RECEIVED', 'IN_PREPARATION', 'IN_TRANSIT', 'IN_BORDER_CROSSING',
      'SUCCESSFUL_CROSSING', 'BORDER_WAREHOUSE', 'ACCEPTED_AT_BORDER_WAREHOUSE',
      'TRANSFERRED', 'ON_DELIVERY_ROUTE', 'DELIVERED', 'FINISHED'))`.execute(db);
  await sql`
    alter table orders add constraint orders_payment_method_known
      check (payment_method in ('PAY_NOW', 'CONVERT_MXN', 'DEFERRED', 'FORWARD'))`.execute(db);
  await sql`
    alter table orders add constraint orders_payment_status_known
      check (payment_status in ('PENDING', 'PAID'))`.execute(db);
  // Orders delivered and not yet finished, found by the time their dispute window closes.
  await sql`create index orders_delivered on orders (delivered_at) where status = 'DELIVERED'`.execute(
    db,
  );

  await sql`alter table order_lines add column in_out_per_box_cents bigint not null default 0`.execute(
    db,
  );
  await sql`
    alter table order_lines add constraint order_lines_delivered_range
      check (delivered_boxes is null or (delivered_boxes >= 0 and delivered_boxes <= quantity_boxes))`.execute(
    db,
  );

  await sql`alter table disputes add column vendor_answered_at timestamptz`.execute(db);
  await sql`create index disputes_order on disputes (order_id, created_at desc)`.execute(db);
  await sql`create unique index disputes_one_open_per_order on disputes (order_id) where status = 'IN_PROCESS'`.execute(
    db,
  );
  await sql`create index disputes_status on disputes (status, created_at desc)`.execute(db);
  await sql`alter table dispute_images add column file_name text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispute_images drop column file_name`.execute(db);
  await sql`drop index disputes_status`.execute(db);
  await sql`drop index disputes_one_open_per_order`.execute(db);
  await sql`drop index disputes_order`.execute(db);
  await sql`alter table disputes drop column vendor_answered_at`.execute(db);
  await sql`alter table order_lines drop constraint order_lines_delivered_range`.execute(db);
  await sql`alter table order_lines drop column in_out_per_box_cents`.execute(db);
  await sql`drop index orders_delivered`.execute(db);
  for (const constraint of [
    'orders_payment_status_known',
    'orders_payment_method_known',
    'orders_status_known',
  ]) {
    await sql`alter table orders drop constraint ${sql.ref(constraint)}`.execute(db);
  }
  for (const column of [
    'buyer_user_id',
    'disputed_at',
    'paid_at',
    'rate_locked_at',
    'quote_id',
    'rate_micro',
    'payment_status',
  ]) {
    await sql`alter table orders drop column ${sql.ref(column)}`.execute(db);
  }
}
