import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { searchTermsOf, type SearchTerm } from './produce-synonyms.js';

/** SQL of the public catalogue: only active articles of listed (verified) growers are shown. */

export type ArticleSort = 'newest' | 'price_asc' | 'price_desc' | 'name';

export interface ArticleFilters {
  subcategoryId?: string | undefined;
  categoryId?: string | undefined;
  vendorId?: string | undefined;
  search?: string | undefined;
  minPriceCents?: bigint | undefined;
  maxPriceCents?: bigint | undefined;
  /** The grower previewing its own storefront: its articles before they are listed too. */
  includeUnlisted?: boolean | undefined;
}

/** The words of a search: letters and digits, lower case, at most MAX_SEARCH_TOKENS. */
export function searchTokens(search: string): string[] {
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0)
    .slice(0, MAX_SEARCH_TOKENS);
}

const MAX_SEARCH_TOKENS = 8;
/** Shorter words are too easily near another ('mango', 'mano'): they must be spelled right. */
const TYPO_MIN_LENGTH = 5;
/** From this length a typed word may be two edits away from the word meant. */
const TWO_TYPOS_MIN_LENGTH = 9;

/**
 * The relevance of an article to the typed words: per word 2 when it is in a name, 1 when
 * only in a description, the origin, the kind of produce (subcategory and category) or the
 * vendor's name (literally), 0 otherwise; summed. A word is "in" a text when full-text search
 * finds it (English and Spanish stems, or as a prefix), when one of its synonyms is there
 * (produce-synonyms.ts), or, for a typo, when a word of the text (or its beginning) is one
 * edit away (two for long words). A typo is forgiven only for a word of five letters or more
 * that no article contains as typed: a real word ('mango') is never read as a misspelling of
 * another ('mano'). Accents never count: both sides are folded. The words are letters and
 * digits only, so they are safe inside to_tsquery.
 */
function relevanceOf(terms: readonly SearchTerm[]) {
  return sql<number>`(${sql.join(terms.map(termScore), sql` + `)})`;
}

/**
 * An article matches when every typed word is found in it (each word with its typos, accents
 * and synonyms forgiven), except short words of letters ('de', 'of', 'x'), which only rank.
 */
function everyWordMatches(terms: readonly SearchTerm[]) {
  const required = terms.filter(
    (term) => term.typed === undefined || !OPTIONAL_WORD.test(term.typed),
  );
  const scored = required.length > 0 ? required : terms;
  return sql<boolean>`(${sql.join(
    scored.map((term) => sql`${termScore(term)} > 0`),
    sql` and `,
  )})`;
}

/** One or two letters: a stop word or a size letter, never required. */
const OPTIONAL_WORD = /^\p{L}{1,2}$/u;

/** A tsquery of alternatives, each with a suffix (':A' for names only, ':*' for a prefix). */
function anyOf(words: readonly string[], suffix: string): string {
  return words.map((word) => `${word}${suffix}`).join(' | ');
}

/** One term's score (see relevanceOf). */
function termScore(term: SearchTerm) {
  const { typed, synonyms } = term;
  const whole = typed === undefined ? synonyms : [typed, ...synonyms];
  const prefixes = typed === undefined ? [] : [typed];
  const fullText = (weight: string) => {
    const stemmed = anyOf(whole, weight);
    const simple = [anyOf(prefixes, `:*${weight}`), anyOf(synonyms, weight)]
      .filter((part) => part !== '')
      .join(' | ');
    return sql`a.search_vector @@ (to_tsquery('simple', ${simple}) || to_tsquery('english', ${stemmed}) || to_tsquery('spanish', ${stemmed}))`;
  };
  const misspelt = typed !== undefined && typed.length >= TYPO_MIN_LENGTH ? typed : undefined;
  const nearWord = (text: ReturnType<typeof sql>) => {
    if (misspelt === undefined) return sql`false`;
    const edits = misspelt.length >= TWO_TYPOS_MIN_LENGTH ? 2 : 1;
    return sql`(not exists (select 1 from articles x where x.search_vector @@ (to_tsquery('simple', ${misspelt}) || to_tsquery('english', ${misspelt}) || to_tsquery('spanish', ${misspelt})))
      and exists (select 1 from regexp_split_to_table(${text}, '[^a-z0-9]+') as w(word)
        where w.word <> '' and (levenshtein(${misspelt}, w.word) <= ${edits}
          or (length(w.word) > ${misspelt.length} and levenshtein(${misspelt}, left(w.word, ${misspelt.length})) <= ${edits}))))`;
  };
  const vendor =
    typed === undefined ? sql`false` : sql`strpos(lower(unaccent(v.name)), ${typed}) > 0`;
  const inNames = sql`(${fullText('A')} or ${nearWord(sql`a.search_names`)})`;
  const inText = sql`(${fullText('')} or ${nearWord(sql`a.search_all`)} or ${vendor})`;
  return sql<number>`(case when ${inNames} then 2 when ${inText} then 1 else 0 end)`;
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
        .where(listedVendor)
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

/**
 * A grower's articles are listed (shown, searched, bought) only once the back office has
 * verified it, which it does only with the PACA licence, tax id and CLABE registered; the
 * CLABE of 18 digits is checked again so that a listed grower can always be paid (the profile
 * checks the check digit before storing one).
 */
const listedVendor = sql<boolean>`(v.verified and v.clabe ~ '^[0-9]{18}$')`;

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
  if (!filters.includeUnlisted) query = query.where(listedVendor);
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
  const terms = searchTermsOf(filters.search === undefined ? [] : searchTokens(filters.search));
  if (terms.length > 0) {
    query = query.where(everyWordMatches(terms));
  } else if (filters.search !== undefined) {
    // Only punctuation: no word to look for, so nothing matches.
    query = query.where(sql<boolean>`false`);
  }
  return query;
}

