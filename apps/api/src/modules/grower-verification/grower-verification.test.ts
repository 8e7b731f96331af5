import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiOrder } from '../orders/order.view.js';
import { expectLedgerSound, fundUsd, moneyTableCounts } from '../../test/finance-fixtures.js';
import { expectError } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkout,
  checkoutBody,
  newGrower,
  newOperator,
  newOrderBuyer,
  placedOrder,
  putInCart,
  tableCount,
  VENDOR_CLABE,
  type ArticleSpec,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { Customer } from '../../test/finance-fixtures.js';
import type { CartAnswer } from '../cart/cart.service.js';

let t: TestApp;

const GUAVA: ArticleSpec = {
  name: 'Pink guava from Calvillo, 10 kg box',
  price: '21.00',
  boxesPerPallet: 100,
  minBoxes: 10,
  stock: 1600,
};

const REASON = 'PACA licence 20241187 and RFC checked against the registries; CLABE registered.';

async function search(who: Customer, text: string): Promise<string[]> {
  const response = await who.call('GET', `catalog/articles?search=${encodeURIComponent(text)}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ articles: Array<{ sArticleId: string }> }>(response).articles.map(
    (article) => article.sArticleId,
  );
}

async function vendorIdsListed(who: Customer): Promise<string[]> {
  const response = await who.call('GET', 'catalog/vendors');
  expect(response.statusCode, response.body).toBe(200);
  return json<{ vendors: Array<{ sVendorId: string }> }>(response).vendors.map(
    (vendor) => vendor.sVendorId,
  );
}

async function verificationRow(enterpriseId: string) {
  return t.db
    .selectFrom('enterprises')
    .select(['verified', 'verification_reason', 'verification_changed_at'])
    .where('id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
}

async function auditEntriesOf(enterpriseId: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'entity', 'before', 'after', 'outcome', 'status'])
    .where('entity', 'like', `%${enterpriseId}%`)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

describe(`verified to sell on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('hides an unverified grower from buyers and refuses its articles in the cart and at checkout', async () => {
    const { vendor, articleIds } = await newGrower(t, [GUAVA], { verified: false });
    const articleId = articleIds[0]!;
    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '50000.00' });

    // Not in search, not by id, not among the growers, not counted in its subcategory.
    expect(await search(buyer, 'guava')).toEqual([]);
    expectError(await buyer.call('GET', `catalog/articles/${articleId}`), 404, 'NOT_FOUND');
    expect(await vendorIdsListed(buyer)).not.toContain(vendor.enterpriseId);
    const storefront = await buyer.call('GET', `catalog/vendors/${vendor.enterpriseId}`);
    expect(json(storefront)).toMatchObject({ vendor: { bListed: false }, articles: [] });
    // The grower previews its own storefront with the article, marked as not listed.
    const own = await vendor.call('GET', `catalog/vendors/${vendor.enterpriseId}`);
    expect(json<{ vendor: { bListed: boolean }; articles: unknown[] }>(own)).toMatchObject({
      vendor: { bListed: false },
      articles: [{ sArticleId: articleId }],
    });

    // The cart refuses it with the reason, in both languages; nothing is written.
    const add = { sProductId: articleId, dQuantity: 20 };
    const refused = await buyer.call('POST', 'shopping-cart/items', add);
    expectError(refused, 409, 'GROWER_NOT_VERIFIED', 'sProductId');
    expect(json<{ message: string }>(refused).message).toContain('not verified');
    const refusedSp = await buyer.call('POST', 'shopping-cart/items', add, { lang: 'sp' });
    expect(json<{ message: string }>(refusedSp).message).toContain('no está verificado');
    expect(await tableCount(t, 'cart_items')).toBe(0);

    // A line already in the cart (put there before) is marked and cannot be bought.
    await putInCart(t, buyer, articleId, 20);
    const cart = json<CartAnswer>(await buyer.call('GET', 'shopping-cart'));
    expect(cart.results[0]?.aProducts[0]?.sChange).toBe('NOT_VERIFIED');
    expect(cart.bChanged).toBe(true);
    expectError(
      await buyer.call('PUT', `shopping-cart/items/${articleId}`, { dQuantity: 30 }),
      409,
      'GROWER_NOT_VERIFIED',
    );
    const before = await moneyTableCounts(t);
    const body = await checkoutBody(t, buyer, vendor, warehouseId);
    expectError(
      await buyer.call('POST', 'orders/checkout/preview', body),
      409,
      'GROWER_NOT_VERIFIED',
      'sVendorId',
    );
    expectError(await checkout(buyer, body), 409, 'GROWER_NOT_VERIFIED', 'sVendorId');
    expect(await tableCount(t, 'orders')).toBe(0);
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('tells the grower what is missing; the operator verifies only with every prerequisite, with a reason, audited', async () => {
    const { vendor, articleIds } = await newGrower(t, [GUAVA], {
      verified: false,
      clabe: null,
      taxId: null,
    });
    await t.db
      .updateTable('enterprises')
      .set({ paca_license: null })
      .where('id', '=', vendor.enterpriseId)
      .execute();
    const operator = await newOperator(t);
    const { buyer } = await newOrderBuyer(t);
    const path = `ops/enterprises/${vendor.enterpriseId}/verified`;

    const own = async () =>
      json<{ bVerified: boolean; bListed: boolean; aMissing: string[]; sReason: string | null }>(
        await vendor.call('GET', 'vendor/verification'),
      );
    expect(await own()).toEqual({
      bVerified: false,
      bListed: false,
      aMissing: ['PACA_LICENSE', 'TAX_ID', 'CLABE'],
      sReason: null,
      changed_at: null,
    });
    // Only a grower reads its own verification.
    expectError(await buyer.call('GET', 'vendor/verification'), 404, 'NOT_FOUND');

    // Missing prerequisites: refused, each named, in both languages; nothing written.
    const missing = await operator.call('POST', path, { bVerified: true, sReason: REASON });
    expectError(missing, 409, 'VERIFICATION_INCOMPLETE', 'sPacaLicense');
    expect(json<{ message: string }>(missing).message).toBe(
      'This grower cannot be verified yet: its PACA licence, tax id (RFC), and bank data (CLABE) are missing.',
    );
    await t.db
      .updateTable('enterprises')
      .set({ paca_license: '20241187', tax_id: 'HRE120315AB1' })
      .where('id', '=', vendor.enterpriseId)
      .execute();
    expect((await own()).aMissing).toEqual(['CLABE']);
    const missingSp = await operator.call(
      'POST',
      path,
      { bVerified: true, sReason: REASON },
      { lang: 'sp' },
    );
    expectError(missingSp, 409, 'VERIFICATION_INCOMPLETE', 'clabe');
    expect(json<{ message: string }>(missingSp).message).toBe(
      'Aún no se puede verificar a este productor: le falta registrar datos bancarios (CLABE).',
    );
    expect((await verificationRow(vendor.enterpriseId)).verified).toBe(false);

    await t.db
      .updateTable('enterprises')
      .set({ clabe: VENDOR_CLABE })
      .where('id', '=', vendor.enterpriseId)
      .execute();
    expect(await own()).toMatchObject({ aMissing: [], bVerified: false, bListed: false });

    // A reason is required: an empty or blank one is refused, nothing written.
    for (const sReason of ['', '   ']) {
      expectError(
        await operator.call('POST', path, { bVerified: true, sReason }),
        400,
        'INVALID_INPUT',
        'sReason',
      );
    }
    expectError(await operator.call('POST', path, { bVerified: true }), 400, 'INVALID_INPUT');
    expect(await verificationRow(vendor.enterpriseId)).toEqual({
      verified: false,
      verification_reason: null,
      verification_changed_at: null,
    });
    // Only the operator decides: the grower itself is told the route does not exist.
    expectError(
      await vendor.call('POST', path, { bVerified: true, sReason: REASON }),
      404,
      'NOT_FOUND',
    );
    expect(await search(buyer, 'guava')).toEqual([]);

    const verified = await operator.call('POST', path, { bVerified: true, sReason: ` ${REASON} ` });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json(verified)).toEqual({
      sEnterpriseId: vendor.enterpriseId,
      bVerified: true,
      sReason: REASON,
      changed_at: t.clock.now().toISOString(),
    });
    expect(await own()).toMatchObject({ bVerified: true, bListed: true, aMissing: [] });
    expect(await search(buyer, 'guava')).toEqual(articleIds);
    expect((await buyer.call('GET', `catalog/articles/${articleIds[0]}`)).statusCode).toBe(200);
    expect(await vendorIdsListed(buyer)).toContain(vendor.enterpriseId);

    const entries = await auditEntriesOf(vendor.enterpriseId);
    const decisions = entries.filter((entry) => entry.outcome === 'OK');
    expect(decisions).toEqual([
      {
        action: expect.any(String),
        entity: `enterprise/${vendor.enterpriseId}/verification`,
        before: { bVerified: false, sReason: null },
        after: expect.objectContaining({ bVerified: true, sReason: REASON }),
        outcome: 'OK',
        status: 200,
      },
    ]);
    // New legal ids lose the verification (and its reason) until the back office checks them.
    const changed = await vendor.call('PUT', 'profile/enterprise', {
      sName: 'Huerta Los Reyes SPR de RL',
      sLegalAddress: null,
      sPacaLicense: '20241187',
      sTaxId: 'HRA120315AB2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await own()).toMatchObject({ bVerified: false, bListed: false, sReason: null });
    expect(await search(buyer, 'guava')).toEqual([]);

    // The refusals are in the trail too, with their code and nothing changed.
    expect(
      entries.filter((entry) => entry.outcome === 'VERIFICATION_INCOMPLETE').map((e) => e.after),
    ).toEqual([null, null]);
  });

  it('withdrawing hides the articles and stops new sales, while an open order is still paid, delivered and paid out', async () => {
    const { vendor, articleIds } = await newGrower(t, [GUAVA]);
    const articleId = articleIds[0]!;
    const operator = await newOperator(t);
    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '0.01' });
    await putInCart(t, buyer, articleId, 100);
    // An open order, deferred: placed while the grower is verified, paid later.
    const order = await placedOrder(
      buyer,
      await checkoutBody(t, buyer, vendor, warehouseId, 'DEFERRED'),
    );
    await putInCart(t, buyer, articleId, 50);
    expect(await search(buyer, 'guava')).toEqual([articleId]);

    const path = `ops/enterprises/${vendor.enterpriseId}/verified`;
    const reason = 'PACA licence suspended by the USDA; checked on the PACA search.';
    const withdrawn = await operator.call('POST', path, { bVerified: false, sReason: reason });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await verificationRow(vendor.enterpriseId)).toMatchObject({
      verified: false,
      verification_reason: reason,
    });
    const [entry] = (await auditEntriesOf(vendor.enterpriseId)).filter((e) => e.status === 200);
    expect(entry).toMatchObject({
      before: { bVerified: true, sReason: null },
      after: { bVerified: false, sReason: reason },
    });
    // The grower reads why.
    expect(json(await vendor.call('GET', 'vendor/verification'))).toMatchObject({
      bVerified: false,
      bListed: false,
      aMissing: [],
      sReason: reason,
    });

    // Hidden from buyers; the cart line is marked and cannot be checked out.
    expect(await search(buyer, 'guava')).toEqual([]);
    expectError(await buyer.call('GET', `catalog/articles/${articleId}`), 404, 'NOT_FOUND');
    const cart = json<CartAnswer>(await buyer.call('GET', 'shopping-cart', undefined));
    expect(cart.results[0]?.aProducts[0]?.sChange).toBe('NOT_VERIFIED');
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, vendor, warehouseId)),
      409,
      'GROWER_NOT_VERIFIED',
    );
    expect(await tableCount(t, 'orders')).toBe(1);

    // The open order: paid, moved along, delivered, accepted and paid out to the grower.
    await fundUsd(t, buyer.enterpriseId, '50000.00');
    const paid = await buyer.call('POST', `orders/${order.sOrderId}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json<{ order: ApiOrder }>(paid).order.payment).toMatchObject({ sStatus: 'PAID' });
    const onRoute = await advanceTo(vendor, order, 'ON_DELIVERY_ROUTE');
    const delivered = await vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
      sStatus: 'DELIVERED',
      lines: [{ sLineId: onRoute.lines[0]!.sLineId, dDeliveredQuantity: 100 }],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const accepted = await buyer.call('POST', `orders/${order.sOrderId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json<{ order: ApiOrder }>(accepted).order.money).toMatchObject({
      dHeld: 0,
      dPayoutUsd: 2100,
    });
    const payouts = await vendor.call('GET', 'vendor/payouts');
    expect(payouts.statusCode, payouts.body).toBe(200);
    expect(json<{ payouts: unknown[] }>(payouts).payouts).toHaveLength(1);
    await expectLedgerSound(t);
  });
});
