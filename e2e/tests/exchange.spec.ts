import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSupplier, freshFundedTenant } from './finance-fixtures';
import { SHOTS_DIR, shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

/** Set to a folder to save screenshots of the page and of every dialog step. */

/** "$1,234.50" → 1234.5 (for comparing figures shown on the page). */
function moneyOf(text: string | null): number {
  return Number((text ?? '').replace(/[$,\s]|USD|MXN/g, ''));
}

async function switchLanguage(page: Page, optionName: 'English' | 'Español') {
  await page.getByRole('combobox', { name: /Language|Idioma/ }).click();
  await page.getByRole('option', { name: optionName }).click();
}

/** Opens the date picker of the forward dialog and shows next month's calendar. */
async function openNextMonthCalendar(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: /^(Choose date|Elige fecha)/ }).click();
  const calendar = page.getByRole('grid');
  await expect(calendar).toBeVisible();
  const month = page.locator('.MuiPickersCalendarHeader-label');
  // Let the picker finish opening before reading the month shown.
  await expect(month).toHaveCount(1);
  const shown = (await month.textContent()) ?? '';
  await page.getByRole('button', { name: /Next month|Mes siguiente/ }).click();
  // The next month slides in: wait for it, then for the old one to leave.
  await expect(month.filter({ hasNotText: shown })).toHaveCount(1);
  await expect(month).toHaveCount(1);
  await expect(page.locator('.MuiDayCalendar-monthContainer')).toHaveCount(1);
  return calendar;
}

test('the dashboard shows the rate with its countdown, the balances and the counters', async ({
  page,
  request,
}) => {
  await freshFundedTenant(page, request, 50_000);

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('rate-today')).toHaveText(/^\d{2}\.\d{2}$/);
  await expect(page.getByTestId('rate-countdown')).toHaveText(
    /^Exchange rate will update in \d{1,2} seconds?$/,
  );
  await expect(page.getByTestId('balance-usd')).toHaveText('$50,000.00');
  await expect(page.getByTestId('balance-mxn')).toHaveText('$0.00');
  // The counter counts what its link lists: To pay and Parcial invoices.
  await expect(page.getByTestId('counter-invoices')).toHaveAttribute(
    'href',
    '/invoices?status=pending',
  );
  await expect(page.getByTestId('counter-conversions')).toHaveAttribute('href', '/balance');
  await expect(page.getByTestId('counter-forwards')).toHaveAttribute('href', '/forwards');
  await expect(page.getByTestId('counter-forwards')).toContainText('0');

  // The rate history loads after the figures, and its toggle changes the period.
  await expect(page.getByTestId('rate-history-summary')).toContainText(/^From \w+ \d+, \d{4}/);
  const week = page.getByRole('button', { name: '7 days' });
  await week.click();
  await expect(week).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rate-history-summary')).toContainText('latest');

  await expectNoSeriousA11yViolations(page);
  await shot(page, 'exchange-en-1280');

  await page.getByTestId('counter-invoices').click();
  await expect(page).toHaveURL(/\/invoices\?status=pending$/);
});

