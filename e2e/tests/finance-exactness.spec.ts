import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createInvoice, createSupplier, freshFundedTenant, type Tenant } from './finance-fixtures';
import { logIn } from './helpers';
import { shot } from './screenshots';

/**
 * The MXN typed is the MXN delivered, every assigned invoice payable, a review
 * step before Convert moves money, and finance tables that fit a laptop.
 */

const DEMO_PASSWORD = 'Demo1234!';

async function forexTypeId(tenant: Tenant): Promise<string> {
  const catalog = (await tenant.api('GET', 'catalog/statuses')) as {
    transactionTypes: Array<{ sTransactionTypeId: string; sKey: string }>;
  };
  const type = catalog.transactionTypes.find((entry) => entry.sKey === 'FOREX');
  if (!type) throw new Error('No FOREX type');
  return type.sTransactionTypeId;
}

test('typing MXN in Send payment delivers exactly that amount, shown on the receipt', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 50_000);
  await createSupplier(tenant);
  await page.reload();
  await expect(page.getByTestId('balance-usd')).toHaveText('$50,000.00');

  await page.getByRole('button', { name: 'Send payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send payment' });
  await dialog.getByRole('combobox', { name: 'Recipient' }).click();
  await page.getByRole('option', { name: 'Proveedor E2E SA de CV ********3858' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await dialog.getByTestId('amount-mxn').fill('25000');
  // The USD charged is the pesos at the rate, rounded up to the cent.
  await expect(dialog.getByTestId('amount-usd')).toHaveValue(/^\d+\.\d{2}$/);
  const rate = Number(await dialog.getByTestId('dialog-rate').textContent());
  const usd = Number(await dialog.getByTestId('amount-usd').inputValue());
  expect(usd * rate).toBeGreaterThanOrEqual(25_000 - 1e-6);
  expect((usd - 0.01) * rate).toBeLessThan(25_000);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByTestId('detail-mxn')).toHaveText('$25,000.00');
  // The rate to 4 decimals, so that USD × rate = MXN can be checked by hand.
  await expect(dialog.getByTestId('detail-rate')).toHaveText(/^\d+\.\d{4,6}$/);
  await dialog.getByRole('textbox', { name: 'Payment concept' }).fill('Exact pesos');
  const sent = page.waitForResponse(
    (response) =>
      response.url().includes('/payments/sendPayNow') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  const body = (await sent).request().postDataJSON() as Record<string, unknown>;
  // The dialog sent the amount typed last: the pesos.
  expect(body).toMatchObject({ dDesAmount: 25_000 });
  expect(body).not.toHaveProperty('dAmount');
  await expect(page.getByText('The payment was sent.')).toBeVisible();

  const { payments } = (await tenant.api('GET', 'payments/')) as {
    payments: Array<{ sPaymentId: string; dAmount: number; dAmountUsd: number }>;
  };
  expect(payments[0]).toMatchObject({ dAmount: 25_000, dAmountUsd: usd });

  // The receipt says 25,000.00 MXN.
  const receipt = (await tenant.api('POST', 'payments/paymentReceipt', {
    sPaymentId: payments[0]?.sPaymentId,
  })) as { paymentReceipt: { data: string } };
  const file = join(tmpdir(), `h15-receipt-${Date.now()}.pdf`);
  writeFileSync(file, Buffer.from(receipt.paymentReceipt.data, 'base64'));
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain('25,000.00');
  expect(text).not.toContain('25,000.01');

  await page.goto('/payments');
  const grid = page.getByRole('grid', { name: 'Outgoing payments' });
  await expect(grid.getByRole('row').filter({ hasText: '$25,000.00' })).toHaveCount(1);
});

