import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { makeClabe, parseMoney } from '@app/domain';
import type { ApiOrder, ApiOrderSummary } from '../modules/orders/order.view.js';
import { fundUsd, newCustomer, spotQuote, type Customer } from './finance-fixtures.js';
import { newVendor, type Company } from './marketplace-fixtures.js';
import { bearer, json, type TestApp } from './test-app.js';

/** The grower's CLABE in the order tests (a valid check digit). */
export const VENDOR_CLABE = makeClabe('012', '180', '00118359712');
const PASSWORD = 'Str0ng-pass!'; // signupBody's password

export interface ArticleSpec {
  name: string;
  price: string;
  boxesPerPallet: number;
  minBoxes: number;
  stock: number;
}

/**
 * A grower with its PACA licence, bank registration (CLABE, RFC) and articles, written
 * directly; verified by the back office (so it sells) unless `verified: false`.
 */
export async function newGrower(
  t: TestApp,
  articles: ArticleSpec[],
  options: {
    clabe?: string | null;
    taxId?: string | null;
    name?: string;
    verified?: boolean;
  } = {},
): Promise<{ vendor: Company; articleIds: string[] }> {
  const vendor = await newVendor(t, options.name ?? 'Huerta Los Reyes SPR de RL');
  await t.db
    .updateTable('enterprises')
    .set({
      paca_license: '20241187',
      clabe: options.clabe === undefined ? VENDOR_CLABE : options.clabe,
      tax_id: options.taxId === undefined ? 'HRE120315AB1' : options.taxId,
      bank_name_mxn: 'BBVA MEXICO',
      verified: options.verified ?? true,
    })
    .where('id', '=', vendor.enterpriseId)
    .execute();
  const categoryId = randomUUID();
  const subcategoryId = randomUUID();
  await t.db
    .insertInto('categories')
    .values({ id: categoryId, name_en: 'Fruits', name_sp: 'Frutas', image_path: null })
    .execute();
  await t.db
    .insertInto('subcategories')
    .values({
      id: subcategoryId,
      category_id: categoryId,
      name_en: 'Avocados',
      name_sp: 'Aguacates',
      image_path: null,
    })
    .execute();
  const articleIds: string[] = [];
  for (const spec of articles) {
    const id = randomUUID();
    await t.db
      .insertInto('articles')
      .values({
        id,
        vendor_enterprise_id: vendor.enterpriseId,
        subcategory_id: subcategoryId,
        name: spec.name,
        price_per_box_cents: parseMoney(spec.price),
        boxes_per_pallet: spec.boxesPerPallet,
        min_boxes: spec.minBoxes,
        stock_boxes: spec.stock,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    articleIds.push(id);
  }
  return { vendor, articleIds };
}

/** A buyer with USD, a warehouse unless told otherwise. */
export async function newOrderBuyer(
  t: TestApp,
  options: { usd?: string; warehouse?: boolean } = {},
): Promise<{ buyer: Customer; warehouseId: string }> {
  const buyer = await newCustomer(t, options.usd ? { usd: options.usd } : {});
  const warehouseId = randomUUID();
  if (options.warehouse !== false) {
    await t.db
      .insertInto('warehouses')
      .values({
        id: warehouseId,
        enterprise_id: buyer.enterpriseId,
        name: 'Chicago DC',
        address: '2401 S Ashland Ave',
        country: 'United States',
        state: 'Illinois',
        city: 'Chicago',
        postal_code: '60608',
        phone: '+1 312 555 0100',
        email: 'dock@example.test',
        manager: 'Pat Doe',
        latitude: null,
        longitude: null,
        comments: null,
        created_at: t.clock.now(),
        deleted_at: null,
      })
      .execute();
  }
  return { buyer, warehouseId };
}

let cartSequence = 0;

/**
 * Puts boxes of an article in the buyer's cart, as if added through the cart (price and
 * stock seen). Lines keep the order they were put in (a millisecond apart).
 */
export async function putInCart(
  t: TestApp,
  buyer: Customer,
  articleId: string,
  boxes: number,
): Promise<void> {
  const article = await t.db
    .selectFrom('articles')
    .selectAll()
    .where('id', '=', articleId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('cart_items')
    .values({
      buyer_enterprise_id: buyer.enterpriseId,
      vendor_enterprise_id: article.vendor_enterprise_id,
      article_id: articleId,
      quantity_boxes: boxes,
      price_per_box_cents_seen: article.price_per_box_cents,
      stock_boxes_seen: article.stock_boxes,
      added_at: new Date(t.clock.now().getTime() + (cartSequence += 1)),
    })
    .execute();
}

export async function checkoutBody(
  t: TestApp,
  buyer: Customer,
  vendor: Company,
  warehouseId: string,
  method: 'PAY_NOW' | 'CONVERT_MXN' | 'DEFERRED' = 'PAY_NOW',
) {
  const quote = await spotQuote(t, buyer.enterpriseId);
  return {
    sVendorId: vendor.enterpriseId,
    sWarehouseId: warehouseId,
    sPaymentMethod: method,
    sExchangeRateReference: quote.id,
  };
}

export function checkout(
  buyer: Customer,
  body: Record<string, unknown>,
  key?: string,
): Promise<LightMyRequestResponse> {
  return buyer.call(
    'POST',
    'orders/checkout',
    body,
    key === undefined ? {} : { headers: { 'idempotency-key': key } },
  );
}

export async function placedOrder(
  buyer: Customer,
  body: Record<string, unknown>,
): Promise<ApiOrder> {
  const response = await checkout(buyer, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<{ order: ApiOrder }>(response).order;
}

/** Moves an order along as its vendor up to (and including) `until`. */
export async function advanceTo(
  vendor: Company,
  order: ApiOrder,
  until: string,
): Promise<ApiOrder> {
  let current = order;
  for (let guard = 0; guard < 12 && current.sStatus !== until; guard += 1) {
    const response = await vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
      sStatus: current.sNextStatus,
    });
    expect(response.statusCode, response.body).toBe(200);
    current = json<{ order: ApiOrder }>(response).order;
  }
  expect(current.sStatus).toBe(until);
  return current;
}

/** A session again after the clock moved past the idle limit (as the user would log in). */
export async function logInAgain<T extends Customer>(t: TestApp, company: T): Promise<T> {
  const user = await t.db
    .selectFrom('users')
    .select('email')
    .where('enterprise_id', '=', company.enterpriseId)
    .executeTakeFirstOrThrow();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    payload: { sEmail: user.email, sPassword: PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const token = json<{ token: string }>(login).token;
  return {
    ...company,
    token,
    call: (method, path, body, options = {}) =>
      t.app.inject({
        method,
        url: `/api/v1/${options.lang ?? 'en'}/${path}`,
        headers: { ...bearer(token), ...options.headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      }),
  };
}

/** A back-office user: a signed-up company turned operator. */
export async function newOperator(t: TestApp): Promise<Customer> {
  const operator = await newCustomer(t);
  await t.db
    .updateTable('users')
    .set({ role: 'operator' })
    .where('id', '=', operator.userId)
    .execute();
  await t.db
    .updateTable('enterprises')
    .set({ type: 'operator' })
    .where('id', '=', operator.enterpriseId)
    .execute();
  return operator;
}

export { fundUsd };

export async function tableCount(
  t: TestApp,
  table:
    | 'orders'
    | 'order_lines'
    | 'order_fees'
    | 'order_status_events'
    | 'cart_items'
    | 'ratings'
    | 'disputes'
    | 'dispute_images',
): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function stockOf(t: TestApp, articleId: string): Promise<number> {
  const row = await t.db
    .selectFrom('articles')
    .select('stock_boxes')
    .where('id', '=', articleId)
    .executeTakeFirstOrThrow();
  return row.stock_boxes;
}

/** An avocado article of the two-article market. */
export const AVOCADO: ArticleSpec = {
  name: 'Hass avocado 48ct, 25 lb lug',
  price: '25.00',
  boxesPerPallet: 60,
  minBoxes: 10,
  stock: 2000,
};
/** A lime article of the two-article market. */
export const LIME: ArticleSpec = {
  name: 'Persian lime 150ct, 40 lb box',
  price: '18.50',
  boxesPerPallet: 70,
  minBoxes: 5,
  stock: 500,
};

/**
 * A grower selling AVOCADO and LIME, and a buyer with a warehouse and USD whose cart holds
 * 1,560 avocado boxes (26 pallets) and 75 lime boxes (2 pallets): 28 pallets, 2 trucks.
 */
export async function twoArticleMarket(t: TestApp, options: { usd?: string } = {}) {
  const { vendor, articleIds } = await newGrower(t, [AVOCADO, LIME]);
  const { buyer, warehouseId } = await newOrderBuyer(t, { usd: options.usd ?? '60000.00' });
  await putInCart(t, buyer, articleIds[0]!, 1560);
  await putInCart(t, buyer, articleIds[1]!, 75);
  return { vendor, buyer, warehouseId, avocadoId: articleIds[0]!, limeId: articleIds[1]! };
}

/** The order as its buyer reads it. */
export async function orderOf(buyer: Customer, orderId: string): Promise<ApiOrder> {
  const response = await buyer.call('GET', `orders/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ order: ApiOrder }>(response).order;
}

/** One tab of the caller's orders (`vendor/orders` for a grower). */
export async function ordersInTab(caller: Customer, tabName: string, path = 'orders') {
  const response = await caller.call('GET', `${path}?tab=${tabName}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ orders: ApiOrderSummary[]; total: number }>(response);
}