test('send payment: pay now to a supplier in three steps', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 50_000);
  await createSupplier(tenant);
  // A fresh quote: the steps below run well within its countdown.
  await page.reload();
  await expect(page.getByTestId('balance-usd')).toHaveText('$50,000.00');

  await page.getByRole('button', { name: 'Send payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send payment' });
  await expect(dialog).toBeVisible();
  const next = dialog.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Step 1: the recipient, shown with the masked CLABE.
  await dialog.getByRole('combobox', { name: 'Recipient' }).click();
  await page.getByRole('option', { name: 'Proveedor E2E SA de CV ********3858' }).click();
  await next.click();

  // Step 2: USD and MXN linked by the rate.
  const usd = dialog.getByTestId('amount-usd');
  const mxn = dialog.getByTestId('amount-mxn');
  await expect(dialog.getByTestId('rate-countdown')).toBeVisible();
  await usd.fill('1250.50');
  const rate = Number(await dialog.getByTestId('dialog-rate').textContent());
  await expect(mxn).toHaveValue(/^\d+\.\d{2}$/);
  expect(Math.abs(Number(await mxn.inputValue()) - 1250.5 * rate)).toBeLessThan(0.011);
  await expectNoSeriousA11yViolations(page);
  await next.click();

  // Step 3: the detail and a required payment concept.
  await expect(dialog.getByTestId('detail-clabe')).toHaveText('********3858');
  await expect(dialog.getByTestId('detail-usd')).toHaveText('$1,250.50');
  await expect(dialog.getByTestId('detail-date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  const confirm = dialog.getByRole('button', { name: 'Confirm payment' });
  await expect(confirm).toBeDisabled();
  await dialog
    .getByRole('textbox', { name: 'Payment concept' })
    .fill('Factura F-100, lote de aguacate');
  await expectNoSeriousA11yViolations(page);
  await confirm.click();

  await expect(page.getByText('The payment was sent.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('balance-usd')).toHaveText('$48,749.50');

  const { payments } = (await tenant.api('GET', 'payments/')) as {
    payments: Array<{ dAmountUsd: number; sConcept: string; payment_recipient: { sName: string } }>;
  };
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({
    dAmountUsd: 1250.5,
    sConcept: 'Factura F-100, lote de aguacate',
    payment_recipient: { sName: 'Proveedor E2E SA de CV' },
  });
});

test('convert 1,000 USD to MXN after a review; more than the balance is flagged while typing', async ({
  page,
  request,
}) => {
  await freshFundedTenant(page, request, 50_000);
  await page.reload();
  await expect(page.getByTestId('balance-usd')).toHaveText('$50,000.00');

  await page.getByRole('button', { name: 'Convert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert USD to MXN' });
  await expect(dialog.getByTestId('convert-hint')).toHaveText(
    'You can only convert $50,000.00 USD',
  );
  await expect(dialog.getByTestId('rate-countdown')).toBeVisible();

  // More than the balance: flagged while typing, and the review cannot start.
  await dialog.getByTestId('amount-usd').fill('60000');
  await expect(dialog).toContainText('Above your available balance of $50,000.00 USD.');
  await expect(dialog.getByRole('button', { name: 'Review' })).toBeDisabled();

  // Typing MXN fills USD; then 1,000 USD.
  await dialog.getByTestId('amount-mxn').fill('1800');
  await expect(dialog.getByTestId('amount-usd')).toHaveValue(/^\d+\.\d{2}$/);
  await dialog.getByTestId('amount-usd').fill('1000');
  const mxn = Number(await dialog.getByTestId('amount-mxn').inputValue());
  expect(mxn).toBeGreaterThan(10_000);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('detail-usd')).toHaveText('$1,000.00');
  await dialog.getByRole('button', { name: 'Confirm conversion' }).click();

  await expect(page.getByText('The conversion was made.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('balance-usd')).toHaveText('$49,000.00');
  expect(moneyOf(await page.getByTestId('balance-mxn').textContent())).toBeCloseTo(mxn, 2);
  await expect(page.getByTestId('counter-conversions')).toContainText('1');
});

test('an expired quote is refreshed and the user is told, without an error', async ({
  page,
  request,
}) => {
  await freshFundedTenant(page, request, 5_000);
  await page.getByRole('button', { name: 'Convert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert USD to MXN' });
  await dialog.getByTestId('amount-usd').fill('100');

  // The server answers the first conversion as if the quote had just expired.
  let refused = false;
  await page.route('**/api/v1/en/transactions', async (route) => {
    if (refused || route.request().method() !== 'POST') return route.fallback();
    refused = true;
    await route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'QUOTE_EXPIRED',
        message: 'The exchange rate quote has expired. Please refresh the rate.',
      }),
    });
  });
  const newQuote = page.waitForRequest(
    (candidate) =>
      candidate.method() === 'GET' && /\/api\/v1\/en\/dashboard$/.test(candidate.url()),
  );
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Confirm conversion' }).click();
  await newQuote;
  await expect(
    page.getByText('The exchange rate was updated. Please review the amounts.'),
  ).toBeVisible();
  await expect(page.getByText('The exchange rate quote has expired.')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  // Still on the review, at the new rate.
  await expect(dialog.getByTestId('detail-usd')).toHaveText('$100.00');
  // Had the minute turned, the new rate is shown beside the old one: accept it first.
  const changed = dialog.getByTestId('quote-changed');
  if (await changed.isVisible()) {
    await changed.getByRole('button', { name: 'Accept the new rate' }).click();
  }

  await dialog.getByRole('button', { name: 'Confirm conversion' }).click();
  await expect(page.getByText('The conversion was made.')).toBeVisible();
  await expect(page.getByTestId('balance-usd')).toHaveText('$4,900.00');
});

