import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshFundedTenant, type Tenant } from './finance-fixtures';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

const DEMO_PASSWORD = 'Demo1234!';

async function chooseLanguage(page: Page, option: 'English' | 'Español') {
  await page.getByRole('combobox', { name: /^(Language|Idioma)$/ }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(
    page.getByRole('combobox', { name: option === 'English' ? 'Language' : 'Idioma' }),
  ).toBeVisible();
}

interface ApiUser {
  token: string;
  user: { sUserId: string; sEnterpriseId: string; sRole: string };
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
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/v1/en/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(400);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

interface CatalogArticle {
  sArticleId: string;
  sName: string;
  sVendorName: string;
  iMinBoxes: number;
  iStock: number;
  iBoxesPerPallet: number;
  dPricePerBox: number;
}

/** An article of a demo grower (vendor@demo.test, vendor2@demo.test), found by name. */
async function growerArticle(request: APIRequestContext, vendorEmail: string, name: string) {
  const vendor = await apiLogin(request, vendorEmail);
  const answer = await apiCall<{ articles: CatalogArticle[] }>(
    request,
    vendor.token,
    'GET',
    `catalog/articles?sVendorId=${vendor.user.sEnterpriseId}&limit=100`,
  );
  const article = answer.articles.find((item) => item.sName === name);
  expect(article, `${name} of ${vendorEmail}`).toBeDefined();
  return { vendor, article: article! };
}

/** The vendor changes the stock of one of its articles (PUT vendor/articles/:id). */
async function setStock(
  request: APIRequestContext,
  vendor: ApiUser,
  articleId: string,
  stock: number,
) {
  const { article } = await apiCall<{
    article: {
      sName: string;
      sDescription: string;
      sOrigin: string | null;
      sSubcategoryId: string;
      dPricePerBox: number;
      iBoxesPerPallet: number;
      iMinBoxes: number;
    };
  }>(request, vendor.token, 'GET', `vendor/articles/${articleId}`);
  await apiCall(request, vendor.token, 'PUT', `vendor/articles/${articleId}`, {
    sName: article.sName,
    sDescription: article.sDescription,
    sOrigin: article.sOrigin,
    sSubcategoryId: article.sSubcategoryId,
    dPricePerBox: article.dPricePerBox,
    iBoxesPerPallet: article.iBoxesPerPallet,
    iMinBoxes: article.iMinBoxes,
    iStock: stock,
  });
}

/**
 * Keeps showing the checkout total the buyer already saw when a later preview is refused: the
 * grower's stock change then reaches only the purchase itself, as when it lands between the
 * buyer's last look and the click (the page would otherwise disable Buy on its next refresh).
 */
async function keepShownPreview(page: Page) {
  let lastShown: string | undefined;
  await page.route('**/orders/checkout/preview', async (route) => {
    const response = await route.fetch();
    if (response.ok()) lastShown = await response.text();
    if (response.ok() || lastShown === undefined) await route.fulfill({ response });
    else await route.fulfill({ response, status: 200, body: lastShown });
  });
}

async function addWarehouse(tenant: Tenant) {
  await tenant.api('POST', 'warehouses', {
    sName: 'Pharr receiving dock',
    sAddress: '500 S Cage Blvd',
    sCountry: 'United States',
    sState: 'Texas',
    sCity: 'Pharr',
    sPostalCode: '78577',
    sPhone: '+1 956 555 0199',
    sEmail: 'dock@e2e.test',
    sManager: 'Marta Ruiz',
  });
}

/** Logs a demo account in the browser through the API (vendors land on the marketplace). */
async function openAs(page: Page, request: APIRequestContext, email: string, path: string) {
  const session = await apiLogin(request, email);
  await page.goto('/home');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    'session',
    JSON.stringify(session),
  ] as const);
  await page.goto(path);
}

