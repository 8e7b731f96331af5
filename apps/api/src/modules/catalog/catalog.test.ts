import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectError,
  newArticle,
  newBuyer,
  newCategory,
  newVendor,
  verifyGrower,
  pngBase64,
  type Company,
} from '../../test/marketplace-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { CatalogArticle } from './catalog.service.js';

let t: TestApp;

function get(path: string, lang: 'en' | 'sp' = 'en') {
  return t.app.inject({ method: 'GET', url: `/api/v1/${lang}/${path}` });
}

async function search(query: string) {
  const response = await get(`catalog/articles?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ articles: CatalogArticle[]; total: number; page: number; limit: number }>(response);
}

/** A rating needs an order; written directly (orders are the checkout's). */
async function rate(vendorId: string, buyer: Company, stars: number) {
  const warehouseId = randomUUID();
  await t.db
    .insertInto('warehouses')
    .values({
      id: warehouseId,
      enterprise_id: buyer.enterpriseId,
      name: 'W',
      address: 'A',
      country: 'US',
      state: 'TX',
      city: 'McAllen',
      postal_code: '78503',
      phone: '1',
      email: 'w@example.test',
      manager: 'M',
      latitude: null,
      longitude: null,
      comments: null,
      created_at: t.clock.now(),
      deleted_at: null,
    })
    .execute();
  const orderId = randomUUID();
  await t.db
    .insertInto('orders')
    .values({
      id: orderId,
      buyer_enterprise_id: buyer.enterpriseId,
      vendor_enterprise_id: vendorId,
      warehouse_id: warehouseId,
      status: 'DELIVERED',
      payment_method: 'PAY_NOW',
      payment_id: null,
      conversion_id: null,
      subtotal_cents: 100n,
      total_cents: 100n,
      final_total_cents: null,
      pallets: 1,
      transports: 1,
      created_at: t.clock.now(),
      delivered_at: null,
      finished_at: null,
    })
    .execute();
  await t.db
    .insertInto('ratings')
    .values({
      order_id: orderId,
      buyer_enterprise_id: buyer.enterpriseId,
      vendor_enterprise_id: vendorId,
      stars,
      comment: null,
      created_at: t.clock.now(),
    })
    .execute();
}

describe(`public catalogue on ${TEST_ENGINE}`, () => {
  let limesVendor: Company;
  let berryVendor: Company;
  let citrus: { categoryId: string; subcategoryIds: string[] };
  let berries: { categoryId: string; subcategoryIds: string[] };
  const ids: Record<string, string> = {};

  beforeEach(async () => {
    t = await createTestApp();
    limesVendor = await newVendor(t, 'Limones Colima SPR');
    berryVendor = await newVendor(t, 'Berries del Bajío SA de CV');
    // Growers are listed once they can be paid (a valid CLABE).
    await verifyGrower(t, limesVendor.enterpriseId);
    await verifyGrower(t, berryVendor.enterpriseId);
    citrus = await newCategory(t, {
      en: 'Citrus',
      sp: 'Cítricos',
      subcategories: [
        { en: 'Limes', sp: 'Limones' },
        { en: 'Oranges', sp: 'Naranjas' },
      ],
    });
    berries = await newCategory(t, {
      en: 'Berries',
      sp: 'Berries',
      subcategories: [{ en: 'Strawberries', sp: 'Fresas' }],
    });
    const [limes, oranges] = citrus.subcategoryIds as [string, string];
    const [strawberries] = berries.subcategoryIds as [string];
    // Created one minute apart, so "newest" has a defined order.
    const specs: Array<[string, Company, string, Record<string, unknown>]> = [
      ['lime150', limesVendor, limes, { sName: 'Persian lime 150ct', dPricePerBox: 24 }],
      ['lime200', limesVendor, limes, { sName: 'persian lime 200ct', dPricePerBox: 20.75 }],
      [
        'valencia',
        limesVendor,
        oranges,
        { sName: 'Valencia orange 88ct', dPricePerBox: 17.4, sDescription: 'Juice grade 100%' },
      ],
      [
        'straw',
        berryVendor,
        strawberries,
        { sName: 'Strawberries 8 x 1 lb', dPricePerBox: 16.8, sDescription: 'Fresh' },
      ],
      [
        'organic',
        berryVendor,
        strawberries,
        { sName: 'Organic strawberries', dPricePerBox: 22.4, sDescription: 'Fresh' },
      ],
      ['hidden', berryVendor, strawberries, { sName: 'Old strawberries', dPricePerBox: 1 }],
    ];
    for (const [key, vendor, subcategoryId, overrides] of specs) {
      t.clock.advanceMinutes(1);
      ids[key] = await newArticle(vendor, subcategoryId, overrides);
    }
    await berryVendor.call('PUT', `vendor/articles/${ids.hidden}/deactivate`);
  });
  afterEach(async () => t.close());

  const names = (answer: { articles: CatalogArticle[] }) => answer.articles.map((a) => a.sName);

  it('lists categories and subcategories in the language of the path', async () => {
    const english = json<{
      categories: Array<{ sCategoryId: string; sName: string; iSubcategories: number }>;
    }>(await get('catalog/categories'));
    // Same position: by name.
    expect(english.categories).toEqual([
      expect.objectContaining({
        sCategoryId: berries.categoryId,
        sName: 'Berries',
        iSubcategories: 1,
      }),
      expect.objectContaining({
        sCategoryId: citrus.categoryId,
        sName: 'Citrus',
        iSubcategories: 2,
      }),
    ]);
    const spanish = json<{ categories: Array<{ sName: string }> }>(
      await get('catalog/categories', 'sp'),
    );
    expect(spanish.categories[1]?.sName).toBe('Cítricos');

    const subs = json<{
      category: { sName: string };
      subcategories: Array<{ sName: string; iArticles: number }>;
    }>(await get(`catalog/categories/${citrus.categoryId}/subcategories`, 'sp'));
    expect(subs.category.sName).toBe('Cítricos');
    expect(subs.subcategories.map((s) => [s.sName, s.iArticles])).toEqual([
      ['Limones', 2],
      ['Naranjas', 1],
    ]);
    const strawberries = json<{ subcategories: Array<{ iArticles: number }> }>(
      await get(`catalog/categories/${berries.categoryId}/subcategories`),
    );
    expect(strawberries.subcategories[0]?.iArticles).toBe(2);
    expectError(await get(`catalog/categories/${randomUUID()}/subcategories`), 404, 'NOT_FOUND');
    expectError(await get('catalog/categories/nope/subcategories'), 404, 'NOT_FOUND');
  });

  it('searches, filters, sorts and pages active articles', async () => {
    const all = await search('');
    expect(all.total).toBe(5);
    expect(names(all)).toEqual([
      'Organic strawberries',
      'Strawberries 8 x 1 lb',
      'Valencia orange 88ct',
      'persian lime 200ct',
      'Persian lime 150ct',
    ]);
    expect(all.articles[0]).toMatchObject({
      sVendorId: berryVendor.enterpriseId,
      sVendorName: 'Berries del Bajío SA de CV',
      dPricePerBox: 22.4,
      sPriceBasis: 'FOB McAllen',
      iBoxesPerPallet: 70,
      iMinBoxes: 10,
      iStock: 700,
      aImages: [],
      dVendorRating: null,
      iVendorRatings: 0,
    });

    expect(names(await search('sort=price_asc'))).toEqual([
      'Strawberries 8 x 1 lb',
      'Valencia orange 88ct',
      'persian lime 200ct',
      'Organic strawberries',
      'Persian lime 150ct',
    ]);
    expect(names(await search('sort=price_desc'))[0]).toBe('Persian lime 150ct');
    expect(names(await search('sort=name'))).toEqual([
      'Organic strawberries',
      'Persian lime 150ct',
      'persian lime 200ct',
      'Strawberries 8 x 1 lb',
      'Valencia orange 88ct',
    ]);

    expect(names(await search('search=LIME&sort=name'))).toEqual([
      'Persian lime 150ct',
      'persian lime 200ct',
    ]);
    expect(names(await search('search=100%25'))).toEqual(['Valencia orange 88ct']);
    expect((await search('search=_')).total).toBe(0);
    expect((await search('search=bajío')).total).toBe(2);
    expect(names(await search(`sSubcategoryId=${citrus.subcategoryIds[1]}`))).toEqual([
      'Valencia orange 88ct',
    ]);
    expect((await search(`sCategoryId=${citrus.categoryId}`)).total).toBe(3);
    expect((await search(`sVendorId=${berryVendor.enterpriseId}`)).total).toBe(2);
    expect(names(await search('minPrice=17.40&maxPrice=22&sort=price_asc'))).toEqual([
      'Valencia orange 88ct',
      'persian lime 200ct',
    ]);
    expect((await search('sVendorId=not-a-uuid')).total).toBe(0);

    const page1 = await search('sort=name&limit=2&page=1');
    const page3 = await search('sort=name&limit=2&page=3');
    expect(page1).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(names(page1)).toEqual(['Organic strawberries', 'Persian lime 150ct']);
    expect(names(page3)).toEqual(['Valencia orange 88ct']);

    expectError(await get('catalog/articles?limit=101'), 400, 'INVALID_INPUT', 'limit');
    expectError(await get('catalog/articles?page=0'), 400, 'INVALID_INPUT', 'page');
    expectError(await get('catalog/articles?sort=cheapest'), 400, 'INVALID_INPUT', 'sort');
    expectError(await get('catalog/articles?minPrice=abc'), 400, 'INVALID_INPUT', 'minPrice');
    expectError(
      await get('catalog/articles?minPrice=30&maxPrice=20'),
      400,
      'INVALID_INPUT',
      'maxPrice',
    );
  });

  it('shows an article and a vendor storefront with the rating', async () => {
    await limesVendor.call('POST', `vendor/articles/${ids.lime150}/images`, {
      sFileName: 'lime.png',
      sContentBase64: pngBase64(),
    });
    const buyer = await newBuyer(t);
    await rate(limesVendor.enterpriseId, buyer, 5);
    await rate(limesVendor.enterpriseId, buyer, 4);
    await rate(limesVendor.enterpriseId, buyer, 4);

    const detail = await get(`catalog/articles/${ids.lime150}`, 'sp');
    expect(detail.statusCode, detail.body).toBe(200);
    const article = json<{ article: Record<string, unknown> }>(detail).article;
    expect(article).toMatchObject({
      sName: 'Persian lime 150ct',
      dPricePerBox: 24,
      sPriceBasis: 'FOB McAllen',
      iBoxesPerPallet: 70,
      iMinBoxes: 10,
      iStock: 700,
      category: { sCategoryId: citrus.categoryId, sName: 'Cítricos' },
      subcategory: { sSubcategoryId: citrus.subcategoryIds[0], sName: 'Limones' },
      vendor: {
        sVendorId: limesVendor.enterpriseId,
        sName: 'Limones Colima SPR',
        dRating: 4.33,
        iRatings: 3,
      },
    });
    const [imageUrl] = article.aImages as string[];
    expect(imageUrl).toMatch(/^\/api\/v1\/en\/files\/articles\//);
    const image = await t.app.inject({ method: 'GET', url: imageUrl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    expect((await search(`sVendorId=${limesVendor.enterpriseId}`)).articles[0]).toMatchObject({
      dVendorRating: 4.33,
      iVendorRatings: 3,
    });
    expectError(await get(`catalog/articles/${ids.hidden}`), 404, 'NOT_FOUND');
    expectError(await get('catalog/articles/123'), 404, 'NOT_FOUND');

    const vendors = json<{
      vendors: Array<{
        sVendorId: string;
        sName: string;
        iArticles: number;
        dRating: number | null;
      }>;
      total: number;
    }>(await get('catalog/vendors?limit=10'));
    expect(vendors.total).toBe(2);
    expect(vendors.vendors.map((v) => [v.sName, v.iArticles, v.dRating])).toEqual([
      ['Berries del Bajío SA de CV', 2, null],
      ['Limones Colima SPR', 3, 4.33],
    ]);

    const storefront = json<{ vendor: Record<string, unknown>; articles: CatalogArticle[] }>(
      await get(`catalog/vendors/${limesVendor.enterpriseId}`),
    );
    expect(storefront.vendor).toMatchObject({
      sName: 'Limones Colima SPR',
      bVerified: true,
      iRatings: 3,
      iArticles: 3,
    });
    expect(storefront.articles).toHaveLength(3);
    expectError(await get(`catalog/vendors/${buyer.enterpriseId}`), 404, 'NOT_FOUND');
    expectError(await get('catalog/vendors/x'), 404, 'NOT_FOUND');
  });

  it('serves only article photos from the files route', async () => {
    expectError(await get('files/../../etc/passwd'), 404, 'NOT_FOUND');
    expectError(await get('files/disputes/a/b.png'), 404, 'NOT_FOUND');
    expectError(await get(`files/articles/${randomUUID()}/${randomUUID()}.png`), 404, 'NOT_FOUND');
    expectError(await get('files/'), 404, 'NOT_FOUND');
  });
});

describe(`demo marketplace on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp({ DEMO_DATA: 'true' });
  });
  afterEach(async () => t.close());

  it('has a catalogue, two vendors, bank data and a warehouse', async () => {
    const categories = json<{ categories: Array<{ sCategoryId: string; iSubcategories: number }> }>(
      await get('catalog/categories'),
    );
    expect(categories.categories.length).toBeGreaterThanOrEqual(3);
    expect(
      categories.categories.reduce((sum, c) => sum + c.iSubcategories, 0),
    ).toBeGreaterThanOrEqual(8);

    const vendors = json<{
      vendors: Array<{ sVendorId: string; sName: string; iArticles: number }>;
    }>(await get('catalog/vendors'));
    const main = vendors.vendors.find((v) => v.sName === 'Agrícola Demo SPR de RL');
    const berries = vendors.vendors.find((v) => v.sName === 'Berries del Bajío SA de CV');
    expect(main?.iArticles).toBeGreaterThanOrEqual(30);
    expect(berries?.iArticles).toBeGreaterThanOrEqual(3);

    const catalogue = await search(`sVendorId=${main?.sVendorId}&limit=100`);
    expect(catalogue.articles.every((article) => article.aImages.length >= 1)).toBe(true);
    const image = await t.app.inject({
      method: 'GET',
      url: catalogue.articles[0]?.aImages[0] ?? '',
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const limes = catalogue.articles.filter((article) => article.sName.startsWith('Persian lime'));
    expect(limes.every((article) => article.iBoxesPerPallet === 70)).toBe(true);

    const login = async (email: string) =>
      json<{ token: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/en/auth/login',
          payload: { sEmail: email, sPassword: 'Demo1234!' },
        }),
      ).token;
    const vendorToken = await login('vendor@demo.test');
    const bank = await t.app.inject({
      method: 'GET',
      url: '/api/v1/en/profile/bank',
      headers: { authorization: `Bearer ${vendorToken}` },
    });
    expect(json<{ bank: { clabe: string } }>(bank).bank.clabe).toMatch(/^\d{18}$/);
    const buyerToken = await login('demo@demo.test');
    const warehouses = await t.app.inject({
      method: 'GET',
      url: '/api/v1/en/warehouses',
      headers: { authorization: `Bearer ${buyerToken}` },
    });
    expect(json<{ total: number }>(warehouses).total).toBeGreaterThanOrEqual(1);
    await login('vendor2@demo.test');
  });
});
