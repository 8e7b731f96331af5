import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ARTICLE_SPANISH } from '../../demo/demo-article-translations.js';
import {
  newArticle,
  newCategory,
  newVendor,
  verifyGrower,
  type Company,
} from '../../test/marketplace-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { CatalogArticle } from './catalog.service.js';

/**
 * Search relevance: a table of what traders type (English, Spanish, no accents, another
 * word order, typos) and the articles that must come first. Articles carry both languages,
 * as the demo's do; one carries only Spanish, one only English.
 */
let t: TestApp;

const ARTICLES: Array<{ en: string; price: number; spOnly?: boolean; enOnly?: boolean }> = [
  { en: 'Hass avocado 48ct, 25 lb lug', price: 46.5 },
  { en: 'Hass avocado 60ct, 25 lb lug', price: 42 },
  { en: 'Organic Hass avocado 84ct, 25 lb lug', price: 44 },
  { en: 'Strawberries 8 x 1 lb clamshell', price: 21 },
  { en: 'Organic strawberries 8 x 1 lb', price: 27 },
  { en: 'Blueberries 12 x 6 oz clamshell', price: 30 },
  { en: 'Ataulfo mango 14ct, 10 lb box', price: 8.25 },
  { en: 'Jalapeño 1 1/9 bushel, 28 lb', price: 18 },
  { en: 'Persian lime 150ct, 40 lb box', price: 24.5, spOnly: true },
  { en: 'Roma tomato 25 lb box', price: 15, enOnly: true },
];

const RELEVANCE: Array<{ query: string; first: string[] }> = [
  { query: 'organic avocado', first: ['Organic Hass avocado 84ct, 25 lb lug'] },
  { query: 'avocado organic', first: ['Organic Hass avocado 84ct, 25 lb lug'] },
  { query: 'hass 48', first: ['Hass avocado 48ct, 25 lb lug'] },
  {
    query: 'strawberry',
    first: ['Strawberries 8 x 1 lb clamshell', 'Organic strawberries 8 x 1 lb'],
  },
  {
    query: 'strawbery',
    first: ['Strawberries 8 x 1 lb clamshell', 'Organic strawberries 8 x 1 lb'],
  },
  {
    query: 'aguacate',
    first: [
      'Hass avocado 48ct, 25 lb lug',
      'Hass avocado 60ct, 25 lb lug',
      'Organic Hass avocado 84ct, 25 lb lug',
    ],
  },
  { query: 'aguacate hass 60', first: ['Hass avocado 60ct, 25 lb lug'] },
  { query: 'avocdo 60', first: ['Hass avocado 60ct, 25 lb lug'] },
  { query: 'aguacte organico', first: ['Organic Hass avocado 84ct, 25 lb lug'] },
  { query: 'fresas orgánicas', first: ['Organic strawberries 8 x 1 lb'] },
  { query: 'FRESA organica', first: ['Organic strawberries 8 x 1 lb'] },
  { query: 'jalapeno', first: ['Jalapeño 1 1/9 bushel, 28 lb'] },
  { query: 'chile jalapeño', first: ['Jalapeño 1 1/9 bushel, 28 lb'] },
  { query: 'limon persa', first: ['Persian lime 150ct, 40 lb box'] },
  { query: 'lime', first: ['Persian lime 150ct, 40 lb box'] },
  { query: 'mangos ataulfo', first: ['Ataulfo mango 14ct, 10 lb box'] },
  { query: 'blueberies', first: ['Blueberries 12 x 6 oz clamshell'] },
  { query: 'arandanos', first: ['Blueberries 12 x 6 oz clamshell'] },
  { query: 'tomato roma', first: ['Roma tomato 25 lb box'] },
];

