import { sql, type Kysely } from 'kysely';

/**
 * The agreed price holds after checkout: a delivery the grower records can lower a line's
 * price at once (it only favours the buyer), but a higher price is a request the buyer
 * accepts or rejects. `order_lines.agreed_unit_price_cents` is a raise the buyer accepted
 * (null: the checkout price stands). At acceptance the buyer records its own count
 * (`received_boxes`); when it differs from the grower's, the lower count is the one paid
 * (`delivered_boxes`) and the grower's stays in `vendor_delivered_boxes` for the dispute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table order_lines
      add column agreed_unit_price_cents bigint,
      add column received_boxes integer check (received_boxes >= 0),
      add column vendor_delivered_boxes integer check (vendor_delivered_boxes >= 0)`.execute(db);
  await sql`
    create table order_price_changes (
      id uuid primary key,
      order_id uuid not null references orders(id),
      line_id uuid not null references order_lines(id),
      agreed_unit_price_cents bigint not null,
      requested_unit_price_cents bigint not null check (requested_unit_price_cents > 0),
      status text not null check (status in ('PENDING', 'ACCEPTED', 'REJECTED', 'WITHDRAWN')),
      requested_at timestamptz not null,
      requested_by uuid references users(id),
      decided_at timestamptz,
      decided_by uuid references users(id)
    )`.execute(db);
  await sql`create index order_price_changes_order on order_price_changes (order_id, requested_at)`.execute(
    db,
  );
  // One request waits per line: a newer delivery record replaces it.
  await sql`
    create unique index order_price_changes_one_pending on order_price_changes (line_id)
      where status = 'PENDING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table order_price_changes`.execute(db);
  await sql`
    alter table order_lines
      drop column agreed_unit_price_cents,
      drop column received_boxes,
      drop column vendor_delivered_boxes`.execute(db);
}
