import { sql, type Kysely } from 'kysely';

/**
 * The produce marketplace: catalogue, vendors' articles, per-vendor carts, buyer
 * warehouses, orders through the border crossing, disputes and ratings, and company
 * profiles. Prices are bigint cents per box (FOB McAllen); quantities are boxes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises add column bank_name text`.execute(db);
  await sql`alter table enterprises add column bank_account_number text`.execute(db);
  await sql`alter table enterprises add column bank_routing_number text`.execute(db);
  await sql`alter table enterprises add column clabe text`.execute(db);
  await sql`alter table enterprises add column bank_name_mxn text`.execute(db);

  await sql`
    create table categories (
      id uuid primary key,
      name_en text not null,
      name_sp text not null,
      image_path text,
      position integer not null default 0
    )`.execute(db);

  await sql`
    create table subcategories (
      id uuid primary key,
      category_id uuid not null references categories(id),
      name_en text not null,
      name_sp text not null,
      image_path text,
      position integer not null default 0
    )`.execute(db);
  await sql`create index subcategories_category on subcategories (category_id, position)`.execute(
    db,
  );

  await sql`
    create table articles (
      id uuid primary key,
      vendor_enterprise_id uuid not null references enterprises(id),
      subcategory_id uuid not null references subcategories(id),
      name text not null,
      description text not null default '',
      origin text,
      price_per_box_cents bigint not null check (price_per_box_cents > 0),
      boxes_per_pallet integer not null check (boxes_per_pallet > 0),
      min_boxes integer not null check (min_boxes > 0),
      stock_boxes integer not null check (stock_boxes >= 0),
      active boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index articles_subcategory on articles (subcategory_id, active, created_at desc)`.execute(
    db,
  );
  await sql`create index articles_vendor on articles (vendor_enterprise_id, active)`.execute(db);

  await sql`
    create table article_images (
      id uuid primary key,
      article_id uuid not null references articles(id),
      storage_key text not null,
      content_type text not null,
      position integer not null default 0,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index article_images_article on article_images (article_id, position)`.execute(
    db,
  );

  await sql`
    create table cart_items (
      buyer_enterprise_id uuid not null references enterprises(id),
      vendor_enterprise_id uuid not null references enterprises(id),
      article_id uuid not null references articles(id),
      quantity_boxes integer not null check (quantity_boxes > 0),
      price_per_box_cents_seen bigint not null,
      stock_boxes_seen integer not null,
      added_at timestamptz not null,
      primary key (buyer_enterprise_id, article_id)
    )`.execute(db);
  await sql`create index cart_items_vendor on cart_items (buyer_enterprise_id, vendor_enterprise_id)`.execute(
    db,
  );

  await sql`
    create table warehouses (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      name text not null,
      address text not null,
      country text not null,
      state text not null,
      city text not null,
      postal_code text not null,
      phone text not null,
      email text not null,
      manager text not null,
      latitude numeric(9, 6),
      longitude numeric(9, 6),
      comments text,
      created_at timestamptz not null,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index warehouses_enterprise on warehouses (enterprise_id) where deleted_at is null`.execute(
    db,
  );

  await sql`
    create table orders (
      id uuid primary key,
      tracking_id bigint generated always as identity unique,
      buyer_enterprise_id uuid not null references enterprises(id),
      vendor_enterprise_id uuid not null references enterprises(id),
      warehouse_id uuid not null references warehouses(id),
      status text not null,
      payment_method text not null,
      payment_id uuid references payments(id),
      conversion_id uuid references conversions(id),
      subtotal_cents bigint not null,
      fees_cents bigint not null default 0,
      total_cents bigint not null,
      final_total_cents bigint,
      pallets integer not null,
      transports integer not null,
      created_at timestamptz not null,
      delivered_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index orders_buyer on orders (buyer_enterprise_id, created_at desc)`.execute(db);
  await sql`create index orders_vendor on orders (vendor_enterprise_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table order_lines (
      id uuid primary key,
      order_id uuid not null references orders(id),
      article_id uuid not null references articles(id),
      product_name text not null,
      quantity_boxes integer not null check (quantity_boxes > 0),
      boxes_per_pallet integer not null,
      unit_price_cents bigint not null,
      logistic_cost_per_box_cents bigint not null default 0,
      delivered_boxes integer,
      delivered_unit_price_cents bigint
    )`.execute(db);
  await sql`create index order_lines_order on order_lines (order_id)`.execute(db);

  await sql`
    create table order_fees (
      id uuid primary key,
      order_id uuid not null references orders(id),
      name text not null,
      total_cents bigint not null
    )`.execute(db);
  await sql`create index order_fees_order on order_fees (order_id)`.execute(db);

  await sql`
    create table order_status_events (
      id bigserial primary key,
      order_id uuid not null references orders(id),
      status text not null,
      created_at timestamptz not null,
      actor_user_id uuid references users(id)
    )`.execute(db);
  await sql`create index order_status_events_order on order_status_events (order_id, id)`.execute(
    db,
  );

  await sql`
    create table disputes (
      id uuid primary key,
      tracking_id bigint generated always as identity unique,
      order_id uuid not null references orders(id),
      buyer_enterprise_id uuid not null references enterprises(id),
      vendor_enterprise_id uuid not null references enterprises(id),
      category text not null,
      subcategory text not null,
      description text not null,
      status text not null check (status in ('IN_PROCESS', 'FINALIZED')),
      in_charge text,
      resolution text,
      vendor_answer text,
      created_at timestamptz not null,
      final_date timestamptz
    )`.execute(db);
  await sql`create index disputes_buyer on disputes (buyer_enterprise_id, created_at desc)`.execute(
    db,
  );
  await sql`create index disputes_vendor on disputes (vendor_enterprise_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table dispute_images (
      id uuid primary key,
      dispute_id uuid not null references disputes(id),
      storage_key text not null,
      content_type text not null,
      size_bytes integer not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index dispute_images_dispute on dispute_images (dispute_id)`.execute(db);

  await sql`
    create table ratings (
      order_id uuid primary key references orders(id),
      buyer_enterprise_id uuid not null references enterprises(id),
      vendor_enterprise_id uuid not null references enterprises(id),
      stars integer not null check (stars between 1 and 5),
      comment text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index ratings_vendor on ratings (vendor_enterprise_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ratings',
    'dispute_images',
    'disputes',
    'order_status_events',
    'order_fees',
    'order_lines',
    'orders',
    'warehouses',
    'cart_items',
    'article_images',
    'articles',
    'subcategories',
    'categories',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  for (const column of [
    'bank_name',
    'bank_account_number',
    'bank_routing_number',
    'clabe',
    'bank_name_mxn',
  ]) {
    await sql`alter table enterprises drop column ${sql.ref(column)}`.execute(db);
  }
}