async function search(query: string, lang: 'en' | 'sp' = 'en', sort = 'newest') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/${lang}/catalog/articles?search=${encodeURIComponent(query)}&sort=${sort}&limit=100`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ articles: CatalogArticle[]; total: number }>(response);
}

describe(`catalogue search relevance (${TEST_ENGINE})`, () => {
  const idOfName = new Map<string, string>();
  const nameOfId = new Map<string, string>();
  let vendorOfArticles: Company;
  let subcategoryOfArticles = '';

  beforeAll(async () => {
    t = await createTestApp();
    const vendor = await newVendor(t, 'Huerta Búsqueda SPR de RL');
    // Only a grower that can be paid is listed.
    await verifyGrower(t, vendor.enterpriseId);
    vendorOfArticles = vendor;
    const { subcategoryIds } = await newCategory(t, {
      en: 'Produce',
      sp: 'Productos',
      subcategories: [{ en: 'All', sp: 'Todo' }],
    });
    const subcategoryId = subcategoryIds[0] ?? '';
    subcategoryOfArticles = subcategoryId;
    for (const article of ARTICLES) {
      const [nameSp, descriptionSp] = DEMO_ARTICLE_SPANISH[article.en] ?? ['', ''];
      const id = await newArticle(vendor, subcategoryId, {
        sName: article.spOnly ? '' : article.en,
        sDescription: article.spOnly ? '' : 'Packed to order.',
        sNameSp: article.enOnly ? null : nameSp,
        sDescriptionSp: article.enOnly ? null : descriptionSp,
        dPricePerBox: article.price,
      });
      idOfName.set(article.en, id);
      nameOfId.set(id, article.en);
      t.clock.advanceMinutes(1);
    }
  });

  afterAll(async () => {
    await t.close();
  });

  it.each(RELEVANCE)('"$query" finds $first first', async ({ query, first }) => {
    const { articles, total } = await search(query);
    expect(total).toBeGreaterThanOrEqual(first.length);
    const top = articles.slice(0, first.length).map((article) => nameOfId.get(article.sArticleId));
    expect(top.sort()).toEqual([...first].sort());
  });

  it('finds nothing for words in no article, and wants every word but short ones', async () => {
    const { articles, total } = await search('xylophone');
    expect(total).toBe(0);
    expect(articles).toEqual([]);
    expect((await search('avocado xylophone')).total).toBe(0);
    const organic = await search('organic avocado');
    expect(organic.articles.map((article) => nameOfId.get(article.sArticleId))).toEqual([
      'Organic Hass avocado 84ct, 25 lb lug',
    ]);
    // 'de' and 'x' only rank: 'fresas de 8 x 1' still finds both strawberries.
    expect((await search('fresas de 8 x 1')).total).toBe(2);
  });

  it('orders equally relevant articles by the sort the user picked', async () => {
    const cheap = await search('strawberry', 'en', 'price_asc');
    expect(cheap.articles.slice(0, 2).map((a) => a.dPricePerBox)).toEqual([21, 27]);
    const dear = await search('strawberry', 'en', 'price_desc');
    expect(dear.articles.slice(0, 2).map((a) => a.dPricePerBox)).toEqual([27, 21]);
    // Relevance still comes first: the organic avocado before the organic strawberries.
    const organic = await search('organic avocado', 'en', 'price_asc');
    expect(nameOfId.get(organic.articles[0]?.sArticleId ?? '')).toBe(
      'Organic Hass avocado 84ct, 25 lb lug',
    );
  });

  it('answers in the reader language, else in the language the grower gave', async () => {
    const sp = await search('fresas organicas', 'sp');
    expect(sp.articles[0]?.sName).toBe('Fresas orgánicas 8 x 1 lb');
    expect(sp.articles[0]?.sDescription).toBe('Orgánicas certificadas, variedad Festival.');
    const en = await search('organic strawberries', 'en');
    expect(en.articles[0]?.sName).toBe('Organic strawberries 8 x 1 lb');
    const spanishOnly = await search('limon', 'en');
    expect(spanishOnly.articles[0]?.sName).toBe('Limón persa 150 piezas, caja de 40 lb');
    const englishOnly = await search('roma', 'sp');
    expect(englishOnly.articles[0]?.sName).toBe('Roma tomato 25 lb box');
  });

  it('keeps the other filters and counts only what matches', async () => {
    const { total } = await search('hass');
    expect(total).toBe(3);
    const capped = await t.app.inject({
      method: 'GET',
      url: `/api/v1/en/catalog/articles?search=hass&maxPrice=43`,
    });
    const body = json<{ articles: CatalogArticle[]; total: number }>(capped);
    expect(body.total).toBe(1);
    expect(body.articles[0]?.sArticleId).toBe(idOfName.get('Hass avocado 60ct, 25 lb lug'));
  });

  it('keeps the Spanish texts when an edit leaves them out, clears them when sent empty', async () => {
    const id = idOfName.get('Ataulfo mango 14ct, 10 lb box') ?? '';
    const vendor = vendorOfArticles;
    const body = {
      sName: 'Ataulfo mango 14ct, 10 lb box',
      sDescription: 'Packed to order.',
      sSubcategoryId: subcategoryOfArticles,
      dPricePerBox: 8.25,
      iBoxesPerPallet: 10,
      iMinBoxes: 1,
      iStock: 10,
    };
    const kept = await vendor.call('PUT', `vendor/articles/${id}`, body);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json<{ article: { sNameSp: string | null } }>(kept).article.sNameSp).toBe(
      'Mango Ataulfo 14 piezas, caja de 10 lb',
    );
    expect((await search('mango miel')).articles[0]?.sArticleId).toBe(id);
    const cleared = await vendor.call('PUT', `vendor/articles/${id}`, { ...body, sNameSp: null });
    expect(json<{ article: { sNameSp: string | null } }>(cleared).article.sNameSp).toBeNull();
    expect((await search('Ataulfo', 'sp')).articles[0]?.sName).toBe(
      'Ataulfo mango 14ct, 10 lb box',
    );
  });

  it('refuses an article named in neither language, writing nothing', async () => {
    const vendor = await newVendor(t, 'Sin Nombre SA');
    const { subcategoryIds } = await newCategory(t, {
      en: 'Other',
      sp: 'Otro',
      subcategories: [{ en: 'X', sp: 'X' }],
    });
    const response = await vendor.call('POST', 'vendor/articles', {
      sName: ' ',
      sNameSp: '',
      sSubcategoryId: subcategoryIds[0],
      dPricePerBox: 10,
      iBoxesPerPallet: 10,
      iMinBoxes: 1,
      iStock: 10,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(json<{ field: string }>(response).field).toBe('sName');
    const rows = await t.db
      .selectFrom('articles')
      .select('id')
      .where('vendor_enterprise_id', '=', vendor.enterpriseId)
      .execute();
    expect(rows).toEqual([]);
  });
});
