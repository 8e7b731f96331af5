import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { freshFundedTenant, type Tenant } from './finance-fixtures';
import { shot } from './screenshots';

/**
 * The price agreed at checkout holds: a grower who records a higher delivered price only
 * asks for it; the buyer reviews the request on its order page and rejects it, the agreed
 * price stays, and the grower saw it waiting for the buyer. In English and Spanish, at
 * 1280 and 390 px.
 */

const DEMO_PASSWORD = 'Demo1234!';
const GROWER = 'vendor@demo.test';

interface ApiUser {
  token: string;
  user: { sEnterpriseId: string };
}

interface Order {
  sOrderId: string;
  iTrackingId: number;
  sStatus: string;
  sNextStatus: string | null;
  dTotal: number;
  dFinalPrice: number | null;
  lines: Array<{
    sLineId: string;
    dQuantity: number;
    dUnitPriceUSD: number;
    dDeliveredUnitPrice: number | null;
  }>;
  priceChange: { lines: Array<{ dRequestedUnitPrice: number }> } | null;
}

async function apiLogin(request: APIRequestContext, email: string): Promise<ApiUser> {
  const response = await request.post('/api/v1/en/auth/login', {
    data: { sEmail: email, sPassword: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiUser;
}

async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.fetch(`/api/v1/en/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(400);
  return (await response.json()) as T;
}

/**
 * A fresh buyer's paid order of the grower's article `which` (an article no other spec
 * buys, so no other checkout moves its stock meanwhile), delivered in full with a unit
 * price $2.50 above the agreed one.
 */
async function raisedOrder(page: Page, request: APIRequestContext, which: number) {
  const tenant: Tenant = await freshFundedTenant(page, request, 60_000);
  await tenant.api('POST', 'warehouses', {
    sName: 'Chicago DC',
    sAddress: '2401 S Ashland Ave',
    sCountry: 'United States',
    sState: 'Illinois',
    sCity: 'Chicago',
    sPostalCode: '60608',
    sPhone: '+1 312 555 0100',
    sEmail: 'dock@e2e.test',
    sManager: 'Pat Doe',
    dLatitude: 41.8781,
    dLongitude: -87.6298,
  });
  const grower = await apiLogin(request, GROWER);
  const { articles } = (await tenant.api(
    'GET',
    `catalog/articles?sVendorId=${grower.user.sEnterpriseId}&limit=5`,
  )) as { articles: Array<{ sArticleId: string; iBoxesPerPallet: number; iMinBoxes: number }> };
  const article = articles[which]!;
  await tenant.api('POST', 'shopping-cart/items', {
    sProductId: article.sArticleId,
    dQuantity: Math.max(article.iBoxesPerPallet, article.iMinBoxes),
  });
  const { warehouses } = (await tenant.api('GET', 'warehouses')) as {
    warehouses: Array<{ sWarehouseId: string }>;
  };
  const dashboard = (await tenant.api('GET', 'dashboard')) as {
    exchangeRateTodayReference: string;
  };
  let { order } = await apiCall<{ order: Order }>(
    request,
    tenant.token,
    'orders/checkout',
    {
      sVendorId: grower.user.sEnterpriseId,
      sWarehouseId: warehouses[0]!.sWarehouseId,
      sPaymentMethod: 'PAY_NOW',
      sExchangeRateReference: dashboard.exchangeRateTodayReference,
    },
    { 'Idempotency-Key': randomUUID() },
  );
  const path = `vendor/orders/${order.sOrderId}/status`;
  while (order.sNextStatus && order.sNextStatus !== 'DELIVERED') {
    ({ order } = await apiCall<{ order: Order }>(request, grower.token, path, {
      sStatus: order.sNextStatus,
    }));
  }
  const line = order.lines[0]!;
  const raised = Math.round(line.dUnitPriceUSD * 100 + 250) / 100;
  ({ order } = await apiCall<{ order: Order }>(request, grower.token, path, {
    sStatus: 'DELIVERED',
    lines: [
      { sLineId: line.sLineId, dDeliveredQuantity: line.dQuantity, dDeliveredUnitPrice: raised },
    ],
  }));
  // Not applied: it waits for the buyer.
  expect(order.lines[0]!.dDeliveredUnitPrice).toBe(line.dUnitPriceUSD);
  expect(order.priceChange?.lines[0]?.dRequestedUnitPrice).toBe(raised);
  return { tenant, grower, order, agreed: line.dUnitPriceUSD, raised };
}

async function openAs(page: Page, session: ApiUser, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    'session',
    JSON.stringify(session),
  ] as const);
  await page.goto(path);
}

async function chooseSpanish(page: Page): Promise<void> {
  await page
    .getByRole('combobox', { name: /Language|Idioma/ })
    .first()
    .click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const TEXTS = {
  en: {
    title: 'Price change requested',
    waiting: /Waiting for the buyer/,
    accept: 'Accept delivery',
    reject: 'Reject the new price',
    rejectTitle: (id: number) => `Reject the new price on order #${id}?`,
    rejected: 'The new price was rejected: the agreed price stays.',
  },
  sp: {
    title: 'Cambio de precio solicitado',
    waiting: /Esperando al comprador/,
    accept: 'Aceptar la entrega',
    reject: 'Rechazar el nuevo precio',
    rejectTitle: (id: number) => `¿Rechazar el nuevo precio del pedido #${id}?`,
    rejected: 'Se rechazó el nuevo precio: se mantiene el precio acordado.',
  },
} as const;

for (const [language, which, rejectAt] of [
  ['en', 1, 1280],
  ['sp', 2, 390],
] as const) {
  test(`the buyer rejects a raised price and the agreed one stays (${language})`, async ({
    page,
    request,
    browser,
  }) => {
    const text = TEXTS[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const { tenant, grower, order, agreed, raised } = await raisedOrder(page, request, which);
    // The buyer's final price (the grower's answer carries none of the buyer's money).
    const { order: before } = (await tenant.api('GET', `orders/${order.sOrderId}`)) as {
      order: Order;
    };

    // The grower sees the request waiting for the buyer.
    const growerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const growerPage = await growerContext.newPage();
    await openAs(growerPage, grower, `/order-detail/in-process/${order.sOrderId}`);
    if (language === 'sp') await chooseSpanish(growerPage);
    const growerSection = growerPage.getByTestId('price-change');
    await expect(growerSection).toContainText(text.waiting);
    await expect(growerSection).toContainText(money(raised));
    await expect(growerSection.getByRole('button')).toHaveCount(0);
    await shot(growerPage, `price-change-grower-${language}`, { mobile: true });

    // The buyer's order page: the request, the agreed and requested prices, no acceptance yet.
    await page.goto(`/order-detail/in-process/${order.sOrderId}`);
    // The rating dialog opens by itself on a delivered order: later.
    const rating = page.getByRole('dialog').filter({ hasText: 'Later' });
    await rating.getByRole('button', { name: 'Later' }).click();
    await expect(rating).toBeHidden();
    if (language === 'sp') await chooseSpanish(page);
    const section = page.getByTestId('price-change');
    await expect(section.getByRole('heading', { name: text.title })).toBeVisible();
    await expect(section).toContainText(money(agreed));
    await expect(section).toContainText(money(raised));
    await expect(page.getByRole('button', { name: text.accept })).toHaveCount(0);
    await shot(page, `price-change-buyer-${language}`, { mobile: true });

    await page.setViewportSize({ width: rejectAt, height: rejectAt === 390 ? 844 : 900 });
    const reject = section.getByRole('button', { name: text.reject });
    await reject.scrollIntoViewIfNeeded();
    await expect(reject).toBeVisible();
    // Reviewed before it is sent: Cancel leaves the request as it was.
    await reject.click();
    const confirm = page.getByRole('dialog', { name: text.rejectTitle(order.iTrackingId) });
    await expect(confirm).toBeVisible();
    await shot(page, `price-change-reject-${language}-${rejectAt}`);
    await confirm.getByRole('button', { name: text.reject }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(text.rejected)).toBeVisible();
    await expect(section).toBeHidden();
    await expect(page.getByRole('button', { name: text.accept })).toBeVisible();

    // The agreed price stays, for the buyer and for the grower.
    const { order: after } = (await tenant.api('GET', `orders/${order.sOrderId}`)) as {
      order: Order;
    };
    expect(after.priceChange).toBeNull();
    expect(after.lines[0]!.dDeliveredUnitPrice).toBe(agreed);
    expect(after.dFinalPrice).toBe(before.dFinalPrice);
    await growerPage.reload();
    await expect(growerPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(growerPage.getByTestId('price-change')).toHaveCount(0);
    await growerContext.close();
  });
}
