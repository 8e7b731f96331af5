import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** SQL of the public catalogue: only active articles of vendor enterprises are shown. */

export type ArticleSort = 'newest' | 'price_asc' | 'price_desc' | 'name';

export interface ArticleFilters {
  subcategoryId?: string | undefined;
  categoryId?: string | undefined;
  vendorId?: string | undefined;
  search?: string | undefined;
  minPriceCents?: bigint | undefined;
  maxPriceCents?: bigint | undefined;
}

/** A LIKE pattern matching the text literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listCategories(db: Executor, limit: number) {
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.name_en',
      'c.name_sp',
      'c.image_path',
      eb
        .selectFrom('subcategories as s')
        .select((sub) => sub.fn.countAll<string>().as('n'))
        .whereRef('s.category_id', '=', 'c.id')
        .as('subcategories'),
    ])
    .orderBy('c.position')
    .orderBy('c.name_en')
    .limit(limit)
    .execute();
}

export async function findCategory(db: Executor, categoryId: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name_en', 'name_sp', 'image_path'])
    .where('id', '=', categoryId)
    .executeTakeFirst();
}

export async function listSubcategories(db: Executor, categoryId: string, limit: number) {
  return db
    .selectFrom('subcategories as s')
    .select((eb) => [
      's.id',
      's.category_id',
      's.name_en',
      's.name_sp',
      's.image_path',
      eb
        .selectFrom('articles as a')
        .innerJoin('enterprises as v', 'v.id', 'a.vendor_enterprise_id')
        .select((sub) => sub.fn.countAll<string>().as('n'))
        .whereRef('a.subcategory_id', '=', 's.id')
        .where('a.active', '=', true)
        .where('v.type', '=', 'vendor')
        .as('articles'),
    ])
    .where('s.category_id', '=', categoryId)
    .orderBy('s.position')
    .orderBy('s.name_en')
    .limit(limit)
    .execute();
}

export async function findSubcategory(db: Executor, subcategoryId: string) {
  return db
    .selectFrom('subcategories as s')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.name_en',
      's.name_sp',
      'c.id as category_id',
      'c.name_en as category_name_en',
      'c.name_sp as category_name_sp',
    ])
    .where('s.id', '=', subcategoryId)
    .executeTakeFirst();
}

function ratingColumns(eb: ExpressionBuilder<Database & { v: Database['enterprises'] }, 'v'>) {
  return [
    eb
      .selectFrom('ratings as r')
      .select(sql<string | null>`round(avg(r.stars), 2)`.as('avg'))
      .whereRef('r.vendor_enterprise_id', '=', 'v.id')
      .as('rating_avg'),
    eb
      .selectFrom('ratings as r')
      .select((sub) => sub.fn.countAll<string>().as('n'))
      .whereRef('r.vendor_enterprise_id', '=', 'v.id')
      .as('rating_count'),
  ];
}

function publicArticles(db: Executor, filters: ArticleFilters) {
  let query = db
    .selectFrom('articles as a')
    .innerJoin('enterprises as v', 'v.id', 'a.vendor_enterprise_id')
    .innerJoin('subcategories as s', 's.id', 'a.subcategory_id')
    .where('a.active', '=', true)
    .where('v.type', '=', 'vendor');
  if (filters.subcategoryId !== undefined) {
    query = query.where('a.subcategory_id', '=', filters.subcategoryId);
  }
  if (filters.categoryId !== undefined) {
    query = query.where('s.category_id', '=', filters.categoryId);
  }
  if (filters.vendorId !== undefined) {
    query = query.where('a.vendor_enterprise_id', '=', filters.vendorId);
  }
  if (filters.minPriceCents !== undefined) {
    query = query.where('a.price_per_box_cents', '>=', filters.minPriceCents);
  }
  if (filters.maxPriceCents !== undefined) {
    query = query.where('a.price_per_box_cents', '<=', filters.maxPriceCents);
  }
  if (filters.search !== undefined) {
    const pattern = containsPattern(filters.search);
    query = query.where((eb) =>
      eb.or([
        eb('a.name', 'ilike', pattern),
        eb('a.description', 'ilike', pattern),
        eb('v.name', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

export async function searchArticles(
  db: Executor,
  filters: ArticleFilters,
  sort: ArticleSort,
  page: { offset: number; limit: number },
) {
  let query = publicArticles(db, filters).select((eb) => [
    'a.id',
    'a.name',
    'a.description',
    'a.origin',
    'a.price_per_box_cents',
    'a.boxes_per_pallet',
    'a.min_boxes',
    'a.stock_boxes',
    'a.subcategory_id',
    's.category_id',
    'a.created_at',
    'v.id as vendor_id',
    'v.name as vendor_name',
    'v.verified as vendor_verified',
    ...ratingColumns(eb),
  ]);
  if (sort === 'price_asc') query = query.orderBy('a.price_per_box_cents', 'asc');
  else if (sort === 'price_desc') query = query.orderBy('a.price_per_box_cents', 'desc');
  else if (sort === 'name') query = query.orderBy(sql`lower(a.name)`, 'asc');
  else query = query.orderBy('a.created_at', 'desc');
  return query.orderBy('a.id').offset(page.offset).limit(page.limit).execute();
}

export async function countArticles(db: Executor, filters: ArticleFilters): Promise<number> {
  const row = await publicArticles(db, filters)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One active article with its vendor, category and subcategory. */