test('the second supplier of a two-supplier conversion can be paid', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 50_000);
  const first = await createSupplier(tenant, 'Primer Proveedor SA de CV');
  const second = await createSupplier(tenant, 'Segundo Proveedor SA de CV');
  const firstInvoice = await createInvoice(tenant, first, { name: 'F-UNO', totalMxn: 30_000 });
  const secondInvoice = await createInvoice(tenant, second, { name: 'F-DOS', totalMxn: 20_000 });
  const dashboard = (await tenant.api('GET', 'dashboard')) as {
    exchangeRateToday: number;
    exchangeRateTodayReference: string;
  };
  const { transaction } = (await tenant.api('POST', 'transactions/', {
    sTransactionType: await forexTypeId(tenant),
    dDesAmount: 50_000,
    dExchangeRate: dashboard.exchangeRateToday,
    referenceExchangeRate: dashboard.exchangeRateTodayReference,
    bExternal: false,
  })) as { transaction: { sTransactionId: string; dDesAmount: number } };
  // Exactly the pesos asked for: both invoices fit in full.
  expect(transaction.dDesAmount).toBe(50_000);
  await tenant.api('POST', 'transactions/invoice', {
    sTransactionId: transaction.sTransactionId,
    invoices: [
      { sInvoiceId: firstInvoice.sInvoiceId, dAmount: 30_000 },
      { sInvoiceId: secondInvoice.sInvoiceId, dAmount: 20_000 },
    ],
  });

  await page.goto('/balance');
  const grid = page.getByRole('grid', { name: 'Conversions' });
  const row = grid.getByRole('row').filter({ hasText: 'F-UNO' });
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(async () => {
    await row.getByRole('checkbox').check({ timeout: 2_000 });
    await expect(pay).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await pay.click();

  // Step 1 lists both suppliers with the invoices they still need paid.
  const chooser = page.getByRole('dialog', { name: 'Send payment' });
  await expect(chooser).toContainText('F-UNO: $30,000.00 MXN to pay');
  await expect(chooser).toContainText('F-DOS: $20,000.00 MXN to pay');
  await shot(page, 'en-pay-two-suppliers');
  await chooser.getByRole('radio', { name: /Segundo Proveedor SA de CV/ }).check();
  await chooser.getByRole('button', { name: 'Continue' }).click();

  const detail = page.getByRole('dialog', { name: 'Payment detail' });
  await expect(detail).toContainText('Segundo Proveedor SA de CV');
  await expect(detail).toContainText('F-DOS');
  // The amount defaults to what the invoice still needs.
  await expect(detail.getByTestId('pay-amount-input')).toHaveValue('20000.00');
  await expect(detail.getByTestId('pay-amount-mxn')).toContainText('$20,000.00');
  await detail.getByRole('textbox', { name: 'Payment concept' }).fill('Pago F-DOS');
  await detail.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('The payment was sent.')).toBeVisible();

  const answer = (await tenant.api('POST', 'transactions/detail', {
    sTransactionId: transaction.sTransactionId,
  })) as {
    transactions: Array<{
      dPaidAmount: number;
      invoice: Array<{ dPaidAmount: number; invoice: { sInvoice: string } }>;
    }>;
  };
  const paid = answer.transactions[0]?.invoice.find((entry) => entry.invoice.sInvoice === 'F-DOS');
  expect(paid?.dPaidAmount).toBe(20_000);
  expect(answer.transactions[0]?.dPaidAmount).toBe(20_000);
});

test('Convert has a review step, and an amount above the balance is flagged while typing', async ({
  page,
  request,
}) => {
  await freshFundedTenant(page, request, 5_000);
  await page.reload();
  await expect(page.getByTestId('balance-usd')).toHaveText('$5,000.00');
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert USD to MXN' });
  const review = dialog.getByRole('button', { name: 'Review' });

  await dialog.getByTestId('amount-usd').fill('6000');
  await expect(dialog).toContainText('Above your available balance of $5,000.00 USD.');
  await expect(review).toBeDisabled();

  await dialog.getByTestId('amount-mxn').fill('10000');
  await expect(review).toBeEnabled();
  // Nothing moves before the review.
  await expect(dialog.getByRole('button', { name: 'Confirm conversion' })).toHaveCount(0);
  await review.click();
  await expect(dialog.getByTestId('detail-mxn')).toHaveText('$10,000.00');
  await expect(dialog.getByTestId('detail-rate')).toHaveText(/^\d+\.\d{4,6}$/);
  await shot(page, 'en-convert-review');
  await dialog.getByRole('button', { name: 'Confirm conversion' }).click();
  await expect(page.getByText('The conversion was made.')).toBeVisible();
  await expect(page.getByTestId('balance-mxn')).toHaveText('$10,000.00');
});

for (const language of ['en', 'sp'] as const) {
  test(`at 1366×768 every finance table shows its Actions without scrolling (${language})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await logIn(page, 'demo@demo.test', DEMO_PASSWORD);
    if (language === 'sp') {
      await page.getByRole('combobox', { name: /Language|Idioma/ }).click();
      await page.getByRole('option', { name: 'Español' }).click();
    }
    for (const path of [
      '/invoices',
      '/balance',
      '/forwards',
      '/conversions',
      '/payments',
      '/suppliers',
    ]) {
      await page.goto(path);
      const action = page.locator('[data-field="actions"] button').first();
      await expect(action, path).toBeVisible();
      const box = await action.boundingBox();
      expect(box, path).not.toBeNull();
      if (!box) continue;
      expect(box.x, path).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, path).toBeLessThanOrEqual(1366);
      expect(box.y + box.height, path).toBeGreaterThan(0);
      // The whole Actions column lies inside its table, which is not scrolled sideways.
      const fits = await page.evaluate(() => {
        const header = document.querySelector(
          '[role="columnheader"][data-field="actions"], th[data-field="actions"]',
        );
        const table = header?.closest('.MuiDataGrid-root, [data-testid="invoices-table-scroller"]');
        if (!header || !table) return false;
        const cell = header.getBoundingClientRect();
        const box = table.getBoundingClientRect();
        return cell.left >= box.left - 1 && cell.right <= box.right + 1;
      });
      expect(fits, path).toBe(true);
      await shot(page, `${language}-1366${path.replace('/', '-')}`);
    }
    await page.goto('/statement');
    await expect(page.getByRole('grid').first()).toBeVisible();
    await shot(page, `${language}-1366-statement`);
  });
}
