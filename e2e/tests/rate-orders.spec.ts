import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createInvoice, createSupplier, freshFundedTenant } from './finance-fixtures';
import { shot } from './screenshots';

function invoiceRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: /Invoices pending assignment|Facturas pendientes de asignar/ })
    .getByRole('row')
    .filter({ hasText: name });
}

/** The rate a dialog shows ('18.2250 MXN') as a number. */
function rateIn(text: string): number {
  const match = /(\d+\.\d+)/.exec(text);
  if (!match?.[1]) throw new Error(`No rate in ${text}`);
  return Number(match[1]);
}

/**
 * The server's market is a simulated, seeded walk with no test hook to move it, so the test
 * steers the order to the quote: first a target far above the market (it waits), then the
 * market rate itself, which the quote meets at the next check of the rate-order job.
 */
test.setTimeout(300_000);

test('sets an auto-convert on an invoice, waits, and converts it once the quote reaches the target', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  const supplierId = await createSupplier(tenant, 'Aguacates del Valle SA de CV');
  await createInvoice(tenant, supplierId, {
    name: 'AV-RO-1',
    totalMxn: 100_000,
    protectedRate: 19.25,
  });
  // Wide enough for the table's Auto-convert column (a laptop hides it first).
  await page.setViewportSize({ width: 1680, height: 900 });
  await page.goto('/invoices');
  const row = invoiceRow(page, 'AV-RO-1');
  // The first page of a fresh tenant can take long on a busy machine.
  await expect(row).toBeVisible({ timeout: 60_000 });

  // Keyboard: select the invoice, then the toolbar's Auto-convert opens the review.
  await row.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Auto-convert', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Auto-convert invoice AV-RO-1' });
  await expect(dialog).toBeVisible();
  const target = dialog.getByLabel('Target rate (MXN per USD)');
  await expect(target).toHaveValue('19.25');
  const market = rateIn(await dialog.getByTestId('rate-order-market').innerText());
  // 100,000 MXN at 19.25 costs 5,194.81 USD (rounded up to the cent).
  await expect(dialog.getByTestId('rate-order-usd')).toHaveText('$5,194.81 USD');

  // A target well above the market: the order waits.
  const high = (Math.floor(market) + 3).toFixed(4);
  await target.fill(high);
  await expect(dialog.getByText(/already at or above this rate/)).toHaveCount(0);
  await shot(page, 'rate-order-dialog-en-1680');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await dialog.getByRole('button', { name: 'Set auto-convert' }).click();
  await expect(dialog).toBeHidden();
  const chip = row.getByTestId('rate-order-chip');
  await expect(chip).toContainText(`≥ ${high}`);
  await expect(chip).toHaveAttribute('title', new RegExp(`^Waiting for ${high} until `));
  await shot(page, 'rate-order-waiting-en-1680');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'rate-order-waiting-en-390');

  // Spanish, at 390 px: the dialog shows the active order and can cancel it.
  await page.goto('/invoices');
  await page.evaluate(() => window.localStorage.setItem('language', 'sp'));
  await page.reload();
  await invoiceRow(page, 'AV-RO-1').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Conversión automática', exact: true }).click();
  const spanish = page.getByRole('dialog', {
    name: 'Conversión automática de la factura AV-RO-1',
  });
  await expect(spanish.getByTestId('rate-order-current')).toContainText(`Esperando ${high}`);
  await shot(page, 'rate-order-dialog-sp-390');
  await spanish.getByRole('button', { name: 'Cerrar' }).click();
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 1680, height: 900 });
  await page.reload();

  // The quote reaches the target: the order is moved to the market rate, and the job fills it.
  await invoiceRow(page, 'AV-RO-1').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Auto-convert', exact: true }).click();
  await expect(dialog.getByTestId('rate-order-current')).toContainText(`Waiting for ${high}`);
  const now = rateIn(await dialog.getByTestId('rate-order-market').innerText());
  await target.fill((now - 0.05).toFixed(4));
  await expect(dialog.getByText(/already at or above this rate/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Update auto-convert' }).click();
  await expect(dialog).toBeHidden();

  // Converted: the invoice leaves the To pay list; with no status filter it is Assigned, and
  // its chip says at which rate.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('button', { name: 'Clear' }).last().click();
    const converted = invoiceRow(page, 'AV-RO-1');
    await expect(converted).toContainText('Assigned', { timeout: 3_000 });
    await expect(converted.getByTestId('rate-order-chip')).toContainText('Converted at', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await shot(page, 'rate-order-filled-en-1680');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'rate-order-filled-en-1280');

  // One conversion of exactly the invoice's pesos, assigned to it.
  const history = (await tenant.api('GET', 'transactions/history')) as {
    transactions: Array<{ dDesAmount: number; invoice: Array<{ invoice: { sInvoice: string } }> }>;
  };
  const conversions = history.transactions.filter((conversion) =>
    conversion.invoice.some((line) => line.invoice.sInvoice === 'AV-RO-1'),
  );
  expect(conversions).toHaveLength(1);
  expect(conversions[0]?.dDesAmount).toBe(100_000);
});
