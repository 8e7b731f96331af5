import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { freshFundedTenant, type Tenant } from './finance-fixtures';
import { shot } from './screenshots';

/**
 * The marketplace's three-party money in the browser (docs/MONEY.md): the buyer sees the
 * total before paying and is charged exactly it; the grower ships and delivers short; the
 * buyer accepts and sees the refund; the grower sees the payout in its income history; the
 * back office resolves a dispute with a split of the held money.
 */

const DEMO_PASSWORD = 'Demo1234!';
const GROWER = 'vendor@demo.test';
/** Set to a folder to save screenshots in en and sp. */

interface ApiUser {
  token: string;
  user: { sEnterpriseId: string };
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
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.fetch(`/api/v1/en/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(400);
  return (await response.json()) as T;
}

async function chooseLanguage(page: Page, label: 'English' | 'Español'): Promise<void> {
  await page
    .getByRole('combobox', { name: /Language|Idioma/ })
    .first()
    .click();
  await page.getByRole('option', { name: label }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Logs a demo account in through the stored session (as the app keeps it). */
async function openAs(page: Page, session: ApiUser, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    'session',
    JSON.stringify(session),
  ] as const);
  await page.goto(path);
}

interface Order {
  sOrderId: string;
  iTrackingId: number;
  sStatus: string;
  sNextStatus: string | null;
  dTotal: number;
  lines: Array<{ sLineId: string; dQuantity: number }>;
  money: { dHeld: number; dRefunded: number; dPayoutUsd: number | null };
}

/**
 * A fresh buyer with USD, a warehouse in Chicago, and two pallets of the grower's `which`
 * article in its cart. Each test takes its own (the other specs buy the first ones): a
 * checkout elsewhere changes the stock this cart has seen, and the checkout then rightly asks
 * the buyer to review the cart.
 */
async function buyerWithCart(page: Page, request: APIRequestContext, which: number) {
  const tenant = await freshFundedTenant(page, request, 60_000);
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
  const boxes = Math.max(article.iBoxesPerPallet * 2, article.iMinBoxes);
  await tenant.api('POST', 'shopping-cart/items', {
    sProductId: article.sArticleId,
    dQuantity: boxes,
  });
  return { tenant, grower, boxes };
}

async function usdBalance(tenant: Tenant): Promise<number> {
  const dashboard = (await tenant.api('GET', 'dashboard')) as {
    balances: { balanceUsd: { balance: number } };
  };
  return dashboard.balances.balanceUsd.balance;
}

/** The grower moves the order to DELIVERED, with `shortBy` boxes fewer on its first line. */
async function deliver(
  request: APIRequestContext,
  grower: ApiUser,
  orderId: string,
  shortBy: number,
): Promise<Order> {
  let { order } = await apiCall<{ order: Order }>(
    request,
    grower.token,
    'GET',
    `vendor/orders/${orderId}`,
  );
  while (order.sNextStatus && order.sNextStatus !== 'DELIVERED') {
    ({ order } = await apiCall<{ order: Order }>(
      request,
      grower.token,
      'POST',
      `vendor/orders/${orderId}/status`,
      { sStatus: order.sNextStatus },
    ));
  }
  const line = order.lines[0]!;
  ({ order } = await apiCall<{ order: Order }>(
    request,
    grower.token,
    'POST',
    `vendor/orders/${orderId}/status`,
    {
      sStatus: 'DELIVERED',
      lines: [{ sLineId: line.sLineId, dDeliveredQuantity: line.dQuantity - shortBy }],
    },
  ));
  return order;
}

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.use({ viewport: { width: 1366, height: 900 } });

test('preview, pay, short delivery, accept: the buyer gets the refund, the grower the payout', async ({
  page,
  request,
  browser,
}) => {
  const { tenant, grower } = await buyerWithCart(page, request, 3);
  const before = await usdBalance(tenant);

  // The checkout shows the total before paying; the confirm dialog repeats it.
  await page.goto(`/payment-process/?vendor=${grower.user.sEnterpriseId}`);
  const preview = page.getByTestId('checkout-preview');
  await expect(preview.getByText('Freight to your warehouse')).toBeVisible();
  await expect(preview.getByText(/km from McAllen to your warehouse/)).toBeVisible();
  const totalText = (await page.getByTestId('preview-total').innerText()).split('\n').pop()!;
  await shot(page, 'checkout-preview-en');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(confirm.getByTestId('confirm-details')).toContainText(`${totalText} USD`);
  await shot(page, 'checkout-confirm-en');
  await confirm.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page).toHaveURL(/\/order-detail\/in-process\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  const { order } = (await tenant.api('GET', `orders/${orderId}`)) as { order: Order };
  expect(money(order.dTotal)).toBe(totalText);
  // Charged exactly the previewed total.
  expect(Math.round((before - (await usdBalance(tenant))) * 100)).toBe(
    Math.round(order.dTotal * 100),
  );
  await expect(page.getByTestId('money-held')).toContainText(money(order.money.dHeld));

  // The grower ships and delivers 10 boxes short; the buyer accepts.
  const delivered = await deliver(request, grower, orderId, 10);
  expect(delivered.sStatus).toBe('DELIVERED');
  await page.reload();
  // The rating dialog opens by itself on a delivered order: later.
  await page
    .getByRole('dialog', { name: /^Rate order/ })
    .getByRole('button', { name: 'Later' })
    .click();
  await page.getByRole('button', { name: 'Accept delivery' }).click();
  await page
    .getByRole('dialog', { name: /Accept the delivery/ })
    .getByRole('button', { name: /Accept/ })
    .last()
    .click();
  await expect(page.getByTestId('money-refunded')).toBeVisible();
  const { order: finished } = (await tenant.api('GET', `orders/${orderId}`)) as { order: Order };
  expect(finished.money.dRefunded).toBeGreaterThan(0);
  await expect(page.getByTestId('money-refunded')).toContainText(money(finished.money.dRefunded));
  await shot(page, 'order-refund-en');

  // The refund is on the buyer's USD statement.
  await page.goto('/statement');
  await expect(
    page.getByText(`Refund of marketplace order #${finished.iTrackingId}`).first(),
  ).toBeVisible();

