import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { CatalogArticle } from './catalog.service.js';

/**
 * Search quality on the demo catalogue: what buyers type, in English and Spanish, with the
 * articles each search must return and those it must not. A name is matched as a prefix of
 * the article's English name, so "Persian lime" stands for every Persian lime size.
 */
let t: TestApp;

interface Expectation {
  query: string;
  lang?: 'en' | 'sp';
  /** Every article whose English name starts with one of these must be returned… */
  must: string[];
  /** …and none whose name starts with one of these. */
  mustNot?: string[];
  /** The first result's English name starts with this. */
  first?: string;
}

const BERRIES = [
  'Strawberries',
  'Organic strawberries',
  'Blueberries',
  'Raspberries',
  'Blackberries',
];
const PEPPERS = [
  'Jalapeño',
  'Green bell pepper',
  'Red bell pepper',
  'Serrano pepper',
  'Poblano pepper',
];
const NOT_BERRIES = ['Hass avocado', 'Ataulfo mango', 'Roma tomato', 'Persian lime'];

const QUERIES: Expectation[] = [
  // Categories and subcategories, in both languages.
  { query: 'berry', must: BERRIES, mustNot: NOT_BERRIES },
  { query: 'berries', must: BERRIES, mustNot: NOT_BERRIES },
  { query: 'moras', lang: 'sp', must: BERRIES, mustNot: NOT_BERRIES },
  { query: 'frutos rojos', lang: 'sp', must: BERRIES, mustNot: NOT_BERRIES },
  {
    query: 'citrus',
    must: ['Persian lime', 'Key lime', 'Valencia orange', 'Ruby red grapefruit'],
    mustNot: ['Hass avocado', 'Strawberries'],
  },
  {
    query: 'cítricos',
    lang: 'sp',
    must: ['Persian lime', 'Valencia orange'],
    mustNot: ['Roma tomato'],
  },
  {
    query: 'vegetables',
    must: ['Roma tomato', 'Zucchini', 'Jalapeño'],
    mustNot: ['Hass avocado', 'Strawberries'],
  },
  {
    query: 'verduras',
    lang: 'sp',
    must: ['Roma tomato', 'English cucumber'],
    mustNot: ['Ataulfo mango'],
  },
  {
    query: 'melon',
    must: ['Cantaloupe', 'Honeydew'],
    mustNot: ['Ataulfo mango', 'Maradol papaya'],
  },
  {
    query: 'squash',
    must: ['Zucchini', 'Yellow squash', 'Mexican grey squash'],
    mustNot: ['Roma tomato'],
  },
  {
    query: 'calabaza',
    lang: 'sp',
    must: ['Zucchini', 'Yellow squash', 'Mexican grey squash'],
    mustNot: ['Roma tomato'],
  },
  // Common names and synonyms.
  { query: 'chile', lang: 'sp', must: PEPPERS, mustNot: ['Roma tomato', 'Hass avocado'] },
  { query: 'chili', must: PEPPERS, mustNot: ['Roma tomato'] },
  { query: 'chiles', lang: 'sp', must: PEPPERS, mustNot: ['Persian cucumber'] },
  { query: 'pepper', must: PEPPERS, mustNot: ['Persian cucumber', 'Roma tomato'] },
  {
    query: 'pimiento',
    lang: 'sp',
    must: ['Green bell pepper', 'Red bell pepper'],
    mustNot: ['Roma tomato'],
  },
  {
    query: 'bell pepper',
    must: ['Green bell pepper', 'Red bell pepper'],
    mustNot: ['Jalapeño', 'Roma tomato'],
  },
  {
    query: 'aguacate',
    lang: 'sp',
    must: ['Hass avocado', 'Organic Hass avocado'],
    mustNot: BERRIES,
  },
  { query: 'avocado', must: ['Hass avocado', 'Organic Hass avocado'], mustNot: ['Ataulfo mango'] },
  { query: 'palta', lang: 'sp', must: ['Hass avocado'], mustNot: ['Ataulfo mango'] },
  {
    query: 'fresa',
    lang: 'sp',
    must: ['Strawberries', 'Organic strawberries'],
    mustNot: ['Raspberries', 'Blueberries'],
  },
  { query: 'frutilla', lang: 'sp', must: ['Strawberries'], mustNot: ['Raspberries'] },
  {
    query: 'strawberry',
    must: ['Strawberries', 'Organic strawberries'],
    mustNot: ['Raspberries', 'Blackberries', 'Hass avocado'],
  },
  {
    query: 'arandano',
    lang: 'sp',
    must: ['Blueberries'],
    mustNot: ['Strawberries', 'Raspberries'],
  },
  {
    query: 'frambuesa',
    lang: 'sp',
    must: ['Raspberries'],
    mustNot: ['Strawberries', 'Blueberries'],
  },
  { query: 'zarzamora', lang: 'sp', must: ['Blackberries'], mustNot: ['Blueberries'] },
  { query: 'limon', lang: 'sp', must: ['Persian lime', 'Key lime'], mustNot: ['Valencia orange'] },
  {
    query: 'lime',
    must: ['Persian lime', 'Key lime'],
    mustNot: ['Valencia orange', 'Hass avocado'],
  },
  { query: 'naranja', lang: 'sp', must: ['Valencia orange'], mustNot: ['Persian lime'] },
  { query: 'toronja', lang: 'sp', must: ['Ruby red grapefruit'], mustNot: ['Valencia orange'] },
  {
    query: 'jitomate',
    lang: 'sp',
    must: ['Roma tomato', 'Beefsteak tomato'],
    mustNot: ['Hass avocado'],
  },
  {
    query: 'tomato',
    must: ['Roma tomato', 'Grape tomato', 'Beefsteak tomato'],
    mustNot: ['Hass avocado', 'Strawberries'],
  },
  { query: 'tomate verde', lang: 'sp', must: ['Tomatillo'], first: 'Tomatillo' },
  {
    query: 'pepino',
    lang: 'sp',
    must: ['Cucumber super select', 'Persian cucumber', 'English cucumber'],
    mustNot: ['Zucchini'],
  },
  { query: 'calabacita', lang: 'sp', must: ['Zucchini'], mustNot: ['Roma tomato'] },
  { query: 'melón', lang: 'sp', must: ['Cantaloupe', 'Honeydew'], mustNot: ['Ataulfo mango'] },
  { query: 'mango', must: ['Ataulfo mango', 'Tommy Atkins mango', 'Kent mango'], mustNot: BERRIES },
  {
    query: 'mangos',
    lang: 'sp',
    must: ['Ataulfo mango', 'Kent mango'],
    mustNot: ['Raspberries', 'Maradol papaya'],
  },
  // Words that name nothing in the catalogue find nothing, and nothing is invented.
  { query: 'onion', must: [], mustNot: ['Hass avocado', 'Roma tomato'] },
  { query: 'cebolla', lang: 'sp', must: [], mustNot: ['Hass avocado', 'Roma tomato'] },
  { query: 'banana', must: [], mustNot: ['Maradol papaya', 'Hass avocado'] },
  // Typos forgiven where the word is long enough to be sure.
  {
    query: 'strawbery',
    must: ['Strawberries', 'Organic strawberries'],
    mustNot: ['Raspberries', 'Hass avocado'],
  },
  { query: 'avocdo', must: ['Hass avocado'], mustNot: ['Ataulfo mango'] },
  { query: 'blueberies', must: ['Blueberries'], mustNot: ['Raspberries', 'Strawberries'] },
  { query: 'aguacte', lang: 'sp', must: ['Hass avocado'], mustNot: BERRIES },
  // Ranking: the article named by every word comes first.
  { query: 'organic avocado', must: ['Organic Hass avocado'], first: 'Organic Hass avocado' },
  {
    query: 'aguacate organico',
    lang: 'sp',
    must: ['Organic Hass avocado'],
    first: 'Organic Hass avocado',
  },
  { query: 'mango ataulfo', must: ['Ataulfo mango'], first: 'Ataulfo mango' },
  { query: 'berries blueberries', must: ['Blueberries'], first: 'Blueberries' },
];