export async function findPublicArticle(db: Executor, articleId: string) {
  return db
    .selectFrom('articles as a')
    .innerJoin('enterprises as v', 'v.id', 'a.vendor_enterprise_id')
    .innerJoin('subcategories as s', 's.id', 'a.subcategory_id')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .select((eb) => [
      'a.id',
      'a.name',
      'a.description',
      'a.origin',
      'a.price_per_box_cents',
      'a.boxes_per_pallet',
      'a.min_boxes',
      'a.stock_boxes',
      'a.created_at',
      'a.updated_at',
      's.id as subcategory_id',
      's.name_en as subcategory_name_en',
      's.name_sp as subcategory_name_sp',
      'c.id as category_id',
      'c.name_en as category_name_en',
      'c.name_sp as category_name_sp',
      'v.id as vendor_id',
      'v.name as vendor_name',
      'v.verified as vendor_verified',
      'v.description as vendor_description',
      ...ratingColumns(eb),
    ])
    .where('a.id', '=', articleId)
    .where('a.active', '=', true)
    .where('v.type', '=', 'vendor')
    .executeTakeFirst();
}

/** The images of some articles, in their order. */
export async function listImagesOf(db: Executor, articleIds: readonly string[]) {
  if (articleIds.length === 0) return [];
  return db
    .selectFrom('article_images')
    .select(['id', 'article_id', 'storage_key', 'content_type', 'position'])
    .where('article_id', 'in', articleIds)
    .orderBy('article_id')
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

function vendorsQuery(db: Executor) {
  return db.selectFrom('enterprises as v').where('v.type', '=', 'vendor');
}

export async function listVendors(db: Executor, page: { offset: number; limit: number }) {
  return vendorsQuery(db)
    .select((eb) => [
      'v.id',
      'v.name',
      'v.description',
      'v.verified',
      ...ratingColumns(eb),
      eb
        .selectFrom('articles as a')
        .select((sub) => sub.fn.countAll<string>().as('n'))
        .whereRef('a.vendor_enterprise_id', '=', 'v.id')
        .where('a.active', '=', true)
        .as('article_count'),
    ])
    .orderBy('v.name')
    .orderBy('v.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countVendors(db: Executor): Promise<number> {
  const row = await vendorsQuery(db)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findVendor(db: Executor, vendorId: string) {
  return vendorsQuery(db)
    .select((eb) => [
      'v.id',
      'v.name',
      'v.description',
      'v.verified',
      'v.legal_address',
      'v.paca_license',
      'v.blue_book_number',
      'v.created_at',
      ...ratingColumns(eb),
    ])
    .where('v.id', '=', vendorId)
    .executeTakeFirst();
}
