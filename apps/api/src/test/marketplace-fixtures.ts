import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { makeClabe } from '@app/domain';
import { producePng } from '../demo/demo-png.js';
import { newCustomer, type Customer } from './finance-fixtures.js';
import { bearer, json, signUp, type TestApp } from './test-app.js';

/** A signed-up marketplace company (buyer or vendor) calling the API as its manager. */
export type Company = Customer;

export async function newBuyer(t: TestApp): Promise<Company> {
  return newCustomer(t);
}

export async function newVendor(
  t: TestApp,
  enterpriseName = 'Huerta Test SPR de RL',
): Promise<Company> {
  const account = await signUp(t.app, 'vendor', { sEnterpriseName: enterpriseName });
  return {
    token: account.token,
    enterpriseId: account.enterpriseId,
    userId: account.userId,
    call: (method, path, body, options = {}) =>
      t.app.inject({
        method,
        url: `/api/v1/${options.lang ?? 'en'}/${path}`,
        headers: { ...bearer(account.token), ...options.headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      }),
  };
}

/** A category with subcategories, written directly (there is no catalogue admin API). */
export async function newCategory(
  t: TestApp,
  names: { en: string; sp: string; subcategories: Array<{ en: string; sp: string }> },
): Promise<{ categoryId: string; subcategoryIds: string[] }> {
  const categoryId = randomUUID();
  await t.db
    .insertInto('categories')
    .values({ id: categoryId, name_en: names.en, name_sp: names.sp, image_path: null })
    .execute();
  const subcategoryIds: string[] = [];
  for (const [position, sub] of names.subcategories.entries()) {
    const id = randomUUID();
    await t.db
      .insertInto('subcategories')
      .values({
        id,
        category_id: categoryId,
        name_en: sub.en,
        name_sp: sub.sp,
        image_path: null,
        position,
      })
      .execute();
    subcategoryIds.push(id);
  }
  return { categoryId, subcategoryIds };
}

export function articleBody(subcategoryId: string, overrides: Record<string, unknown> = {}) {
  return {
    sName: 'Persian lime 150ct, 40 lb box',
    sDescription: 'Seedless limes',
    sSubcategoryId: subcategoryId,
    dPricePerBox: 24.5,
    iBoxesPerPallet: 70,
    iMinBoxes: 10,
    iStock: 700,
    ...overrides,
  };
}

/** Publishes an article as the vendor; answers its id. */
export async function newArticle(
  vendor: Company,
  subcategoryId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await vendor.call(
    'POST',
    'vendor/articles',
    articleBody(subcategoryId, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return json<{ article: { sArticleId: string } }>(response).article.sArticleId;
}

export function pngBase64(color: readonly [number, number, number] = [110, 180, 50]): string {
  return producePng(color, 16).toString('base64');
}

export async function rowCount(
  t: TestApp,
  table: 'articles' | 'article_images' | 'cart_items' | 'warehouses' | 'users' | 'outbox_emails',
): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  field?: string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  const body = json<{ code: string; field?: string }>(response);
  expect(body.code).toBe(code);
  if (field !== undefined) expect(body.field).toBe(field);
}

/**
 * Makes a grower one that sells: its PACA licence, tax id and a valid CLABE registered, and
 * verified by the back office. Only a verified grower's articles are listed and bought.
 */
export async function verifyGrower(t: TestApp, enterpriseId: string): Promise<void> {
  await t.db
    .updateTable('enterprises')
    .set({
      paca_license: '20241187',
      tax_id: 'HRE120315AB1',
      clabe: makeClabe('012', '180', '00118359712'),
      bank_name_mxn: 'BBVA MEXICO',
      verified: true,
    })
    .where('id', '=', enterpriseId)
    .execute();
}
