import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './accessibility';
import { freshFundedTenant, type Tenant } from './finance-fixtures';
import { shot } from './screenshots';

/**
 * Goods secured before shipping: a forward order holds only its deposit until its
 * settlement day, so its grower cannot prepare it; the grower's page says why and when and
 * shows the grower's own money, never the buyer's fees. The buyer sees the payment
 * schedule and pays the rest now; the grower can then move the order on.
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
  dTotal: number;
  fees: Array<{ sFeeName: string; dTotal: number }>;
  schedule: { dTakenUsd: number; dDueUsd: number; steps: Array<{ dDueDate: string | null }> };
  vendorMoney: { dGoodsUsd: number; dGoodsMxn: number } | null;
}

async function apiLogin(request: APIRequestContext, email: string): Promise<ApiUser> {
  const response = await request.post('/api/v1/en/auth/login', {
    data: { sEmail: email, sPassword: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiUser;
}

async function openAs(page: Page, session: ApiUser, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    'session',
    JSON.stringify(session),
  ] as const);
  await page.goto(path);
}

async function chooseLanguage(page: Page, label: 'English' | 'Español'): Promise<void> {
  await page
    .getByRole('combobox', { name: /Language|Idioma/ })
    .first()
    .click();
  await page.getByRole('option', { name: label }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A forward order of a fresh buyer from the demo grower, on the first settlement day accepted. */
