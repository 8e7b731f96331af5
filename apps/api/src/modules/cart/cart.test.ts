import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectError,
  newArticle,
  newBuyer,
  newCategory,
  newVendor,
  rowCount,
  verifyGrower,
  type Company,
} from '../../test/marketplace-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { CartAnswer } from './cart.service.js';

let t: TestApp;
let vendor: Company;
let otherVendor: Company;
let buyer: Company;
let subcategoryId: string;

describe(`shopping cart on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
    vendor = await newVendor(t, 'Limones Colima SPR');
    otherVendor = await newVendor(t, 'Berries del Bajío SA de CV');
    await verifyGrower(t, vendor.enterpriseId);
    await verifyGrower(t, otherVendor.enterpriseId);
    buyer = await newBuyer(t);
    const category = await newCategory(t, {
      en: 'Citrus',
      sp: 'Cítricos',
      subcategories: [{ en: 'Limes', sp: 'Limones' }],
    });
    subcategoryId = category.subcategoryIds[0] ?? '';
  });
  afterEach(async () => t.close());

  const cart = async (who = buyer, lang: 'en' | 'sp' = 'en') =>
    json<CartAnswer>(await who.call('GET', 'shopping-cart', undefined, { lang }));

  it('keeps one cart per vendor with pallets and totals', async () => {
    const limes = await newArticle(vendor, subcategoryId, {
      dPricePerBox: 24.5,
      iBoxesPerPallet: 70,
    });
    const keyLimes = await newArticle(vendor, subcategoryId, {
      sName: 'Key lime 10 lb',
      dPricePerBox: 14.6,
      iBoxesPerPallet: 180,
      iMinBoxes: 40,
    });
    const berries = await newArticle(otherVendor, subcategoryId, { dPricePerBox: 27.5 });

    const added = await buyer.call('POST', 'shopping-cart/items', {
      sProductId: limes,
      dQuantity: 70,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(
      (await buyer.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 35 }))
        .statusCode,
    ).toBe(201);
    await buyer.call('POST', 'shopping-cart/items', { sProductId: keyLimes, dQuantity: 90 });
    await buyer.call('POST', 'shopping-cart/items', { sProductId: berries, dQuantity: 10 });

    const answer = await cart();
    expect(answer.bChanged).toBe(false);
    expect(answer.sMessage).toBeNull();
    expect(answer.results).toHaveLength(2);
    const limesCart = answer.results.find((entry) => entry.sProviderId === vendor.enterpriseId);
    expect(limesCart).toMatchObject({
      sProviderName: 'Limones Colima SPR',
      dTotal: 105 * 24.5 + 90 * 14.6,
      dPallets: 2,
      bChanged: false,
    });
    expect(limesCart?.aProducts).toEqual([
      expect.objectContaining({ sProductId: keyLimes, dQuantity: 90, dPallets: 0.5, dTotal: 1314 }),
      expect.objectContaining({
        sProductId: limes,
        dQuantity: 105,
        dPallets: 1.5,
        dTotal: 2572.5,
        dPricePerBox: 24.5,
        sChange: null,
      }),
    ]);
  });

  it('enforces the minimum purchase and the stock, in whole boxes', async () => {
    const limes = await newArticle(vendor, subcategoryId, { iMinBoxes: 10, iStock: 100 });
    const underMinimum = await buyer.call('POST', 'shopping-cart/items', {
      sProductId: limes,
      dQuantity: 9,
    });
    expectError(underMinimum, 409, 'UNDER_MINIMUM', 'dQuantity');
    expect(json<{ message: string }>(underMinimum).message).toBe(
      'The minimum order for this article is 10 boxes; order at least 10.',
    );
    const overStock = await buyer.call(
      'POST',
      'shopping-cart/items',
      { sProductId: limes, dQuantity: 101 },
      { lang: 'sp' },
    );
    expectError(overStock, 409, 'OVER_STOCK', 'dQuantity');
    expect(json<{ message: string }>(overStock).message).toBe(
      'Solo hay 100 cajas disponibles; baja la cantidad.',
    );
    expectError(
      await buyer.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 10.5 }),
      400,
      'INVALID_INPUT',
      'dQuantity',
    );
    expectError(
      await buyer.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: '12' }),
      400,
      'INVALID_INPUT',
      'dQuantity',
    );
    expectError(
      await buyer.call('POST', 'shopping-cart/items', { sProductId: 'not-a-uuid', dQuantity: 12 }),
      404,
      'NOT_FOUND',
      'sProductId',
    );
    expect(await rowCount(t, 'cart_items')).toBe(0);

    expect(
      (await buyer.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 60 }))
        .statusCode,
    ).toBe(201);
    // Adding to the line may not pass the stock either; the answer says what is left.
    const pastStock = await buyer.call('POST', 'shopping-cart/items', {
      sProductId: limes,
      dQuantity: 41,
    });
    expectError(pastStock, 409, 'OVER_STOCK', 'dQuantity');
    expect(json<{ message: string }>(pastStock).message).toBe(
      'You already have 60 boxes in your cart; 40 more are available.',
    );
    const pastStockSp = await buyer.call(
      'POST',
      'shopping-cart/items',
      { sProductId: limes, dQuantity: 41 },
      { lang: 'sp' },
    );
    expect(json<{ message: string }>(pastStockSp).message).toBe(
      'Ya tienes 60 cajas en tu carrito; hay 40 más disponibles.',
    );
    expectError(
      await buyer.call('PUT', `shopping-cart/items/${limes}`, { dQuantity: 5 }),
      409,
      'UNDER_MINIMUM',
      'dQuantity',
    );
    expectError(
      await buyer.call('PUT', `shopping-cart/items/${limes}`, { dQuantity: 0 }),
      400,
      'INVALID_INPUT',
      'dQuantity',
    );
    expect((await cart()).results[0]?.aProducts[0]?.dQuantity).toBe(60);
    const updated = await buyer.call('PUT', `shopping-cart/items/${limes}`, { dQuantity: 100 });
    expect(updated.statusCode).toBe(200);
    expect(json<CartAnswer>(updated).results[0]?.aProducts[0]?.dQuantity).toBe(100);
  });

  it('refuses inactive articles and leaves vendors and non-managers out', async () => {
    const limes = await newArticle(vendor, subcategoryId);
    await vendor.call('PUT', `vendor/articles/${limes}/deactivate`);
    expectError(
      await buyer.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 10 }),
      404,
      'NOT_FOUND',
      'sProductId',
    );
    await vendor.call('PUT', `vendor/articles/${limes}/activate`);
    // A vendor company does not buy (not even its own articles): the cart does not exist for it.
    expectError(
      await vendor.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 10 }),
      404,
      'NOT_FOUND',
    );
    expectError(await vendor.call('GET', 'shopping-cart'), 404, 'NOT_FOUND');

    const invite = await buyer.call('POST', 'profile/users', {
      sName: 'Sam',
      sLastName: 'Clerk',
      sEmail: `clerk.${Date.now()}@example.test`,
      isManager: false,
      sTeamRole: 'VIEWER',
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const clerkId = json<{ user: { sUserId: string } }>(invite).user.sUserId;
    await t.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.db
            .selectFrom('users')
            .select('password_hash')
            .where('id', '=', buyer.userId)
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('id', '=', clerkId)
      .execute();
    const email = (
      await t.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', clerkId)
        .executeTakeFirstOrThrow()
    ).email;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      payload: { sEmail: email, sPassword: 'Str0ng-pass!' },
    });
    const clerkToken = json<{ token: string }>(login).token;
    const asClerk = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({
        method,
        url: `/api/v1/en/${url}`,
        headers: { authorization: `Bearer ${clerkToken}` },
        ...(payload ? { payload } : {}),
      });
    expect((await asClerk('GET', 'shopping-cart')).statusCode).toBe(200);
    expectError(
      await asClerk('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 10 }),
      409,
      'ROLE_REQUIRED',
    );
    expect(await rowCount(t, 'cart_items')).toBe(0);
  });

  it('flags a line whose price or stock changed until the buyer acknowledges it', async () => {
    const limes = await newArticle(vendor, subcategoryId, { dPricePerBox: 24.5, iStock: 700 });
    const mangoes = await newArticle(vendor, subcategoryId, {
      sName: 'Mango',
      dPricePerBox: 8.25,
      iStock: 500,
    });
    const berries = await newArticle(otherVendor, subcategoryId, { dPricePerBox: 27.5 });
    for (const id of [limes, mangoes, berries]) {
      await buyer.call('POST', 'shopping-cart/items', { sProductId: id, dQuantity: 20 });
    }
    const edit = (id: string, overrides: Record<string, unknown>) =>
      vendor.call('PUT', `vendor/articles/${id}`, {
        sName: 'Edited',
        sSubcategoryId: subcategoryId,
        dPricePerBox: 24.5,
        iBoxesPerPallet: 70,
        iMinBoxes: 10,
        iStock: 700,
        ...overrides,
      });
    expect((await edit(limes, { dPricePerBox: 26 })).statusCode).toBe(200);
    expect((await edit(mangoes, { dPricePerBox: 8.25, iStock: 450 })).statusCode).toBe(200);

    const changed = await cart();
    expect(changed.bChanged).toBe(true);
    expect(changed.sMessage).toBe('An item in your cart changed; please review your cart');
    expect((await cart(buyer, 'sp')).sMessage).toMatch(/carrito cambió/);
    const limesCart = changed.results.find((entry) => entry.sProviderId === vendor.enterpriseId);
    expect(limesCart?.bChanged).toBe(true);
    expect(
      limesCart?.aProducts.map((line) => [line.sProductId, line.sChange, line.dPricePerBox]),
    ).toEqual(
      expect.arrayContaining([
        [limes, 'PRICE', 26],
        [mangoes, 'STOCK', 8.25],
      ]),
    );
    expect(
      changed.results.find((entry) => entry.sProviderId === otherVendor.enterpriseId)?.bChanged,
    ).toBe(false);

    // Setting the quantity acknowledges what the buyer now sees.
    await buyer.call('PUT', `shopping-cart/items/${limes}`, { dQuantity: 20 });
    await buyer.call('PUT', `shopping-cart/items/${mangoes}`, { dQuantity: 25 });
    expect((await cart()).bChanged).toBe(false);

    await vendor.call('PUT', `vendor/articles/${limes}/deactivate`);
    const unavailable = await cart();
    const unavailableLimes = unavailable.results
      .flatMap((entry) => entry.aProducts)
      .find((line) => line.sProductId === limes);
    expect(unavailableLimes?.sChange).toBe('UNAVAILABLE');
    expect(unavailable.bChanged).toBe(true);
    expectError(
      await buyer.call('PUT', `shopping-cart/items/${limes}`, { dQuantity: 20 }),
      409,
      'INVALID_STATE',
      'sProductId',
    );
    const removed = await buyer.call('DELETE', `shopping-cart/items/${limes}`);
    expect(removed.statusCode).toBe(200);
    expect(json<CartAnswer>(removed).bChanged).toBe(false);
    expectError(await buyer.call('DELETE', `shopping-cart/items/${limes}`), 404, 'NOT_FOUND');
  });

  it("answers the specification's PUT and PATCH calls for the caller only", async () => {
    const limes = await newArticle(vendor, subcategoryId);
    const berries = await newArticle(otherVendor, subcategoryId);
    await buyer.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 10 });
    await buyer.call('POST', 'shopping-cart/items', { sProductId: berries, dQuantity: 10 });

    const listed = await buyer.call('PUT', `customers/${buyer.userId}/shopping-cart`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      json<CartAnswer>(listed)
        .results.map((entry) => entry.sProviderId)
        .sort(),
    ).toEqual([vendor.enterpriseId, otherVendor.enterpriseId].sort());

    const stranger = await newBuyer(t);
    expectError(
      await buyer.call('PUT', `customers/${stranger.userId}/shopping-cart`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await stranger.call('PATCH', `customers/${buyer.userId}/shopping-cart`, {
        sVendorId: vendor.enterpriseId,
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await buyer.call('PATCH', `customers/${buyer.userId}/shopping-cart`, {}),
      400,
      'INVALID_INPUT',
      'sVendorId',
    );
    expect(await rowCount(t, 'cart_items')).toBe(2);

    const removed = await buyer.call('PATCH', `customers/${buyer.userId}/shopping-cart`, {
      sVendorId: vendor.enterpriseId,
    });
    expect(removed.statusCode).toBe(204);
    expect((await cart()).results.map((entry) => entry.sProviderId)).toEqual([
      otherVendor.enterpriseId,
    ]);
    // Another buyer's cart is untouched by anything above and invisible to this buyer.
    expect((await cart(stranger)).results).toEqual([]);
  });

  it('gives checkout the lines of one vendor and clears them', async () => {
    const limes = await newArticle(vendor, subcategoryId, {
      dPricePerBox: 24.5,
      iStock: 700,
      iMinBoxes: 10,
    });
    const berries = await newArticle(otherVendor, subcategoryId);
    await buyer.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 70 });
    await buyer.call('POST', 'shopping-cart/items', { sProductId: berries, dQuantity: 10 });
    const service = t.app.marketplace.cart;
    const lines = await t.db
      .transaction()
      .execute((trx) =>
        service.vendorCart(trx, buyer.enterpriseId, vendor.enterpriseId, { forUpdate: true }),
      );
    expect(lines).toEqual([
      expect.objectContaining({
        articleId: limes,
        quantityBoxes: 70,
        boxesPerPallet: 70,
        pricePerBoxCents: 2450n,
        stockBoxes: 700,
        minBoxes: 10,
        active: true,
      }),
    ]);
    expect(await service.vendorCart(t.db, buyer.enterpriseId, 'nope')).toEqual([]);
    await t.db
      .transaction()
      .execute((trx) => service.clearVendorCart(trx, buyer.enterpriseId, vendor.enterpriseId));
    expect((await cart()).results.map((entry) => entry.sProviderId)).toEqual([
      otherVendor.enterpriseId,
    ]);
  });

  it('sums concurrent adds of the same article', async () => {
    const limes = await newArticle(vendor, subcategoryId, { iMinBoxes: 10, iStock: 700 });
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        buyer.call('POST', 'shopping-cart/items', { sProductId: limes, dQuantity: 10 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect((await cart()).results[0]?.aProducts[0]?.dQuantity).toBe(30);
  });

  it('is not reachable without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/en/shopping-cart' });
    expectError(response, 403, 'SESSION_EXPIRED');
  });
});
