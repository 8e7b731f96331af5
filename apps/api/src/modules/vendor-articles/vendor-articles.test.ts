import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  articleBody,
  expectError,
  newArticle,
  newBuyer,
  newCategory,
  newVendor,
  verifyGrower,
  pngBase64,
  rowCount,
  type Company,
} from '../../test/marketplace-fixtures.js';
import { jpegBytes, webpBytes } from '../../test/image-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { VendorArticleAnswer } from './vendor-articles.service.js';

let t: TestApp;
let vendor: Company;
let subcategoryIds: string[];

const JPEG = jpegBytes(64, 48).toString('base64');
const WEBP = webpBytes(64, 48).toString('base64');

describe(`vendor articles on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
    vendor = await newVendor(t);
    // Its articles are listed once it can be paid (a valid CLABE).
    await verifyGrower(t, vendor.enterpriseId);
    subcategoryIds = (
      await newCategory(t, {
        en: 'Citrus',
        sp: 'Cítricos',
        subcategories: [
          { en: 'Limes', sp: 'Limones' },
          { en: 'Oranges', sp: 'Naranjas' },
        ],
      })
    ).subcategoryIds;
  });
  afterEach(async () => t.close());

  const subcategory = () => subcategoryIds[0] ?? '';

  it('publishes, edits, deactivates and reactivates an article', async () => {
    const created = await vendor.call(
      'POST',
      'vendor/articles',
      articleBody(subcategory(), { sOrigin: 'Veracruz' }),
      { lang: 'sp' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const article = json<{ article: VendorArticleAnswer }>(created).article;
    expect(article).toMatchObject({
      sName: 'Persian lime 150ct, 40 lb box',
      sOrigin: 'Veracruz',
      sSubcategoryName: 'Limones',
      sCategoryName: 'Cítricos',
      dPricePerBox: 24.5,
      iBoxesPerPallet: 70,
      iMinBoxes: 10,
      iStock: 700,
      bActive: true,
      aImages: [],
    });

    const edited = await vendor.call(
      'PUT',
      `vendor/articles/${article.sArticleId}`,
      articleBody(subcategoryIds[1] ?? '', { dPricePerBox: '26.10', iStock: 0 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<{ article: VendorArticleAnswer }>(edited).article).toMatchObject({
      sSubcategoryName: 'Oranges',
      dPricePerBox: 26.1,
      iStock: 0,
    });

    const off = await vendor.call('PUT', `vendor/articles/${article.sArticleId}/deactivate`);
    expect(json<{ article: VendorArticleAnswer }>(off).article.bActive).toBe(false);
    expectError(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/en/catalog/articles/${article.sArticleId}`,
      }),
      404,
      'NOT_FOUND',
    );
    const inactiveList = json<{ articles: VendorArticleAnswer[]; total: number }>(
      await vendor.call('GET', 'vendor/articles?bActive=false'),
    );
    expect(inactiveList.total).toBe(1);
    const on = await vendor.call('PUT', `vendor/articles/${article.sArticleId}/activate`);
    expect(json<{ article: VendorArticleAnswer }>(on).article.bActive).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/en/catalog/articles/${article.sArticleId}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses bad input with the field and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sName: '  ' }, 'sName'],
      [{ dPricePerBox: 0 }, 'dPricePerBox'],
      [{ dPricePerBox: 10.005 }, 'dPricePerBox'],
      [{ dPricePerBox: -3 }, 'dPricePerBox'],
      [{ iBoxesPerPallet: 0 }, 'iBoxesPerPallet'],
      [{ iBoxesPerPallet: 70.5 }, 'iBoxesPerPallet'],
      [{ iMinBoxes: 0 }, 'iMinBoxes'],
      [{ iStock: -1 }, 'iStock'],
      [{ iStock: 1.5 }, 'iStock'],
      [{ sSubcategoryId: 'nope' }, 'sSubcategoryId'],
      [{ sSubcategoryId: '00000000-0000-4000-8000-000000000000' }, 'sSubcategoryId'],
    ];
    for (const [overrides, field] of cases) {
      const response = await vendor.call(
        'POST',
        'vendor/articles',
        articleBody(subcategory(), overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(json<{ field: string }>(response).field).toBe(field);
    }
    expect(await rowCount(t, 'articles')).toBe(0);
  });

  it('keeps vendors to their own articles and buyers out', async () => {
    const article = await newArticle(vendor, subcategory());
    const rival = await newVendor(t, 'Rival SA de CV');
    expectError(await rival.call('GET', `vendor/articles/${article}`), 404, 'NOT_FOUND');
    expectError(
      await rival.call(
        'PUT',
        `vendor/articles/${article}`,
        articleBody(subcategory(), { dPricePerBox: 1 }),
      ),
      404,
      'NOT_FOUND',
    );
    expectError(await rival.call('PUT', `vendor/articles/${article}/deactivate`), 404, 'NOT_FOUND');
    expectError(
      await rival.call('POST', `vendor/articles/${article}/images`, {
        sFileName: 'a.png',
        sContentBase64: pngBase64(),
      }),
      404,
      'NOT_FOUND',
    );
    expect(json<{ total: number }>(await rival.call('GET', 'vendor/articles')).total).toBe(0);

    const buyer = await newBuyer(t);
    expectError(await buyer.call('GET', 'vendor/articles'), 404, 'NOT_FOUND');
    // The buyer is refused before its (bad) body is even read.
    expectError(await buyer.call('POST', 'vendor/articles', { sName: '' }), 404, 'NOT_FOUND');
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/en/vendor/articles' }),
      403,
      'SESSION_EXPIRED',
    );

    const unchanged = json<{ article: VendorArticleAnswer }>(
      await vendor.call('GET', `vendor/articles/${article}`),
    );
    expect(unchanged.article).toMatchObject({ dPricePerBox: 24.5, bActive: true, aImages: [] });
  });

  it('stores up to ten photos, sniffing the type, and serves them publicly', async () => {
    const article = await newArticle(vendor, subcategory());
    const upload = (sContentBase64: string, sFileName = 'photo.png') =>
      vendor.call('POST', `vendor/articles/${article}/images`, { sFileName, sContentBase64 });

    const first = await upload(pngBase64());
    expect(first.statusCode, first.body).toBe(201);
    const image = json<{ image: { sImageId: string; sUrl: string } }>(first).image;
    expect(image.sUrl).toMatch(
      new RegExp(`^/api/v1/en/files/articles/${article}/${image.sImageId}\\.png$`),
    );
    const served = await t.app.inject({ method: 'GET', url: image.sUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.rawPayload.equals(Buffer.from(pngBase64(), 'base64'))).toBe(true);

    // The type comes from the bytes: a JPEG named .png is stored as a JPEG.
    const jpeg = json<{ image: { sUrl: string } }>(await upload(JPEG, 'photo.png')).image;
    expect(jpeg.sUrl).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: jpeg.sUrl })).headers['content-type']).toBe(
      'image/jpeg',
    );
    expect((await upload(`data:image/webp;base64,${WEBP}`)).statusCode).toBe(201);
    for (let index = 3; index < 10; index += 1)
      expect((await upload(pngBase64())).statusCode).toBe(201);

    expectError(await upload(pngBase64()), 409, 'INVALID_STATE', 'aImages');
    expect(await rowCount(t, 'article_images')).toBe(10);

    const removed = await vendor.call(
      'DELETE',
      `vendor/articles/${article}/images/${image.sImageId}`,
    );
    expect(removed.statusCode).toBe(204);
    expectError(await t.app.inject({ method: 'GET', url: image.sUrl }), 404, 'NOT_FOUND');
    expectError(
      await vendor.call('DELETE', `vendor/articles/${article}/images/${image.sImageId}`),
      404,
      'NOT_FOUND',
    );
    expect((await upload(pngBase64())).statusCode).toBe(201);

    const listed = json<{ article: VendorArticleAnswer }>(
      await vendor.call('GET', `vendor/articles/${article}`),
    );
    expect(listed.article.aImages).toHaveLength(10);
  });

  it('refuses files that are not images, not base64 or too large', async () => {
    const article = await newArticle(vendor, subcategory());
    const upload = (sContentBase64: string) =>
      vendor.call('POST', `vendor/articles/${article}/images`, {
        sFileName: 'x.png',
        sContentBase64,
      });
    expectError(
      await upload(Buffer.from('%PDF-1.7 not an image').toString('base64')),
      400,
      'INVALID_INPUT',
      'sContentBase64',
    );
    expectError(
      await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')),
      400,
      'INVALID_INPUT',
      'sContentBase64',
    );
    expectError(await upload('this is not base64!'), 400, 'INVALID_INPUT', 'sContentBase64');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from(pngBase64(), 'base64').copy(big);
    expectError(await upload(big.toString('base64')), 413, 'PAYLOAD_TOO_LARGE', 'sContentBase64');
    expectError(
      await vendor.call('POST', `vendor/articles/${article}/images`, {
        sContentBase64: pngBase64(),
      }),
      400,
      'INVALID_INPUT',
      'sFileName',
    );
    expect(await rowCount(t, 'article_images')).toBe(0);
  });
});
