import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freshFundedTenant } from './finance-fixtures';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

const SAMPLES = fileURLToPath(new URL('../../apps/api/src/modules/cfdi/samples/', import.meta.url));
const FILES = [
  'cfdi40-aguacates-del-valle.xml',
  'cfdi40-limones-colima.xml',
  'cfdi33-berries-jalisco.xml',
].map((name) => join(SAMPLES, name));

/** CLABEs with valid check digits for the three new suppliers. */
const CLABES: Record<string, string> = {
  AVA120315AB1: '012180026050783858',
  LCO150820KJ3: '032180000118359719',
  BJA180101QW5: '014180000000000000',
};

function pdfToText(base64: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-receipt-'));
  const file = join(dir, 'receipt.pdf');
  writeFileSync(file, Buffer.from(base64, 'base64'));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

test('imports three CFDI files, pays two invoices in one batch and shows both receipts with tracking keys', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 50_000);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Import CFDI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CFDI invoices' });
  await expect(dialog).toBeVisible();

  // Keyboard: the drop zone opens the file picker with Enter.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /Drop CFDI XML files here/ }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(FILES);

  const rows = dialog.getByTestId('cfdi-row');
  await expect(rows).toHaveCount(3);
  await expect(dialog.getByText('LC-2031')).toBeVisible();
  await expect(dialog.getByText('BJ-5567')).toBeVisible();
  // A new company has no tax id on file: each row says the receptor could not be checked.
  await expect(dialog.getByTestId('cfdi-warning')).toHaveCount(3);
  for (const [rfc, clabe] of Object.entries(CLABES)) {
    await dialog.getByLabel(`CLABE of ${rfc}`).fill(clabe);
  }
  await dialog.getByLabel('Protected rate for all').fill('18.9');
  await dialog.getByRole('button', { name: 'Apply to every row' }).click();
  await shot(page, 'cfdi-review-en-1366');
  await expectNoSeriousA11yViolations(page, 'CFDI review');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'cfdi-review-en-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: 'Import 3 files' }).click();
  await expect(page.getByText('3 invoices imported.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Pay two of them in one batch: one quote, one review, one confirmation.
  await page.getByRole('button', { name: 'Pay in batch' }).click();
  const batchDialog = page.getByRole('dialog', { name: 'Pay invoices in one batch' });
  await expect(batchDialog.getByTestId('batch-invoice-row')).toHaveCount(3);
  await batchDialog.getByRole('checkbox', { name: 'Select invoice LC-2031' }).check();
  await batchDialog.getByRole('checkbox', { name: 'Select invoice BJ-5567' }).check();
  await batchDialog.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review the batch' });
  await expect(review.getByTestId('batch-review-row')).toHaveCount(2);
  await expect(review.getByText('135,012.50')).toBeVisible();
  await expect(review.getByText('96,412.80')).toBeVisible();
  await shot(page, 'batch-review-en-1366');
  await review.getByRole('button', { name: 'Pay 2 invoices' }).click();

  await expect(page).toHaveURL(/\/payments\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('batch-summary')).toHaveText('2 sent, 0 failed, 0 not attempted');
  const keys = await page.getByTestId('batch-tracking-key').allInnerTexts();
  expect(keys).toHaveLength(2);
  for (const key of keys) expect(key).toMatch(/^PP\d{8}[A-Z2-9]{12}$/);
  await shot(page, 'batch-page-en-1366');
  await expectNoSeriousA11yViolations(page, 'batch page');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'batch-page-en-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The history shows both tracking keys; each receipt and each SPEI proof carries its key.
  await page.goto('/payments');
  for (const key of keys) await expect(page.getByText(key)).toBeVisible();
  const { payments } = (await tenant.api('GET', 'payments/')) as {
    payments: Array<{ sPaymentId: string; sTrackingKey: string; iTrackingId: number }>;
  };
  expect(payments.map((payment) => payment.sTrackingKey).sort()).toEqual([...keys].sort());
  for (const payment of payments) {
    const receipt = (await tenant.api('POST', 'payments/paymentReceipt', {
      sPaymentId: payment.sPaymentId,
    })) as { paymentReceipt: { data: string } };
    expect(pdfToText(receipt.paymentReceipt.data)).toContain(payment.sTrackingKey);

    await page.goto('/payments');
    await page.getByRole('link', { name: `SPEI proof of payment ${payment.iTrackingId}` }).click();
    await expect(page.getByRole('heading', { name: 'SPEI transfer proof' })).toBeVisible();
    await expect(page.getByTestId('proof-tracking-key')).toHaveText(payment.sTrackingKey);
  }
  await shot(page, 'proof-en-1366');
  await expectNoSeriousA11yViolations(page, 'SPEI proof');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'proof-en-390');

  // Spanish.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(
    page.getByRole('heading', { name: 'Comprobante de transferencia SPEI' }),
  ).toBeVisible();
  await expect(page.getByText('Clave de rastreo', { exact: true })).toBeVisible();
  await shot(page, 'proof-sp-1366');
  await page.goBack();
  await page.goto('/payments');
  await expect(page.getByTestId('payment-tracking-key').first()).toBeVisible();
  await shot(page, 'payments-sp-1366');
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Importar CFDI' }).click();
  const spDialog = page.getByRole('dialog', { name: 'Importar facturas CFDI' });
  await spDialog.getByTestId('cfdi-file-input').setInputFiles(FILES);
  await expect(spDialog.getByTestId('cfdi-row')).toHaveCount(3);
  await expect(spDialog.getByText('Duplicada')).toHaveCount(3);
  await shot(page, 'cfdi-review-sp-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'cfdi-review-sp-390');
});

test('pays a batch from a CSV file only once every row is right', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  for (const [name, rfc, clabe] of [
    ['Limones Colima SPR de RL', 'LCO150820KJ3', '032180000118359719'],
    ['Aguacates del Valle SA de CV', 'AVA120315AB1', '012180026050783858'],
  ]) {
    await tenant.api('POST', 'payment-recipient/', {
      sName: name,
      sEmail: 'pagos@proveedor.mx',
      sBankName: 'BANORTE',
      sAccountNumber: clabe,
      sEntityBusiness: 'COMPANY',
      sTaxId: rfc,
    });
  }
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Batch from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Batch payment from a CSV file' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the template' }).click();
  expect((await download).suggestedFilename()).toBe('pagos-lote.csv');

  const input = dialog.getByTestId('csv-file-input');
  await input.setInputFiles({
    name: 'pagos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'supplier,amount_mxn,concept\nLCO150820KJ3,48250.75,Factura LC-2031\nXYZ010101AB1,100,Pago\n',
    ),
  });
  await expect(dialog.getByTestId('csv-row')).toHaveCount(2);
  await expect(dialog.getByText('No supplier with this RFC or id')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pay 2 rows' })).toBeDisabled();
  await shot(page, 'csv-errors-en-1366');

  await input.setInputFiles({
    name: 'pagos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'supplier,amount_mxn,concept\nLCO150820KJ3,48250.75,Factura LC-2031\nAVA120315AB1,"12,000.00",Anticipo cosecha\n',
    ),
  });
  await expect(dialog.getByText('OK', { exact: true })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'CSV review');
  await dialog.getByRole('button', { name: 'Pay 2 rows' }).click();
  await expect(page).toHaveURL(/\/payments\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('batch-summary')).toHaveText('2 sent, 0 failed, 0 not attempted');
  await expect(page.getByText('$48,250.75')).toBeVisible();
  await expect(page.getByText('$12,000.00')).toBeVisible();
});