test.describe('marketplace: catalogue, cart and checkout', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an anonymous visitor browses category → subcategory → article with filters in the URL', async ({
    page,
  }) => {
    await page.goto('/catalogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
    const categories = page.getByTestId('category-card');
    await expect(categories.first()).toBeVisible();
    expect(await categories.count()).toBeGreaterThanOrEqual(4);
    await expect(categories.filter({ hasText: 'Berries' })).toContainText('4 subcategories');
    await expectNoSeriousA11yViolations(page, 'catalogs (en)');
    await shot(page, 'catalogs-en');

    await categories.filter({ hasText: 'Berries' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/catalogs\/[^/]+\/subcatalogs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Berries' })).toBeVisible();
    const strawberries = page.getByTestId('category-card').filter({ hasText: 'Strawberries' });
    await expect(strawberries).toContainText('3 articles');
    await expectNoSeriousA11yViolations(page, 'subcatalogs (en)');
    await shot(page, 'subcatalogs-en');

    await strawberries.getByRole('link').click();
    await expect(page).toHaveURL(/\/subcatalogs\/[^/]+\/articles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Strawberries' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Berries');
    const cards = page.getByTestId('article-card');
    await expect(page.getByTestId('article-count')).toHaveText('3 articles');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(/\$\d+\.\d{2} per box/);
    await expect(cards.first()).toContainText('FOB McAllen');
    await expect(cards.first()).toContainText(/boxes per pallet/);
    await expect(cards.first()).toContainText(/Minimum \d+ boxes/);
    await expectNoSeriousA11yViolations(page, 'articles (en)');
    await shot(page, 'articles-en');

    // Grower filter and sort go to the query string.
    await page.getByRole('combobox', { name: 'Grower' }).click();
    await page.getByRole('option', { name: 'Berries del Bajío SA de CV' }).click();
    await expect(page).toHaveURL(/vendor=/);
    await expect(page.getByTestId('article-count')).toHaveText('2 articles');
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(cards.first()).toContainText('$15.90 per box');
    await expect(cards.last()).toContainText('$22.40 per box');

    // A price range above the maximum is refused on the field; a valid one filters.
    await page.getByLabel('Min. price per box (USD)').fill('20');
    await page.getByLabel('Max. price per box (USD)').fill('10');
    await page.getByRole('button', { name: 'Apply prices' }).click();
    await expect(page.getByText('The minimum is above the maximum.')).toBeVisible();
    await page.getByLabel('Max. price per box (USD)').fill('30');
    await page.getByRole('button', { name: 'Apply prices' }).click();
    await expect(page).toHaveURL(/minPrice=20&maxPrice=30/);
    await expect(page.getByTestId('article-count')).toHaveText('1 article');
    await expect(cards).toHaveCount(1);

    // The filters survive a reload: they live in the URL.
    await page.reload();
    await expect(page.getByTestId('article-count')).toHaveText('1 article');
    await expect(page.getByLabel('Min. price per box (USD)')).toHaveValue('20');

    // Search; nothing found shows the empty state with a way out.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByTestId('article-count')).toHaveText('3 articles');
    await page.getByLabel('Search articles').fill('zzzz-no-such-thing');
    await expect(page).toHaveURL(/search=zzzz-no-such-thing/);
    await expect(page.getByText('No article matches your search and filters.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'articles empty (en)');
    await page.getByLabel('Search articles').fill('organic');
    await expect(page.getByTestId('article-count')).toHaveText('1 article');

    // The article page.
    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/view\/article\/[^/]+$/);
    const articleUrl = page.url();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Organic strawberries 8 x 1 lb' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Berries del Bajío SA de CV' })).toHaveAttribute(
      'href',
      /\/vendor\/detail\//,
    );
    await expect(page.getByTestId('price-per-box')).toHaveText('$22.40');
    await expect(page.getByText('FOB McAllen').first()).toBeVisible();
    await expect(page.getByTestId('boxes-per-pallet')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('minimum')).toHaveText(/\d+ boxes/);
    await expect(page.getByTestId('stock')).toHaveText(/\d+ boxes/);
    await expect(page.getByRole('img', { name: /Photo 1 of Organic strawberries/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'article (en)');
    await shot(page, 'article-anonymous-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'article-anonymous-en-390');
    await page.goBack();
    await expect(page.getByTestId('article-count')).toHaveText('1 article');
    await shot(page, 'articles-en-390');
    await page.goForward();
    await page.setViewportSize({ width: 1280, height: 900 });

    // Spanish.
    await chooseLanguage(page, 'Español');
    await expect(page.getByTestId('price-per-box')).toHaveText('$22.40');
    await expect(page.getByRole('button', { name: 'Inicia sesión para comprar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'article (sp)');
    await shot(page, 'article-anonymous-sp');
    await page.goto('/catalogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Catálogo' })).toBeVisible();
    await expect(page.getByTestId('category-card').filter({ hasText: 'Berries' })).toContainText(
      '4 subcategorías',
    );
    await expectNoSeriousA11yViolations(page, 'catalogs (sp)');
    await shot(page, 'catalogs-sp');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'catalogs-sp-390');
    await page
      .getByTestId('category-card')
      .filter({ hasText: 'Berries' })
      .getByRole('link')
      .click();
    await expect(page.getByTestId('category-card').filter({ hasText: 'Fresas' })).toContainText(
      '3 artículos',
    );
    await expectNoSeriousA11yViolations(page, 'subcatalogs (sp)');
    await shot(page, 'subcatalogs-sp-390');
    await page.getByTestId('category-card').filter({ hasText: 'Fresas' }).getByRole('link').click();
    await expect(page.getByTestId('article-count')).toHaveText('3 artículos');
    await expect(page.getByRole('combobox', { name: 'Productor' })).toContainText(
      'Todos los productores',
    );
    await expectNoSeriousA11yViolations(page, 'articles (sp)');
    await shot(page, 'articles-sp-390');
    await page.goBack();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goBack();
    await page.goBack();
    await chooseLanguage(page, 'English');

    // Anonymous buyers go to /login and come back to the article.
    await page.getByRole('button', { name: 'Log in to buy' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill('demo@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(articleUrl);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await expect(page.getByLabel('Quantity (boxes)')).toHaveValue(/^\d+$/);
    await expect(page.getByRole('link', { name: /^Shopping cart, \d+ lines?$/ })).toBeVisible();
  });

  test('growers: the list, a storefront, and a grower cannot buy', async ({ page, request }) => {
    await page.goto('/vendor');
    await expect(page.getByRole('heading', { level: 1, name: 'Growers' })).toBeVisible();
    // Other specs share this server and may sign up more growers or rate orders.
    const growers = page.getByTestId('vendor-card');
    await expect(growers.filter({ hasText: 'Berries del Bajío SA de CV' })).toHaveCount(1);
    const agricola = growers.filter({ hasText: 'Agrícola Demo SPR de RL' });
    await expect(agricola).toHaveCount(1);
    await expect(agricola).toContainText('Verified');
    await expect(agricola).toContainText('34 articles');
    await expect(agricola.getByRole('img', { name: /Rated [1-5](\.\d+)? out of 5/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'vendors (en)');
    await shot(page, 'vendors-en');

    await agricola.getByRole('link').click();
    await expect(page).toHaveURL(/\/vendor\/detail\/[^/]+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Agrícola Demo SPR de RL' }),
    ).toBeVisible();
    await expect(page.getByTestId('article-card')).toHaveCount(34);
    await expect(page.getByText('PACA licence number')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'vendor detail (en)');
    await shot(page, 'vendor-detail-en');
    await chooseLanguage(page, 'Español');
    await expect(page.getByText('Número de licencia PACA')).toBeVisible();
    await shot(page, 'vendor-detail-sp');
    await page.goto('/vendor');
    await expect(page.getByRole('heading', { level: 1, name: 'Productores' })).toBeVisible();
    await shot(page, 'vendors-sp');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'vendors-sp-390');
    await page.getByTestId('vendor-card').first().getByRole('link').click();
    await expect(page.getByText('Número de licencia PACA')).toBeVisible();
    await shot(page, 'vendor-detail-sp-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseLanguage(page, 'English');

    // A grower sees why it cannot buy.
    const { article } = await growerArticle(
      request,
      'vendor2@demo.test',
      'Blueberries 12 x 6 oz clamshell',
    );
    await openAs(page, request, 'vendor@demo.test', `/view/article/${article.sArticleId}`);
    await expect(
      page.getByText('Grower accounts sell in the marketplace; buying is for buyer companies.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    await expect(page.getByTestId('cart-button')).toHaveCount(0);
  });

  test('welcome and SuperBuyer pages', async ({ page }) => {
    await page.goto('/welcome');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to Pesos & Produce' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute(
      'href',
      '/catalogs',
    );
    await expect(page.getByRole('link', { name: 'Add a warehouse' })).toHaveAttribute(
      'href',
      '/warehouse/add',
    );
    await expect(page.getByRole('link', { name: 'Open the finance dashboard' })).toHaveAttribute(
      'href',
      '/exchange',
    );
    await expectNoSeriousA11yViolations(page, 'welcome (en)');
    await shot(page, 'welcome-en');
    await page.getByRole('link', { name: 'About SuperBuyer' }).click();
    await expect(page).toHaveURL(/\/superbuyer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'SuperBuyer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Prices FOB McAllen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a buyer account' })).toHaveAttribute(
      'href',
      '/signin/customer',
    );
    await expectNoSeriousA11yViolations(page, 'superbuyer (en)');
    await shot(page, 'superbuyer-en');
    await chooseLanguage(page, 'Español');
    await expect(page.getByRole('heading', { name: 'Precios FOB McAllen' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'superbuyer (sp)');
    await shot(page, 'superbuyer-sp');
    await page.goto('/welcome');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bienvenido a Pesos & Produce' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'welcome (sp)');
    await shot(page, 'welcome-sp');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'welcome-sp-390');
    await chooseLanguage(page, 'English');
    await page.goto('/superbuyer');
    await shot(page, 'superbuyer-en-390');
  });

  test('a fresh buyer fills two grower carts, checks one out from the USD balance and sees the payment', async ({
    page,
    request,
  }) => {
    const tenant = await freshFundedTenant(page, request, 50_000);
    await addWarehouse(tenant);
    const avocado = await growerArticle(
      request,
      'vendor@demo.test',
      'Hass avocado 48ct, 25 lb lug',
    );
    const blackberries = await growerArticle(
      request,
      'vendor2@demo.test',
      'Blackberries 12 x 6 oz clamshell',
    );

    // Add the first grower's article from its page: the quantity starts at the minimum.
    await page.goto(`/view/article/${avocado.article.sArticleId}`);
    const quantity = page.getByLabel('Quantity (boxes)');
    await expect(quantity).toHaveValue(String(avocado.article.iMinBoxes));
    await expect(page.getByTestId('buy-pallets')).toHaveText(
      `= ${Math.round((avocado.article.iMinBoxes * 100) / avocado.article.iBoxesPerPallet) / 100} pallets`,
    );
    await quantity.fill(String(avocado.article.iMinBoxes - 1));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(
      page.getByText(`The minimum purchase is ${avocado.article.iMinBoxes} boxes.`),
    ).toBeVisible();
    const avocadoBoxes = avocado.article.iBoxesPerPallet * 2;
    await quantity.fill(String(avocadoBoxes));
    await expect(page.getByTestId('buy-pallets')).toHaveText('= 2 pallets');
    await expectNoSeriousA11yViolations(page, 'article buyer (en)');
    await shot(page, 'article-buyer-en');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`${avocadoBoxes} boxes were added to your cart.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shopping cart, 1 line' })).toBeVisible();

    await page.goto(`/view/article/${blackberries.article.sArticleId}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Shopping cart, 2 lines' })).toBeVisible();

    // Two carts, one per grower.
    await page.getByRole('link', { name: 'Go to cart' }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping cart' })).toBeVisible();
    const carts = page.getByTestId('vendor-cart');
    await expect(carts).toHaveCount(2);
    const agricolaCart = carts.filter({ hasText: 'Agrícola Demo SPR de RL' });
    const berriesCart = carts.filter({ hasText: 'Berries del Bajío SA de CV' });
    await expect(agricolaCart.getByTestId('grower-pallets')).toHaveText('2');
    await expect(agricolaCart.getByTestId('grower-total')).toHaveText(
      `$${(avocado.article.dPricePerBox * avocadoBoxes).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

    // The quantity is checked on the field before it is sent.
    const line = berriesCart.getByTestId('cart-line');
    const boxes = line.getByRole('textbox', { name: 'Boxes' });
    await boxes.fill(String(blackberries.article.iStock + 1));
    await line.getByRole('button', { name: /^Update the boxes of/ }).click();
    await expect(
      line.getByText(`Only ${blackberries.article.iStock} boxes are in stock.`),
    ).toBeVisible();
    const newBoxes = blackberries.article.iMinBoxes + 10;
    await boxes.fill(String(newBoxes));
    await line.getByRole('button', { name: /^Update the boxes of/ }).click();
    await expect(page.getByText('The cart was updated.')).toBeVisible();
    await expect(line.getByTestId('line-total')).toHaveText(
      `$${(blackberries.article.dPricePerBox * newBoxes).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    await expectNoSeriousA11yViolations(page, 'cart (en)');
    await shot(page, 'cart-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'cart-en-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Check out the first grower's cart, paying now from the USD balance.
    await agricolaCart.getByRole('link', { name: /^Proceed to checkout with/ }).click();
    await expect(page).toHaveURL(/\/payment-process\/\?vendor=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByTestId('pallets-to-ship')).toHaveText('2');
    await expect(page.getByTestId('trucks')).toHaveText('1 truck');
    await expect(page.getByRole('combobox', { name: 'Warehouse' })).toContainText(
      'Pharr receiving dock',
    );
    await expect(page.getByRole('radio', { name: 'Pay now from your USD balance' })).toBeChecked();
    await expect(page.getByTestId('usd-balance')).toHaveText('$50,000.00 USD');
    await expect(page.getByTestId('spot-rate')).toHaveText(/^\d+\.\d{4,6} MXN per USD$/);
    await expect(page.getByText(/The rate updates in \d+ s/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'payment process (en)');
    await shot(page, 'payment-process-en');

    // The other methods: deferred shows where to wire, forward asks for a day and a rate.
    await page.getByRole('radio', { name: 'Deferred payment' }).check();
    await expect(page.getByTestId('bank-details')).toContainText('Deposit reference');
    await shot(page, 'payment-process-deferred-en');
    await page.getByRole('radio', { name: 'Forward payment' }).check();
    await expect(page.getByRole('group', { name: 'Settlement day' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: /Choose date/ }).click();
    const calendar = page.getByRole('dialog');
    await calendar.getByRole('button', { name: /next month/i }).click();
    await calendar.locator('button[role="gridcell"]:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Get the forward rate' }).click();
    await expect(page.getByTestId('forward-rate')).toHaveText(/^\d+\.\d{4,6} MXN per USD for /);
    await expect(page.getByRole('button', { name: 'Buy', exact: true })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'payment process forward (en)');
    await shot(page, 'payment-process-forward-en');
    // The review says what each method takes now and what later.
    const review = page.getByRole('dialog', { name: 'Confirm purchase' });
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(review.getByTestId('confirm-details')).toContainText('the forward deposit (5 %)');
    await expect(review.getByTestId('confirm-details')).toContainText('on the settlement day');
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();
    await page.getByRole('radio', { name: 'Deferred payment' }).check();
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(review.getByTestId('confirm-details')).toContainText(/Taken now\s*\$0\.00 USD/);
    await expect(review.getByTestId('confirm-details')).toContainText('when your transfer arrives');
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();

    await page.getByRole('radio', { name: 'Pay now from your USD balance' }).check();
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByTestId('confirm-details')).toContainText('Agrícola Demo SPR de RL');
    await expect(confirm.getByTestId('confirm-details')).toContainText('Pharr receiving dock');
    await expect(confirm.getByTestId('confirm-details')).toContainText(
      'Pay now from your USD balance',
    );
    // Escape cancels, as Cancel does; nothing was bought.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'confirm purchase (en)');
    await shot(page, 'confirm-purchase-en');
    await confirm.getByRole('button', { name: 'Confirm purchase' }).click();
    await expect(page).toHaveURL(/\/order-detail\/in-process\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;

    // The order is paid and its goods held: the grower is paid only once the buyer accepts.
    const { order } = (await tenant.api('GET', `orders/${orderId}`)) as {
      order: {
        sPaymentMethod: string;
        sPaymentStatus: string;
        sVendorName: string;
        iPallets: number;
        iTransports: number;
        payment: { sPaymentId: string | null };
        money: { dHeld: number; bSecured: boolean };
      };
    };
    expect(order.sPaymentMethod).toBe('PAY_NOW');
    expect(order.sPaymentStatus).toBe('PAID');
    expect(order.iPallets).toBe(2);
    expect(order.iTransports).toBe(1);
    expect(order.payment.sPaymentId).toBeNull();
    expect(order.money.bSecured).toBe(true);
    expect(Math.round(order.money.dHeld * 100)).toBe(
      Math.round(avocado.article.dPricePerBox * 100) * avocadoBoxes,
    );
    const { payments } = (await tenant.api('GET', 'payments/')) as {
      payments: Array<{ sPaymentId: string }>;
    };
    expect(payments).toEqual([]);

    // The other grower's cart stays.
    await page.goto('/shopping-cart');
    await expect(page.getByTestId('vendor-cart')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Shopping cart, 1 line' })).toBeVisible();

    // Spanish.
    await chooseLanguage(page, 'Español');
    await expect(page.getByRole('heading', { level: 1, name: 'Carrito de compras' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Proceder al pago con/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'cart (sp)');
    await shot(page, 'cart-sp');
    await page.getByRole('link', { name: /^Proceder al pago con/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Proceso de pago' })).toBeVisible();
    await expect(page.getByText(/Tipo de cambio se actualizará en \d+ segundos/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'payment process (sp)');
    await shot(page, 'payment-process-sp');
    await page.getByRole('button', { name: 'Comprar', exact: true }).click();
    const confirmar = page.getByRole('dialog', { name: 'Confirmar compra' });
    await expect(confirmar.getByTestId('confirm-details')).toContainText(
      'Pagar ahora con tu saldo en USD',
    );
    await expectNoSeriousA11yViolations(page, 'confirm purchase (sp)');
    await shot(page, 'confirm-purchase-sp');
    await confirmar.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmar).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'payment-process-sp-390');
  });

  test("a refused purchase shows 'Failed to buy' and goes back to the cart", async ({
    page,
    request,
  }) => {
    const tenant = await freshFundedTenant(page, request, 20_000);
    await addWarehouse(tenant);
    const { vendor, article } = await growerArticle(
      request,
      'vendor2@demo.test',
      'Raspberries 12 x 6 oz clamshell',
    );
    const boxes = article.iMinBoxes * 2;
    // Demo stock is shared by every test (and a retry): start from a known amount.
    await setStock(request, vendor, article.sArticleId, boxes * 10);
    await keepShownPreview(page);
    await tenant.api('POST', 'shopping-cart/items', {
      sProductId: article.sArticleId,
      dQuantity: boxes,
    });

    // The grower lowers its stock below the cart while the buyer is at checkout.
    await page.goto(`/payment-process/?vendor=${vendor.user.sEnterpriseId}`);
    await expect(page.getByTestId('usd-balance')).toHaveText('$20,000.00 USD');
    await setStock(request, vendor, article.sArticleId, boxes - 1);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirm purchase' })
      .getByRole('button', { name: 'Confirm purchase' })
      .click();
    const failed = page.getByRole('dialog', { name: 'Failed to buy' });
    await expect(failed).toBeVisible();
    await expect(failed.getByTestId('failed-message')).toHaveText(
      `Only ${boxes - 1} boxes are available; lower the quantity.`,
    );
    await expect(failed).toContainText('An article in the cart changed.');
    await page.keyboard.press('Escape');
    await expect(failed).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'failed to buy (en)');
    await shot(page, 'failed-to-buy-en');
    await failed.getByRole('button', { name: 'Go to cart' }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);

    // The cart marks the line and asks for a review; checkout waits for it.
    await expect(page.getByTestId('cart-changed')).toHaveText(
      'An item in your cart changed; please review your cart',
    );
    const line = page.getByTestId('cart-line');
    await expect(line.getByTestId('line-change')).toHaveText('Stock changed');
    await expect(page.getByRole('link', { name: /^Proceed to checkout with/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expectNoSeriousA11yViolations(page, 'cart changed (en)');
    await shot(page, 'cart-changed-en');

    // Updating the line acknowledges the change.
    await line.getByRole('textbox', { name: 'Boxes' }).fill(String(boxes - 1));
    await line.getByRole('button', { name: /^Update the boxes of/ }).click();
    await expect(line.getByTestId('line-change')).toHaveCount(0);
    await expect(page.getByTestId('cart-changed')).toHaveCount(0);

    // A quantity the server refuses (the stock fell again meanwhile) is shown on the field.
    await setStock(request, vendor, article.sArticleId, article.iMinBoxes);
    await line.getByRole('textbox', { name: 'Boxes' }).fill(String(boxes - 2));
    await line.getByRole('button', { name: /^Update the boxes of/ }).click();
    await expect(
      line.getByText(`Only ${article.iMinBoxes} boxes are available; lower the quantity.`),
    ).toBeVisible();
    await shot(page, 'cart-line-refused-en');
    await page.reload();
    await line.getByRole('textbox', { name: 'Boxes' }).fill(String(article.iMinBoxes));
    await line.getByRole('button', { name: /^Update the boxes of/ }).click();
    await expect(page.getByTestId('cart-changed')).toHaveCount(0);

    // The same refusal in Spanish.
    await chooseLanguage(page, 'Español');
    await page.getByRole('link', { name: /^Proceder al pago con/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Proceso de pago' })).toBeVisible();
    await expect(page.getByTestId('usd-balance')).toBeVisible();
    await setStock(request, vendor, article.sArticleId, article.iMinBoxes - 1);
    await page.getByRole('button', { name: 'Comprar', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirmar compra' })
      .getByRole('button', { name: 'Confirmar compra' })
      .click();
    const fallido = page.getByRole('dialog', { name: 'No se pudo comprar' });
    await expect(fallido).toBeVisible();
    await expect(fallido.getByTestId('failed-message')).toHaveText(
      `Solo hay ${article.iMinBoxes - 1} cajas disponibles; baja la cantidad.`,
    );
    await expectNoSeriousA11yViolations(page, 'failed to buy (sp)');
    await shot(page, 'failed-to-buy-sp');
    await fallido.getByRole('button', { name: 'Ir al carrito' }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(page.getByTestId('line-change')).toHaveText('No disponible');
    await shot(page, 'cart-changed-sp');

    // Removing the grower's whole cart.
    await page.getByRole('button', { name: /^Eliminar todo el carrito de/ }).click();
    const remove = page.getByRole('dialog', { name: '¿Eliminar el carrito de este productor?' });
    await expectNoSeriousA11yViolations(page, 'remove cart (sp)');
    await shot(page, 'remove-cart-sp');
    await remove.getByRole('button', { name: 'Eliminar carrito' }).click();
    await expect(page.getByText('Tu carrito está vacío.')).toBeVisible();
    await shot(page, 'cart-empty-sp');
  });

  for (const language of ['en', 'sp'] as const) {
    const L = {
      en: {
        buy: 'Buy',
        confirm: 'Confirm purchase',
        changed: 'The exchange rate changed while you were reviewing',
        accept: 'Accept the new rate',
      },
      sp: {
        buy: 'Comprar',
        confirm: 'Confirmar compra',
        changed: 'El tipo de cambio cambió mientras revisabas',
        accept: 'Aceptar el nuevo tipo de cambio',
      },
    }[language];

    test(`${language}: a rate change on the purchase review is announced and needs a fresh click`, async ({
      page,
      request,
    }) => {
      const tenant = await freshFundedTenant(page, request, 20_000);
      await addWarehouse(tenant);
      const { vendor, article } = await growerArticle(
        request,
        'vendor2@demo.test',
        'Blueberries 12 x 18 oz clamshell',
      );
      // Demo stock is shared by every test (and a retry): start from a known amount.
      await setStock(request, vendor, article.sArticleId, article.iMinBoxes * 20);
      await tenant.api('POST', 'shopping-cart/items', {
        sProductId: article.sArticleId,
        dQuantity: article.iMinBoxes,
      });

      // The page's first quote is another, a little higher than the server's (its previews are
      // priced at the server's), so that the quote read after the refusal below differs.
      let serverRate = 0;
      let serverReference = '';
      let shiftRate = true;
      await page.route('**/api/v1/*/dashboard', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as {
          exchangeRateToday: number;
          exchangeRateTodayReference: string;
        };
        serverRate = body.exchangeRateToday;
        serverReference = body.exchangeRateTodayReference;
        if (shiftRate) {
          body.exchangeRateToday = Number((serverRate + 0.05).toFixed(4));
          body.exchangeRateTodayReference = randomUUID();
        }
        await route.fulfill({ response, json: body });
      });
      await page.route('**/api/v1/*/orders/checkout/preview', async (route) => {
        const body = route.request().postDataJSON() as Record<string, unknown>;
        await route.continue({
          postData: JSON.stringify({
            ...body,
            dExchangeRate: serverRate,
            sExchangeRateReference: serverReference,
          }),
        });
      });
      // The first purchase meets an expired quote, as when the review stayed open too long.
      const sentRates: number[] = [];
      await page.route('**/api/v1/*/orders/checkout', async (route) => {
        sentRates.push((route.request().postDataJSON() as { dExchangeRate: number }).dExchangeRate);
        if (sentRates.length > 1) return route.continue();
        shiftRate = false;
        await route.fulfill({
          status: 409,
          json: {
            code: 'QUOTE_EXPIRED',
            message: 'The exchange rate expired.',
            field: 'sExchangeRateReference',
          },
        });
      });

      await page.goto(`/payment-process/?vendor=${vendor.user.sEnterpriseId}`);
      if (language === 'sp') await chooseLanguage(page, 'Español');
      await expect(page.getByTestId('usd-balance')).toHaveText('$20,000.00 USD');
      await page.getByRole('button', { name: L.buy, exact: true }).click();
      const review = page.getByRole('dialog', { name: L.confirm });
      const confirm = review.getByRole('button', { name: L.confirm });
      await confirm.click();

      // The old and the new rate and pesos are shown; confirming waits for a fresh click.
      const notice = review.getByTestId('quote-changed');
      await expect(notice).toContainText(L.changed);
      await expect(notice).toContainText(/MXN.*MXN/);
      await expect(confirm).toBeDisabled();
      // The rate the page read again after the refusal: the one the purchase must be made at.
      const newRate = serverRate;
      await expectNoSeriousA11yViolations(page, `purchase rate changed (${language})`);
      await shot(page, `purchase-rate-changed-${language}`);
      await notice.getByRole('button', { name: L.accept }).click();
      await expect(notice).toBeHidden();
      await expect(confirm).toBeEnabled();
      await confirm.click();
      await expect(page).toHaveURL(/\/order-detail\/in-process\/[0-9a-f-]{36}$/);
      expect(sentRates).toHaveLength(2);
      expect(sentRates[0]).not.toBe(newRate);
      expect(sentRates[1]).toBe(newRate);
    });
  }

  test('checkout without a warehouse says so and links to add one', async ({ page, request }) => {
    const tenant = await freshFundedTenant(page, request, 5_000);
    const { vendor, article } = await growerArticle(
      request,
      'vendor2@demo.test',
      'Blueberries 12 x 18 oz clamshell',
    );
    await tenant.api('POST', 'shopping-cart/items', {
      sProductId: article.sArticleId,
      dQuantity: article.iMinBoxes,
    });
    await page.goto(`/payment-process/?vendor=${vendor.user.sEnterpriseId}`);
    await expect(page.getByTestId('no-warehouse')).toContainText(
      'Checkout needs at least one warehouse.',
    );
    await expect(page.getByRole('link', { name: 'Add a warehouse' })).toHaveAttribute(
      'href',
      '/warehouse/add',
    );
    await expect(page.getByRole('button', { name: 'Buy', exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'no warehouse (en)');
    await shot(page, 'payment-process-no-warehouse-en');
  });
});