  // The grower sees the payout in its income history.
  const growerPage = await (
    await browser.newContext({ viewport: { width: 1366, height: 900 } })
  ).newPage();
  await openAs(growerPage, grower, '/income');
  await expect(growerPage.getByRole('heading', { level: 1, name: 'Income history' })).toBeVisible();
  // By the order link's exact name: a row's whole text can contain '#11' across its cells.
  const row = growerPage.getByTestId('payout-row').filter({
    has: growerPage.getByRole('link', { name: `#${finished.iTrackingId}`, exact: true }),
  });
  await expect(row).toBeVisible();
  await expect(row).toContainText(money(finished.money.dPayoutUsd!));
  await expect(row).toContainText(/PP\d{8}/);
  await expect(row).toContainText('••••');
  await expect(growerPage.getByTestId('income-totals')).toBeVisible();
  await shot(growerPage, 'income-en');
  await chooseLanguage(growerPage, 'Español');
  await expect(
    growerPage.getByRole('heading', { level: 1, name: 'Historial de ingresos' }),
  ).toBeVisible();
  await shot(growerPage, 'income-sp');
  await growerPage.setViewportSize({ width: 390, height: 844 });
  await shot(growerPage, 'income-sp-390');
  await growerPage.context().close();

  // Spanish checkout preview, on a new cart.
  await tenant.api('POST', 'shopping-cart/items', {
    sProductId: (
      (await tenant.api(
        'GET',
        `catalog/articles?sVendorId=${grower.user.sEnterpriseId}&limit=5`,
      )) as { articles: Array<{ sArticleId: string; iMinBoxes: number }> }
    ).articles[0]!.sArticleId,
    dQuantity: 200,
  });
  await page.goto(`/payment-process/?vendor=${grower.user.sEnterpriseId}`);
  await chooseLanguage(page, 'Español');
  await expect(preview.getByText('Flete a tu bodega')).toBeVisible();
  await shot(page, 'checkout-preview-sp');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'checkout-preview-sp-390');
});

