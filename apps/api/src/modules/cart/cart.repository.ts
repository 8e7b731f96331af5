import type { Executor } from '../../db/database.js';

/** One cart line with the article's current data (a cart is per buyer and vendor). */
export async function listCartLines(
  db: Executor,
  buyerEnterpriseId: string,
  options: { vendorEnterpriseId?: string; forUpdate?: boolean } = {},
) {
  let query = db
    .selectFrom('cart_items as c')
    .innerJoin('articles as a', 'a.id', 'c.article_id')
    .innerJoin('enterprises as v', 'v.id', 'c.vendor_enterprise_id')
    .select([
      'c.article_id',
      'c.vendor_enterprise_id',
      'v.name as vendor_name',
      'c.quantity_boxes',
      'c.price_per_box_cents_seen',
      'c.stock_boxes_seen',
      'c.added_at',
      'a.name',
      'a.boxes_per_pallet',
      'a.price_per_box_cents',
      'a.stock_boxes',
      'a.min_boxes',
      'a.active',
      'v.verified as vendor_verified',
    ])
    .where('c.buyer_enterprise_id', '=', buyerEnterpriseId);
  if (options.vendorEnterpriseId !== undefined) {
    query = query.where('c.vendor_enterprise_id', '=', options.vendorEnterpriseId);
  }
  // Vendors by name, lines by article name: a stable order for the screen.
  query = query
    .orderBy('v.name')
    .orderBy('c.vendor_enterprise_id')
    .orderBy('a.name')
    .orderBy('c.article_id');
  if (options.forUpdate) query = query.forUpdate();
  return query.execute();
}

export async function findCartItem(
  db: Executor,
  buyerEnterpriseId: string,
  articleId: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = db
    .selectFrom('cart_items')
    .selectAll()
    .where('buyer_enterprise_id', '=', buyerEnterpriseId)
    .where('article_id', '=', articleId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function upsertCartItem(
  db: Executor,
  item: {
    buyerEnterpriseId: string;
    vendorEnterpriseId: string;
    articleId: string;
    quantityBoxes: number;
    priceSeen: bigint;
    stockSeen: number;
    addedAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({
      buyer_enterprise_id: item.buyerEnterpriseId,
      vendor_enterprise_id: item.vendorEnterpriseId,
      article_id: item.articleId,
      quantity_boxes: item.quantityBoxes,
      price_per_box_cents_seen: item.priceSeen,
      stock_boxes_seen: item.stockSeen,
      added_at: item.addedAt,
    })
    .onConflict((oc) =>
      oc.columns(['buyer_enterprise_id', 'article_id']).doUpdateSet({
        quantity_boxes: item.quantityBoxes,
        price_per_box_cents_seen: item.priceSeen,
        stock_boxes_seen: item.stockSeen,
      }),
    )
    .execute();
}

export async function deleteCartItem(
  db: Executor,
  buyerEnterpriseId: string,
  articleId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('cart_items')
    .where('buyer_enterprise_id', '=', buyerEnterpriseId)
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteVendorCart(
  db: Executor,
  buyerEnterpriseId: string,
  vendorEnterpriseId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('cart_items')
    .where('buyer_enterprise_id', '=', buyerEnterpriseId)
    .where('vendor_enterprise_id', '=', vendorEnterpriseId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The article a buyer adds, locked so the stock read is the one written against, with its
 * grower's verification (only a verified grower's articles are bought).
 */
export async function findArticleForCart(db: Executor, articleId: string) {
  return db
    .selectFrom('articles as a')
    .select((eb) => [
      'a.id',
      'a.vendor_enterprise_id',
      'a.price_per_box_cents',
      'a.stock_boxes',
      'a.min_boxes',
      'a.active',
      eb
        .selectFrom('enterprises as v')
        .select('v.verified')
        .whereRef('v.id', '=', 'a.vendor_enterprise_id')
        .as('vendor_verified'),
    ])
    .where('a.id', '=', articleId)
    .forShare()
    .executeTakeFirst();
}

/**
 * Serialises one buyer's cart writes (two adds of a new article must sum, not overwrite).
 * NO KEY UPDATE leaves rows that reference the enterprise free to be inserted meanwhile.
 */
export async function lockBuyerCart(db: Executor, buyerEnterpriseId: string): Promise<void> {
  await db
    .selectFrom('enterprises')
    .select('id')
    .where('id', '=', buyerEnterpriseId)
    .forNoKeyUpdate()
    .execute();
}