test('forward: weekends cannot be picked, a weekday can, and the forward is booked', async ({
  page,
  request,
}) => {
  await freshFundedTenant(page, request, 50_000);
  await page.reload();
  await page.getByRole('button', { name: 'Forward' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forward' });
  await expect(dialog).toBeVisible();
  // The amounts wait for a date.
  await expect(dialog.getByTestId('amount-usd')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  const calendar = await openNextMonthCalendar(page, dialog);
  // In English weeks start on Sunday: column 7 is Saturday, column 1 Sunday. Next month
  // lies wholly in the window, so only weekends and bank holidays are disabled there.
  const day = (column: number) =>
    calendar.locator(`button[role="gridcell"][aria-colindex="${column}"]`);
  await expect(day(7).first()).toBeVisible();
  await expect(day(7).and(page.locator(':not([disabled])'))).toHaveCount(0);
  await expect(day(1).and(page.locator(':not([disabled])'))).toHaveCount(0);
  expect(await day(7).count()).toBeGreaterThanOrEqual(4);
  await expectNoSeriousA11yViolations(page);

  const weekday = calendar.locator('button[role="gridcell"]:not([disabled])').first();
  const column = Number(await weekday.getAttribute('aria-colindex'));
  expect(column).toBeGreaterThanOrEqual(2);
  expect(column).toBeLessThanOrEqual(6);
  await weekday.click();
  await expect(calendar).toBeHidden();

  // The date priced the forward: its rate is shown and the amounts open.
  await expect(dialog.getByTestId('dialog-rate')).toHaveText(/^\d{2}\.\d{4,6}$/);
  await expect(dialog.getByTestId('amount-usd')).toBeEnabled();
  await dialog.getByTestId('amount-usd').fill('2000');
  await expect(dialog.getByTestId('amount-mxn')).toHaveValue(/^\d+\.\d{2}$/);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByTestId('detail-usd')).toHaveText('$2,000.00');
  await expect(dialog.getByTestId('detail-date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  // The deposit is taken from the balance at booking, and the text says so.
  await expect(
    dialog.getByText('($100.00 USD) is taken from your USD balance when you confirm'),
  ).toBeVisible();
  await expect(dialog.getByText(/Otherwise you cover the difference/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Schedule payment' }).click();

  await expect(page.getByText('The forward was booked.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('counter-forwards')).toContainText('1');
  // The 5% deposit is held from the USD balance.
  await expect(page.getByTestId('balance-usd')).toHaveText('$49,900.00');
});

test('add funds shows the bank details and a deposit reference to copy', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await freshFundedTenant(page, request, 1_000);
  await page.getByRole('button', { name: 'Add funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add funds' });
  await expect(dialog.getByText('Deposit reference (required)')).toBeVisible();
  const reference = dialog.getByText(/^PP[A-Z0-9]{8}$/);
  await expect(reference).toBeVisible();
  const copy = dialog.getByRole('button', { name: 'Copy Deposit reference (required)' });
  await expect(dialog.getByRole('button', { name: /^Copy / })).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);

  await copy.click();
  await expect(page.getByText('Deposit reference (required) copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await reference.textContent(),
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('in Spanish the texts and the dates change', async ({ page, request }) => {
  await freshFundedTenant(page, request, 1_000);
  await expect(page.getByTestId('rate-history-summary')).toContainText(/^From \w+ \d+, \d{4}/);

  await switchLanguage(page, 'Español');
  await expect(page.getByTestId('rate-countdown')).toContainText(
    'Tipo de cambio se actualizará en',
  );
  await expect(page.getByText('Tipo de cambio actual')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar pago' })).toBeVisible();
  await expect(page.getByText('Facturas pendientes de asignar')).toBeVisible();
  await expect(page.getByTestId('rate-history-summary')).toContainText(
    /^Del \d{1,2} de [a-z]+ de \d{4} al \d{1,2} de [a-z]+ de \d{4}/,
  );
  await expectNoSeriousA11yViolations(page);

  // The forward detail's date follows the language too.
  await page.getByRole('button', { name: 'Forward' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forward' });
  await expect(dialog.getByText('Selecciona la fecha de tu forward').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await shot(page, 'exchange-sp-1280');
});

test('at zero the countdown reloads the rate', async ({ page, request }) => {
  await page.clock.install();
  await freshFundedTenant(page, request, 1_000);
  const countdown = page.getByTestId('rate-countdown');
  // The quote's minute started on the server; a slow first load has used up a few seconds.
  await expect(countdown).toHaveText(/will update in [45]\d seconds/);
  await expect(countdown).toHaveAttribute('data-urgent', 'false');

  // Below 30 seconds it turns red.
  await page.clock.fastForward('00:32');
  await expect(countdown).toHaveAttribute('data-urgent', 'true');
  await expect(countdown).toHaveCSS('color', 'rgb(211, 47, 47)');

  // At zero a new quote is asked for, and the countdown starts again.
  const reload = page.waitForRequest(
    (candidate) =>
      candidate.method() === 'GET' && /\/api\/v1\/en\/dashboard$/.test(candidate.url()),
  );
  await page.clock.fastForward('01:00');
  await reload;
  await expect(countdown).toHaveText(/will update in (59|58|57) seconds/);
});

test('screenshots of the page and of every dialog step, in English and Spanish', async ({
  page,
  request,
}) => {
  // Not a check: it only writes screenshots for people to look at, so CI skips it unless
  // a folder is given. Every screen it shoots is asserted by the other tests.
  test.skip(!SHOTS_DIR, 'Set E2E_SHOTS_DIR to take the screenshots.');
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const tenant = await freshFundedTenant(page, request, 50_000);
  await createSupplier(tenant);

  for (const language of ['en', 'sp'] as const) {
    if (language === 'sp') await switchLanguage(page, 'Español');
    await page.reload();
    await expect(page.getByTestId('rate-history-summary')).not.toBeEmpty();
    await shot(page, `${language}-page-1280`);

    const names =
      language === 'en'
        ? { send: 'Send payment', convert: 'Convert', forward: 'Forward', add: 'Add funds' }
        : { send: 'Enviar pago', convert: 'Convertir', forward: 'Forward', add: 'Agregar fondos' };
    const next = language === 'en' ? 'Continue' : 'Continuar';
    const cancel = language === 'en' ? 'Cancel' : 'Cancelar';

    await page.getByRole('button', { name: names.send, exact: true }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox')).toBeVisible();
    await shot(page, `${language}-send-1`);
    await dialog.getByRole('combobox').click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: next }).click();
    await dialog.getByTestId('amount-usd').fill('1250.50');
    await shot(page, `${language}-send-2`);
    await dialog.getByRole('button', { name: next }).click();
    await dialog.getByRole('textbox').last().fill('Factura F-100');
    await shot(page, `${language}-send-3`);
    await dialog.getByRole('button', { name: cancel }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: names.convert, exact: true }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByTestId('amount-usd').fill('1000');
    await shot(page, `${language}-convert`);
    await dialog.getByRole('button', { name: cancel }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: names.forward, exact: true }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('amount-usd')).toBeDisabled();
    await shot(page, `${language}-forward-1`);
    const calendar = await openNextMonthCalendar(page, dialog);
    await shot(page, `${language}-forward-calendar`);
    await calendar.locator('button[role="gridcell"]:not([disabled])').first().click();
    await expect(dialog.getByTestId('amount-usd')).toBeEnabled();
    await dialog.getByTestId('amount-usd').fill('2000');
    await shot(page, `${language}-forward-1-filled`);
    await dialog.getByRole('button', { name: next }).click();
    await shot(page, `${language}-forward-2`);
    await dialog.getByRole('button', { name: cancel }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: names.add, exact: true }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/^PP[A-Z0-9]{8}$/)).toBeVisible();
    await shot(page, `${language}-add-funds`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('rate-today')).toBeVisible();
    await shot(page, `${language}-page-390`);
    await page.getByRole('button', { name: names.send, exact: true }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: next }).click();
    await dialog.getByTestId('amount-usd').fill('1250.50');
    await shot(page, `${language}-send-2-390`);
    await dialog.getByRole('button', { name: cancel }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});