async function search(query: string, lang: 'en' | 'sp') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/${lang}/catalog/articles?search=${encodeURIComponent(query)}&limit=100`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ articles: CatalogArticle[]; total: number }>(response);
}

describe(`catalogue search quality on the demo catalogue (${TEST_ENGINE})`, () => {
  /** English name of every listed demo article, by id. */
  const englishNameOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ DEMO_DATA: 'true' });
    const rows = await t.db.selectFrom('articles').select(['id', 'name']).execute();
    for (const row of rows) englishNameOf.set(row.id, row.name);
  });

  afterAll(async () => {
    await t.close();
  });

  it('has at least forty queries', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(QUERIES)('"$query" ($lang) finds what a buyer means', async (expectation) => {
    const { articles } = await search(expectation.query, expectation.lang ?? 'en');
    const found = articles.map((article) => englishNameOf.get(article.sArticleId) ?? '?');
    const startsWithAny = (name: string, prefixes: string[]) =>
      prefixes.some((prefix) => name.startsWith(prefix));
    for (const prefix of expectation.must) {
      expect(found, `"${expectation.query}" must find ${prefix}`).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^${escape(prefix)}`))]),
      );
    }
    if (expectation.must.length === 0) expect(found).toEqual([]);
    const wrong = found.filter((name) => startsWithAny(name, expectation.mustNot ?? []));
    expect(wrong, `"${expectation.query}" must not find these`).toEqual([]);
    if (expectation.first !== undefined) {
      expect(found[0]?.startsWith(expectation.first), `first: ${found.join(' | ')}`).toBe(true);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