async function forwardOrder(page: Page, request: APIRequestContext) {
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
    `catalog/articles?sVendorId=${grower.user.sEnterpriseId}&limit=20`,
  )) as { articles: Array<{ sArticleId: string; iBoxesPerPallet: number; iMinBoxes: number }> };
  // The last article: the other money specs buy the first ones.
  const article = articles.at(-1)!;
  const { warehouses } = (await tenant.api('GET', 'warehouses')) as {
    warehouses: Array<{ sWarehouseId: string }>;
  };
  const dashboard = (await tenant.api('GET', 'dashboard')) as {
    exchangeRateTodayReference: string;
  };
  const start = new Date();
  for (let offset = 20; offset < 40; offset += 1) {
    const day = new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const priced = await request.post('/api/v1/en/transactions/forwardRate', {
      headers: { authorization: `Bearer ${tenant.token}` },
      data: {
        dDateForward: day,
        dAmount: 100,
        referenceExchangeRate: dashboard.exchangeRateTodayReference,
        bExternal: false,
      },
    });
    if (priced.status() !== 200) continue;
    const { forwardRate } = (await priced.json()) as {
      forwardRate: { rate: number; uuid: string };
    };
    await tenant.api('POST', 'shopping-cart/items', {
      sProductId: article.sArticleId,
      dQuantity: Math.max(article.iBoxesPerPallet, article.iMinBoxes),
    });
    const { order } = (await tenant.api('POST', 'orders/checkout', {
      sVendorId: grower.user.sEnterpriseId,
      sWarehouseId: warehouses[0]!.sWarehouseId,
      sPaymentMethod: 'FORWARD',
      sExchangeRateReference: forwardRate.uuid,
      dExchangeRate: forwardRate.rate,
      dForwardDate: day,
    })) as { order: Order };
    return { tenant, grower, order, day };
  }
  throw new Error('No settlement day accepted for a forward');
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a forward order the grower cannot ship until the buyer pays the rest', async ({
  page,
  request,
  browser,
}) => {
  const { tenant, grower, order } = await forwardOrder(page, request);
  const path = `/order-detail/in-process/${order.sOrderId}`;

  // The API refuses the move, in both languages, and nothing changes.
  for (const lang of ['en', 'sp'] as const) {
    const refused = await request.post(`/api/v1/${lang}/vendor/orders/${order.sOrderId}/status`, {
      headers: { authorization: `Bearer ${grower.token}` },
      data: { sStatus: 'IN_PREPARATION' },
    });
    expect(refused.status()).toBe(409);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('ORDER_NOT_PAID');
    expect(body.message).toContain(lang === 'en' ? 'before it is paid' : 'antes de estar pagado');
  }

  // The grower's page: why and when, its own money, none of the buyer's fees or total.
  const growerPage = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage();
  await openAs(growerPage, grower, path);
  const why = growerPage.getByTestId('money-not-secured');
  await expect(why).toContainText('You cannot prepare or ship this order yet');
  await expect(why).toContainText('settlement day');
  await expect(growerPage.getByRole('button', { name: /Move to/ })).toHaveCount(0);
  const growerMoney = growerPage.getByTestId('grower-money');
  await expect(growerMoney).toContainText('What you receive');
  await expect(growerPage.getByTestId('grower-goods-mxn')).toContainText('MXN');
  const { order: growerView } = (await request
    .get(`/api/v1/en/vendor/orders/${order.sOrderId}`, {
      headers: { authorization: `Bearer ${grower.token}` },
    })
    .then((response) => response.json())) as { order: Order };
  await expect(growerPage.getByTestId('grower-goods-usd')).toContainText(
    money(growerView.vendorMoney!.dGoodsUsd),
  );
  const main = growerPage.getByRole('main');
  await expect(main).not.toContainText(money(order.dTotal));
  for (const fee of order.fees) await expect(main).not.toContainText(fee.sFeeName);
  await expect(growerPage.getByTestId('payment-schedule')).toContainText('Due');
  await expectNoSeriousA11yViolations(growerPage, 'grower order waiting for the forward (en)');
  await shot(growerPage, 'secured-grower-en', { mobile: true });
  await chooseLanguage(growerPage, 'Español');
  await expect(why).toContainText('Aún no puedes preparar ni enviar este pedido');
  await expect(growerPage.getByTestId('grower-money')).toContainText('Lo que recibes');
  await expect(growerPage.getByTestId('payment-schedule')).toContainText('Calendario de pagos');
  await shot(growerPage, 'secured-grower-sp', { mobile: true });
  await growerPage.setViewportSize({ width: 390, height: 844 });
  await expect(why).toBeVisible();
  await chooseLanguage(growerPage, 'English');

  // The buyer's schedule: the deposit taken, the rest due; it pays the rest now.
  await page.goto(path);
  const schedule = page.getByTestId('payment-schedule');
  await expect(page.getByTestId('schedule-taken')).toContainText(money(order.schedule.dTakenUsd));
  await expect(page.getByTestId('schedule-due')).toContainText(money(order.schedule.dDueUsd));
  await expect(schedule.getByTestId('schedule-REST')).toContainText('On the settlement day');
  await shot(page, 'secured-buyer-schedule-en', { mobile: true });
  await page.getByRole('button', { name: 'Pay the rest now' }).click();
  const dialog = page.getByRole('dialog', { name: /Pay order/ });
  await expect(dialog).toContainText(money(order.schedule.dDueUsd));
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByTestId('schedule-due')).toContainText('$0.00');
  await expect(schedule.getByTestId('schedule-REST')).toContainText('Taken');
  await chooseLanguage(page, 'Español');
  await expect(schedule).toContainText('Cobrado');
  await shot(page, 'secured-buyer-paid-sp', { mobile: true });
  const { order: paid } = (await tenant.api('GET', `orders/${order.sOrderId}`)) as {
    order: Order;
  };
  expect(paid.schedule.dDueUsd).toBe(0);
  expect(paid.schedule.dTakenUsd).toBe(order.dTotal);

  // Paid: the grower may now prepare it.
  await growerPage.setViewportSize({ width: 1280, height: 900 });
  await growerPage.reload();
  await expect(growerPage.getByTestId('money-not-secured')).toHaveCount(0);
  await expect(growerPage.getByRole('button', { name: /Move to/ })).toBeVisible();
  await growerPage.context().close();
});
