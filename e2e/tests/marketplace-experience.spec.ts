import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, signUpCustomer, uniqueEmail } from './helpers';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

/**
 * The marketplace experience: search from the top bar in both languages, the
 * trade documents of an order, and a new grower's checklist up to its article in search.
 */

const DEMO_PASSWORD = 'Demo1234!';
const PASSWORD = 'E2e-Passw0rd!';
const CLABE = '032180000118359719';

async function useLanguage(page: Page, language: 'en' | 'sp') {
  await page.evaluate((value) => window.localStorage.setItem('language', value), language);
  await page.reload();
}

/** A small real PNG (solid colour), made with zlib. */
function makePng(size = 32): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 120)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function apiLogin(request: APIRequestContext, email: string) {
  const response = await request.post('/api/v1/en/auth/login', {
    data: { sEmail: email, sPassword: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const { token, user } = (await response.json()) as {
    token: string;
    user: { sEnterpriseId: string };
  };
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, headers = {}) => {
    const answer = await request.fetch(`/api/v1/en/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { data: body }),
    });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(400);
    return (await answer.json()) as T;
  };
  return { token, enterpriseId: user.sEnterpriseId, call };
}

test('a buyer searches "aguacate hass" from the top bar and adds the first result', async ({
  page,
}) => {
  await signUpCustomer(page, {
    firstName: 'Lucía',
    email: uniqueEmail('search'),
    password: PASSWORD,
  });
  await expect(page).toHaveURL(/\/exchange$/);
  await page.goto('/catalogs');

  const search = page.getByRole('search', { name: 'Search produce' });
  await search.getByRole('searchbox', { name: 'Search produce' }).fill('aguacate hass');
  await search.getByRole('searchbox', { name: 'Search produce' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?search=aguacate\+hass$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Results for “aguacate hass”' }),
  ).toBeVisible();
  const cards = page.getByTestId('article-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('article-count')).toHaveText('4 articles');
  for (const name of await cards.locator('h2, h3').allInnerTexts()) {
    expect(name).toMatch(/Hass avocado/);
  }
  await expectNoSeriousA11yViolations(page, 'search results (en)');
  await shot(page, 'search-results-en', { mobile: true });

  // The same search reads in Spanish, with the Spanish names.
  await useLanguage(page, 'sp');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Resultados para “aguacate hass”' }),
  ).toBeVisible();
  await expect(cards.first()).toContainText('Aguacate Hass');
  await shot(page, 'search-results-sp', { mobile: true });
  await useLanguage(page, 'en');

  // Typos and other word orders find the same produce.
  await page.getByRole('searchbox', { name: 'Search produce' }).fill('strawbery organic');
  await page.getByRole('searchbox', { name: 'Search produce' }).press('Enter');
  await expect(cards.first()).toContainText('Organic strawberries');

  // Page controls are links (so they open in a new tab), with the search kept.
  await page.getByRole('searchbox', { name: 'Search produce' }).fill('lb');
  await page.getByRole('searchbox', { name: 'Search produce' }).press('Enter');
  const pages = page.getByRole('navigation', { name: 'Pages of articles' });
  const second = pages.getByRole('link', { name: 'Go to page 2' });
  await expect(second).toHaveAttribute('href', /\/search\?search=lb&page=2$/);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    second.click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/page=2/);
  await expect(tab.getByTestId('article-card').first()).toBeVisible();
  await tab.close();

  // Add the first result of 'aguacate hass' to the cart.
  await page.getByRole('searchbox', { name: 'Search produce' }).fill('aguacate hass');
  await page.getByRole('searchbox', { name: 'Search produce' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?search=aguacate\+hass$/);
  // Wait until the cards are this search's, not the previous one's still on screen.
  await expect(page.getByTestId('article-count')).toHaveText('4 articles');
  const first = cards.first();
  await expect(first).toContainText('Hass avocado');
  const firstName = (await first.locator('h2, h3').first().innerText()).trim();
  await first.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  const minimum = Number((await page.getByTestId('minimum').innerText()).replace(/\D/g, ''));
  const quantity = page.getByRole('textbox', { name: 'Quantity (boxes)' });
  await quantity.fill(String(minimum));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Shopping cart, 1 line' })).toBeVisible();

  // Too many boxes: the answer says what is in the cart and what is left.
  const stock = Number((await page.getByTestId('stock').innerText()).replace(/\D/g, ''));
  await quantity.fill(String(stock));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(
    page.getByText(
      `You already have ${minimum} boxes in your cart; ${(stock - minimum).toLocaleString('en-US')} more are available.`,
    ),
  ).toBeVisible();

  // At 390 px the cart is on the bar, and the search has its own row.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: 'Shopping cart, 1 line' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search produce' })).toBeVisible();
  await shot(page, 'article-over-stock-390');
});

test('the buyer and the grower download the three documents of an order', async ({
  page,
  request,
}) => {
  const buyer = await apiLogin(request, 'demo@demo.test');
  const grower = await apiLogin(request, 'vendor@demo.test');
  const { articles } = await buyer.call<{
    articles: Array<{ sArticleId: string; iBoxesPerPallet: number; iMinBoxes: number }>;
  }>('GET', `catalog/articles?sVendorId=${grower.enterpriseId}&search=limon%20persa&limit=5`);
  const article = articles[0]!;
  await buyer.call('POST', 'shopping-cart/items', {
    sProductId: article.sArticleId,
    dQuantity: Math.max(article.iBoxesPerPallet, article.iMinBoxes),
  });
  const { warehouses } = await buyer.call<{ warehouses: Array<{ sWarehouseId: string }> }>(
    'GET',
    'warehouses',
  );
  const dashboard = await buyer.call<{ exchangeRateTodayReference: string }>('GET', 'dashboard');
  const { order } = await buyer.call<{ order: { sOrderId: string; iTrackingId: number } }>(
    'POST',
    'orders/checkout',
    {
      sVendorId: grower.enterpriseId,
      sWarehouseId: warehouses[0]!.sWarehouseId,
      sPaymentMethod: 'PAY_NOW',
      sExchangeRateReference: dashboard.exchangeRateTodayReference,
    },
    { 'Idempotency-Key': randomUUID() },
  );

  const folder = mkdtempSync(join(tmpdir(), 'order-documents-'));
  const downloadAll = async (expected: Record<string, string>, prefix: string) => {
    const section = page.getByRole('region', { name: /Trade documents|Documentos de comercio/ });
    await expect(section).toBeVisible();
    for (const [button, title] of Object.entries(expected)) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: button }).click(),
      ]);
      const path = join(folder, `${prefix}-${download.suggestedFilename()}`);
      await download.saveAs(path);
      expect(download.suggestedFilename()).toMatch(new RegExp(`-${order.iTrackingId}\\.pdf$`));
      expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', path, '-']).toString('utf8');
      expect(text).toContain(title);
      expect(text).toContain(`#${order.iTrackingId}`);
      expect(text).toContain('Agrícola Demo SPR de RL');
    }
  };

  await logIn(page, 'demo@demo.test', DEMO_PASSWORD);
  await page.goto(`/order-detail/in-process/${order.sOrderId}`);
  await downloadAll(
    {
      'Commercial invoice': 'Commercial invoice',
      'Packing list': 'Packing list',
      'Bill of lading (draft)': 'Bill of lading (draft)',
    },
    'buyer-en',
  );
  await shot(page, 'order-documents-en', { mobile: true });
  await useLanguage(page, 'sp');
  await downloadAll(
    {
      'Factura comercial': 'Factura comercial',
      'Lista de empaque': 'Lista de empaque',
      'Conocimiento de embarque (borrador)': 'Conocimiento de embarque (borrador)',
    },
    'buyer-sp',
  );
  await shot(page, 'order-documents-sp');

  // The grower downloads the same documents from its side.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('vendor@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/order-detail/in-process/${order.sOrderId}`);
  // The grower sees who receives the load at the dock, and how to reach them.
  const warehouse = page.getByRole('region', { name: 'Delivery warehouse' });
  await expect(warehouse).toContainText('Dock contact:');
  await expect(warehouse.getByRole('link', { name: /^\+?[\d ()-]+$/ })).toBeVisible();
  await downloadAll(
    {
      'Commercial invoice': 'Commercial invoice',
      'Packing list': 'Packing list',
      'Bill of lading (draft)': 'Bill of lading (draft)',
    },
    'grower-en',
  );
  await shot(page, 'grower-order-en', { mobile: true });
});

test('a new grower completes its checklist, the back office verifies it, and buyers find its article', async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const company = `Huerta Checklist ${stamp} SPR`;
  await page.goto('/signin/vendor');
  await page.getByLabel('Name', { exact: true }).fill('Rosa');
  await page.getByLabel('Last name').fill('Campos');
  await page.getByLabel('E-mail').fill(uniqueEmail('checklist'));
  await page.getByLabel('Phone').fill('+52 443 555 0101');
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);

  const checklist = page.getByRole('region', { name: 'Get ready to sell' });
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText('0 of 5 done');
  await expect(checklist.getByTestId('verification-status')).toContainText(
    'once your PACA licence, tax id and CLABE are registered',
  );
  await expectNoSeriousA11yViolations(page, 'grower checklist (en)');
  await shot(page, 'grower-checklist-en', { mobile: true });
  await useLanguage(page, 'sp');
  const checklistSp = page.getByRole('region', { name: 'Prepárate para vender' });
  await expect(checklistSp).toContainText('0 de 5 listos');
  await expect(checklistSp).toContainText('Tu licencia PACA, en los datos de la empresa');
  await expect(checklistSp).toContainText('Verificación de Pesos & Produce');
  await shot(page, 'grower-checklist-sp', { mobile: true });
  await useLanguage(page, 'en');

  // 1–2. Company data with PACA licence and tax id.
  await checklist.getByRole('link', { name: 'Add your PACA licence' }).click();
  await expect(page).toHaveURL(/\/profile\/tab\/1$/);
  await page.getByRole('textbox', { name: 'PACA licence number' }).fill('20241187');
  await page.getByRole('textbox', { name: 'Tax id' }).fill('HRE120315AB1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The company data was saved.')).toBeVisible();
  await expect(checklist.getByTestId('checklist-pacaLicense')).toHaveAttribute('data-done', 'true');
  await expect(checklist.getByTestId('checklist-taxId')).toHaveAttribute('data-done', 'true');
  await expect(checklist).toContainText('2 of 5 done');

  // 3. Bank data with a valid CLABE.
  await checklist.getByRole('link', { name: 'Register your CLABE' }).click();
  await expect(page).toHaveURL(/\/profile\/tab\/3$/);
  await page.getByRole('textbox', { name: 'CLABE' }).fill(CLABE);
  await page.getByRole('textbox', { name: 'CLABE' }).blur();
  await page.getByRole('textbox', { name: 'Bank name (MXN)' }).fill('Banorte');
  await page.getByRole('button', { name: 'Save' }).click();
  // Where payouts go is a protected change: the grower confirms it with its password.
  const confirm = page.getByRole('dialog', { name: 'Confirm with your password' });
  await confirm.getByLabel('Password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('The bank data was saved.')).toBeVisible();
  await expect(checklist).toContainText('3 of 5 done');

  // 4. The first article, named in Spanish only, with a photo.
  await checklist.getByRole('link', { name: 'Add an article' }).click();
  await expect(page).toHaveURL(/\/profile\/tab\/4$/);
  await page.getByRole('button', { name: 'Add article' }).click();
  const form = page.getByRole('dialog', { name: 'Add article' });
  const name = `Guayaba rosa ${stamp}`;
  await form.getByRole('textbox', { name: 'Nombre (español)' }).fill(name);
  await form
    .getByRole('textbox', { name: 'Descripción (español)' })
    .fill('Guayaba rosa de Calvillo, dulce y aromática.');
  await form.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('combobox', { name: /^Subcategory/ }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('textbox', { name: 'Price per box (USD)' }).fill('21.00');
  await form.getByRole('textbox', { name: 'Boxes per pallet' }).fill('100');
  await form.getByRole('textbox', { name: 'Minimum boxes per order' }).fill('10');
  await form.getByRole('textbox', { name: 'Available stock (boxes)' }).fill('1600');
  // A text file named .png is refused in the browser, by its bytes, and never queued.
  await form.getByTestId('article-photo-input').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are notes, not a photo'),
  });
  await expect(page.getByText('notes.png is not a JPEG, PNG or WebP image.')).toBeVisible();
  await expect(form.getByRole('img', { name: 'notes.png' })).toHaveCount(0);
  await form
    .getByTestId('article-photo-input')
    .setInputFiles({ name: 'guava.png', mimeType: 'image/png', buffer: makePng() });
  await expect(form.getByRole('img', { name: 'guava.png' })).toBeVisible();
  await shot(page, 'grower-article-form-en');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The article was published.')).toBeVisible();

  // Everything the grower does is done: the back office's verification is left.
  await expect(checklist).toContainText('4 of 5 done');
  await expect(checklist.getByTestId('checklist-verification')).toHaveAttribute(
    'data-done',
    'false',
  );
  await expect(checklist.getByTestId('verification-status')).toContainText(
    'Pending: our back office is checking your PACA licence and tax id.',
  );
  const card = page.getByTestId('vendor-article').filter({ hasText: name });
  await expect(card).toContainText('Stock: 1,600 boxes');
  await useLanguage(page, 'sp');
  await expect(card).toContainText('Existencia: 1,600 cajas');
  await expect(card.getByRole('button', { name: `Editar ${name}` })).toBeVisible();
  await expect(page.getByTestId('verification-status')).toContainText(
    'Pendiente: nuestro back office está revisando tu licencia PACA y tu RFC.',
  );
  await expectNoSeriousA11yViolations(page, 'articles tab with the checklist (sp)');
  await shot(page, 'grower-articles-sp', { mobile: true });
  await useLanguage(page, 'en');

  // A buyer does not find it yet: the grower is not verified.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await logIn(buyer, 'demo@demo.test', DEMO_PASSWORD);
  const searchAsBuyer = async (text: string) => {
    await buyer.goto('/home');
    await buyer.getByRole('searchbox', { name: 'Search produce' }).fill(text);
    await buyer.getByRole('searchbox', { name: 'Search produce' }).press('Enter');
  };
  await searchAsBuyer(`guayaba ${stamp}`);
  await expect(buyer.getByText('No article matches your search and filters.')).toBeVisible();
  await expect(buyer.getByTestId('article-card')).toHaveCount(0);

  // The back office verifies it, with a reason.
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await logIn(ops, 'ops@demo.test', DEMO_PASSWORD);
  await ops.goto('/operator');
  const grid = ops.getByRole('grid', { name: 'Enterprises' });
  const row = grid.getByRole('row').filter({ hasText: company });
  // Enterprises are paged by name: move on until the new grower's row is there.
  for (let guard = 0; guard < 20 && (await row.count()) === 0; guard += 1) {
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    if ((await row.count()) > 0) break;
    await ops.getByRole('button', { name: 'Go to next page' }).click();
  }
  await expect(row).toContainText('No');
  await row.getByRole('button', { name: `Verify ${company}` }).click();
  const dialog = ops.getByRole('dialog', { name: `Verify ${company}` });
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('Write the reason for this decision.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: /Reason/ })
    .fill('PACA licence 20241187 and RFC HRE120315AB1 checked; CLABE registered.');
  await expectNoSeriousA11yViolations(ops, 'verify dialog (en)');
  await shot(ops, 'operator-verify-dialog-en', { mobile: true, fullPage: false });
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(ops.getByText(`${company} is verified: its articles are listed.`)).toBeVisible();
  await expect(row).toContainText('Yes');
  await expect(
    row.getByRole('button', { name: `Withdraw the verification of ${company}` }),
  ).toBeVisible();
  await useLanguage(ops, 'sp');
  const rowSp = ops.getByRole('grid', { name: 'Empresas' }).getByRole('row').filter({
    hasText: company,
  });
  for (let guard = 0; guard < 20 && (await rowSp.count()) === 0; guard += 1) {
    await expect(ops.getByRole('grid', { name: 'Empresas' }).getByRole('row').nth(1)).toBeVisible();
    if ((await rowSp.count()) > 0) break;
    await ops.getByRole('button', { name: /página siguiente|next page/i }).click();
  }
  await expect(
    rowSp.getByRole('button', { name: `Retirar la verificación de ${company}` }),
  ).toBeVisible();
  await shot(ops, 'operator-enterprises-sp', { mobile: true });
  await opsContext.close();

  // The checklist is done and goes away; the buyer finds the article, with a typo.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Get ready to sell' })).toHaveCount(0);
  await searchAsBuyer(`guayava ${stamp}`);
  await expect(buyer.getByTestId('article-card').first()).toContainText(name);
  await shot(buyer, 'buyer-finds-verified-grower-en', { mobile: true });
  await buyerContext.close();
});