test('the back office lands on its home and resolves a dispute with a split after a review', async ({
  page,
  request,
}) => {
  const { tenant, grower } = await buyerWithCart(page, request, 4);
  const { warehouses } = (await tenant.api('GET', 'warehouses')) as {
    warehouses: Array<{ sWarehouseId: string }>;
  };
  const dashboard = (await tenant.api('GET', 'dashboard')) as {
    exchangeRateTodayReference: string;
  };
  const { order } = await apiCall<{ order: Order }>(
    request,
    tenant.token,
    'POST',
    'orders/checkout',
    {
      sVendorId: grower.user.sEnterpriseId,
      sWarehouseId: warehouses[0]!.sWarehouseId,
      sPaymentMethod: 'PAY_NOW',
      sExchangeRateReference: dashboard.exchangeRateTodayReference,
    },
    { 'Idempotency-Key': randomUUID() },
  );
  await deliver(request, grower, order.sOrderId, 0);
  const { dispute } = (await tenant.api('POST', 'disputes', {
    sOrderId: order.sOrderId,
    sCategory: 'QUALITY_CONDITION',
    sSubcategory: 'DECAY',
    sDescription: 'Part of the load arrived with decay.',
  })) as { dispute: { sDisputeId: string; iTrackingId: number } };

  // The operator logs in and lands on the back office, not on a customer dashboard.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('ops@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/operator/);
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  await expect(menu.getByRole('link', { name: 'Account statement' })).toHaveCount(0);
  await shot(page, 'ops-enterprises-en');
  await page.getByRole('tab', { name: 'Deposits' }).click();
  await expect(page.getByRole('button', { name: /^Credit deposit/ }).first()).toBeVisible();
  await shot(page, 'ops-deposits-en');
  await page.getByRole('tab', { name: 'Held order funds' }).click();
  await expect(page.getByTestId('held-total')).toBeVisible();
  await expect(
    page.getByTestId('held-row').filter({ hasText: `#${order.iTrackingId}` }),
  ).toBeVisible();
  await shot(page, 'ops-held-en');

  await page.getByRole('tab', { name: 'Disputes' }).click();
  const row = page.getByTestId('ops-dispute-row').filter({ hasText: `#${dispute.iTrackingId}` });
  await row.getByRole('button', { name: 'Open' }).click();
  const detail = page.getByTestId('ops-dispute-detail');
  await expect(detail.getByTestId('dispute-held')).toHaveText(`${money(order.money.dHeld)} USD`);
  await shot(page, 'ops-dispute-en');
  // A split that does not add up is refused on the field.
  await page.getByTestId('split-refund').fill('100');
  await page.getByTestId('split-release').fill('1');
  await page.getByLabel('Resolution').fill('A quarter of the boxes rejected for decay.');
  await page.getByLabel('In charge').fill('Ops team');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText(/must add up to/)).toBeVisible();
  // The release fills in with the rest of the hold.
  await page.getByTestId('split-refund').fill('');
  await page.getByTestId('split-refund').fill('100');
  await page.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Resolve this dispute?' });
  await expect(review).toContainText('$100.00');
  await shot(page, 'ops-dispute-review-en');
  await review.getByRole('button', { name: 'Resolve and move the money' }).click();
  await expect(detail.getByTestId('dispute-refunded')).toBeVisible();
  const { order: resolved } = (await tenant.api('GET', `orders/${order.sOrderId}`)) as {
    order: Order;
  };
  expect(resolved.money.dHeld).toBe(0);
  expect(resolved.money.dPayoutUsd).toBe(Math.round((order.money.dHeld - 100) * 100) / 100);

  await chooseLanguage(page, 'Español');
  await page.getByRole('button', { name: 'Volver a disputas' }).click();
  await shot(page, 'ops-disputes-sp');
  await page.getByRole('tab', { name: 'Fondos retenidos de pedidos' }).click();
  await expect(page.getByTestId('held-total')).toBeVisible();
  await shot(page, 'ops-held-sp');
  await page.getByRole('tab', { name: 'Empresas y saldos' }).click();
  await shot(page, 'ops-enterprises-sp');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'ops-enterprises-sp-390');
});