/** An article's own columns, as every public view of it shows them. */
export const ARTICLE_COLUMNS = [
  'a.id',
  'a.name',
  'a.description',
  'a.name_en',
  'a.name_sp',
  'a.description_en',
  'a.description_sp',
  'a.origin',
  'a.price_per_box_cents',
  'a.boxes_per_pallet',
  'a.min_boxes',
  'a.stock_boxes',
] as const;

/** An article's subcategory and category, with the names in both languages (joined as s, c). */
export const ARTICLE_CATEGORY_COLUMNS = [
  's.id as subcategory_id',
  's.name_en as subcategory_name_en',
  's.name_sp as subcategory_name_sp',
  'c.id as category_id',
  'c.name_en as category_name_en',
  'c.name_sp as category_name_sp',
] as const;

export async function searchArticles(
  db: Executor,
  filters: ArticleFilters,
  sort: ArticleSort,
  page: { offset: number; limit: number },
) {
  const terms = searchTermsOf(filters.search === undefined ? [] : searchTokens(filters.search));
  let query = publicArticles(db, filters).select((eb) => [
    ...ARTICLE_COLUMNS,
    'a.subcategory_id',
    's.category_id',
    'a.created_at',
    'v.id as vendor_id',
    'v.name as vendor_name',
    'v.verified as vendor_verified',
    ...ratingColumns(eb),
  ]);
  // Relevance first (a whole number, so the user's sort orders the ties), then the sort.
  if (terms.length > 0) query = query.orderBy(relevanceOf(terms), 'desc');
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
      ...ARTICLE_COLUMNS,
      'a.created_at',
      'a.updated_at',
      ...ARTICLE_CATEGORY_COLUMNS,
      'v.id as vendor_id',
      'v.name as vendor_name',
      'v.verified as vendor_verified',
      'v.description as vendor_description',
      ...ratingColumns(eb),
    ])
    .where('a.id', '=', articleId)
    .where('a.active', '=', true)
    .where('v.type', '=', 'vendor')
    .where(listedVendor)
    .executeTakeFirst();
}

/** The images of some articles, in their order: the catalogue and a grower's own list show them. */
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

/** Vendors with what the catalogue shows of each: who it is and its rating. */
function vendorProfilesQuery(db: Executor) {
  return vendorsQuery(db).select((eb) => [
    'v.id',
    'v.name',
    'v.description',
    'v.verified',
    ...ratingColumns(eb),
  ]);
}

/** The growers buyers see: only listed (verified) ones. */
export async function listVendors(db: Executor, page: { offset: number; limit: number }) {
  return vendorProfilesQuery(db)
    .where(listedVendor)
    .select((eb) => [
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
    .where(listedVendor)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findVendor(db: Executor, vendorId: string) {
  return vendorProfilesQuery(db)
    .select([
      'v.legal_address',
      'v.paca_license',
      'v.blue_book_number',
      'v.created_at',
      listedVendor.as('listed'),
    ])
    .where('v.id', '=', vendorId)
    .executeTakeFirst();
}
