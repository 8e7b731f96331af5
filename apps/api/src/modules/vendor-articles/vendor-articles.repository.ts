import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
// eslint-disable-next-line no-restricted-imports -- a grower's articles are the catalogue's rows: one column list for both
import {
  ARTICLE_CATEGORY_COLUMNS,
  ARTICLE_COLUMNS,
  containsPattern,
} from '../catalog/catalog.repository.js';

/** SQL of a vendor's own articles; every query is scoped by the vendor enterprise. */

export interface ArticleFields {
  subcategoryId: string;
  /** The English name ('' when the grower gave only the Spanish one). */
  name: string;
  /** The English description. */
  description: string;
  nameSp?: string | null | undefined;
  descriptionSp?: string | null | undefined;
  origin: string | null;
  pricePerBoxCents: bigint;
  boxesPerPallet: number;
  minBoxes: number;
  stockBoxes: number;
}

function columns(fields: ArticleFields) {
  return {
    subcategory_id: fields.subcategoryId,
    // name/description are the fallback older readers use: English, else Spanish.
    name: fields.name || fields.nameSp || '',
    description: fields.description || fields.descriptionSp || '',
    name_en: fields.name || null,
    description_en: fields.description || null,
    // Left out (undefined): a client that does not know the Spanish texts keeps them.
    ...(fields.nameSp === undefined ? {} : { name_sp: fields.nameSp || null }),
    ...(fields.descriptionSp === undefined ? {} : { description_sp: fields.descriptionSp || null }),
    origin: fields.origin,
    price_per_box_cents: fields.pricePerBoxCents,
    boxes_per_pallet: fields.boxesPerPallet,
    min_boxes: fields.minBoxes,
    stock_boxes: fields.stockBoxes,
  };
}

function vendorArticles(db: Executor, vendorId: string) {
  return db
    .selectFrom('articles as a')
    .innerJoin('subcategories as s', 's.id', 'a.subcategory_id')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .where('a.vendor_enterprise_id', '=', vendorId);
}

const VENDOR_ARTICLE_COLUMNS = [
  ...ARTICLE_COLUMNS,
  'a.active',
  'a.created_at',
  'a.updated_at',
  ...ARTICLE_CATEGORY_COLUMNS,
] as const;

export interface VendorArticleFilters {
  search?: string | undefined;
  active?: boolean | undefined;
}

/** The grower's articles that pass the filters: one place, so a page's total counts its rows. */
function filteredVendorArticles(db: Executor, vendorId: string, filters: VendorArticleFilters) {
  let query = vendorArticles(db, vendorId);
  if (filters.active !== undefined) query = query.where('a.active', '=', filters.active);
  if (filters.search !== undefined)
    query = query.where(
      'a.search_names',
      'like',
      sql<string>`lower(unaccent(${containsPattern(filters.search)}))`,
    );
  return query;
}

export async function listVendorArticles(
  db: Executor,
  vendorId: string,
  filters: VendorArticleFilters,
  page: { offset: number; limit: number },
) {
  return filteredVendorArticles(db, vendorId, filters)
    .select(VENDOR_ARTICLE_COLUMNS)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countVendorArticles(
  db: Executor,
  vendorId: string,
  filters: VendorArticleFilters,
): Promise<number> {
  const row = await filteredVendorArticles(db, vendorId, filters)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findVendorArticle(db: Executor, vendorId: string, articleId: string) {
  return vendorArticles(db, vendorId)
    .select(VENDOR_ARTICLE_COLUMNS)
    .where('a.id', '=', articleId)
    .executeTakeFirst();
}

/** Locks the vendor's article row (image count, updates); undefined when not theirs. */
export async function lockVendorArticle(db: Executor, vendorId: string, articleId: string) {
  return db
    .selectFrom('articles')
    .select(['id'])
    .where('vendor_enterprise_id', '=', vendorId)
    .where('id', '=', articleId)
    .forUpdate()
    .executeTakeFirst();
}

export async function subcategoryExists(db: Executor, subcategoryId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subcategories')
    .select('id')
    .where('id', '=', subcategoryId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertArticle(
  db: Executor,
  article: { id: string; vendorId: string; now: Date } & ArticleFields,
): Promise<void> {
  await db
    .insertInto('articles')
    .values({
      id: article.id,
      vendor_enterprise_id: article.vendorId,
      ...columns(article),
      active: true,
      created_at: article.now,
      updated_at: article.now,
    })
    .execute();
}

export async function updateArticle(
  db: Executor,
  vendorId: string,
  articleId: string,
  fields: ArticleFields,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('articles')
    .set({ ...columns(fields), updated_at: now })
    .where('vendor_enterprise_id', '=', vendorId)
    .where('id', '=', articleId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setArticleActive(
  db: Executor,
  vendorId: string,
  articleId: string,
  active: boolean,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('articles')
    .set({ active, updated_at: now })
    .where('vendor_enterprise_id', '=', vendorId)
    .where('id', '=', articleId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function imageStats(
  db: Executor,
  articleId: string,
): Promise<{ count: number; maxPosition: number }> {
  const row = await db
    .selectFrom('article_images')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('position').as('max_position')])
    .where('article_id', '=', articleId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), maxPosition: Number(row.max_position ?? -1) };
}

export async function insertArticleImage(
  db: Executor,
  image: {
    id: string;
    articleId: string;
    storageKey: string;
    contentType: string;
    position: number;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('article_images')
    .values({
      id: image.id,
      article_id: image.articleId,
      storage_key: image.storageKey,
      content_type: image.contentType,
      position: image.position,
      created_at: image.createdAt,
    })
    .execute();
}

/** Deletes an image of the vendor's article; answers its storage key, or undefined. */
export async function deleteArticleImage(
  db: Executor,
  vendorId: string,
  articleId: string,
  imageId: string,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('article_images')
    .where('id', '=', imageId)
    .where('article_id', '=', articleId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('articles')
          .select('articles.id')
          .where('articles.id', '=', articleId)
          .where('articles.vendor_enterprise_id', '=', vendorId),
      ),
    )
    .returning('storage_key')
    .executeTakeFirst();
  return row?.storage_key;
}
