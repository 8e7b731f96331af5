import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { freshFundedTenant, type Tenant } from './finance-fixtures';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLES = `${ROOT}apps/api/src/modules/cfdi/samples/`;
const LIMONES_FILE = 'cfdi40-limones-colima.xml';
const LIMONES_UUID = 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80';
const LIMONES_TOTAL = '135012.50';

/**
 * The issuer's payment complement for the whole of the limones invoice, sealed with the
 * demo CSD the API tests use (the sealing code lives in the API's sources, run with tsx).
 */
function limonesComplement(uuid: string): Buffer {
  return execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=source',
      'apps/api/src/test/payment-complement-cli.ts',
      'LCO150820KJ3',
      LIMONES_FILE,
      uuid,
      LIMONES_TOTAL,
      LIMONES_UUID,
    ],
    { cwd: ROOT },
  );
}

/** Imports the PPD limones CFDI with a new supplier, as the import dialog sends it. */
async function importLimones(tenant: Tenant) {
  const sContent = readFileSync(`${SAMPLES}${LIMONES_FILE}`, 'utf8');
  const { results } = (await tenant.api('POST', 'invoices/cfdi/parse', {
    files: [{ sFileName: LIMONES_FILE, sContent }],
  })) as {
    results: Array<{
      sUuid: string;
      sInvoice: string;
      dPurchaseDate: string;
      dTotalAmount: number;
      sNombreEmisor: string;
      sRfcEmisor: string;
    }>;
  };
  const line = results[0]!;
  const { invoices } = (await tenant.api('POST', 'invoices/import', {
    invoices: [
      {
        sUuid: line.sUuid,
        sContent,
        sInvoice: line.sInvoice,
        dPurchaseDate: line.dPurchaseDate,
        dTotalAmount: line.dTotalAmount,
        dRateProtection: 18.75,
        iCreditPeriod: 30,
        newSupplier: {
          sName: line.sNombreEmisor,
          sTaxId: line.sRfcEmisor,
          sAccountNumber: '012180026050783858',
        },
      },
    ],
  })) as { invoices: Array<{ sInvoiceId: string }> };
  const dashboard = (await tenant.api('GET', 'dashboard')) as {
    exchangeRateTodayReference: string;
  };
  await tenant.api('POST', 'payments/invoice', {
    sInvoiceId: invoices[0]!.sInvoiceId,
    sExchangeRateReference: dashboard.exchangeRateTodayReference,
  });
}

const TEXTS = {
  en: {
    status: 'Status',
    complementFilter: 'Payment complement due',
    paid: 'Paid',
    due: 'Complement due',
    cfdiButton: 'CFDI: LC-2031',
    cfdiTitle: 'CFDI of invoice LC-2031',
    received: 'Received: ',
    close: 'Close',
    importButton: 'Import CFDI',
    importTitle: 'Import CFDI invoices',
    confirm: /^Import 1/,
    recorded: '1 payment complements recorded.',
  },
  sp: {
    status: 'Estatus',
    complementFilter: 'Complemento de pago pendiente',
    paid: 'Pagada',
    due: 'Complemento pendiente',
    cfdiButton: 'CFDI: LC-2031',
    cfdiTitle: 'CFDI de la factura LC-2031',
    received: 'Recibido: ',
    close: 'Cerrar',
    importButton: 'Importar CFDI',
    importTitle: 'Importar facturas CFDI',
    confirm: /^Importar 1/,
    recorded: '1 complementos de pago registrados.',
  },
} as const;

async function chooseStatus(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const language of ['en', 'sp'] as const) {
  test(`a paid PPD invoice is due its complement until it is imported, and its CFDI shows it (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXTS[language];
    const tenant = await freshFundedTenant(page, request, 20_000);
    await importLimones(tenant);
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    await page.goto('/invoices');

    // The filter of complements due lists the paid invoice, marked.
    await chooseStatus(page, text.status, text.complementFilter);
    const row = page.getByRole('row').filter({ hasText: 'LC-2031' });
    await expect(row.getByTestId('complement-due')).toHaveText(text.due);
    await row.getByRole('button', { name: text.cfdiButton }).click();
    let dialog = page.getByRole('dialog', { name: text.cfdiTitle });
    await expect(dialog).toContainText(LIMONES_UUID);
    await expect(dialog).toContainText('LIMONES COLIMA');
    await expect(dialog.getByTestId('complement-state')).toHaveText(text.due);
    await dialog.getByRole('button', { name: text.close }).click();
    await expect(dialog).toBeHidden();

    // The supplier's complement, through the import dialog.
    const complementUuid = randomUUID().toUpperCase();
    await page.getByRole('button', { name: text.importButton }).click();
    const importer = page.getByRole('dialog', { name: text.importTitle });
    await importer
      .getByTestId('cfdi-file-input')
      .setInputFiles([
        { name: 'pago.xml', mimeType: 'text/xml', buffer: limonesComplement(complementUuid) },
      ]);
    await expect(importer.getByTestId('cfdi-row')).toContainText('LC-2031');
    await importer.getByRole('button', { name: text.confirm }).click();
    await expect(importer).toBeHidden();
    await expect(page.getByText(text.recorded)).toBeVisible();

    // No longer due: it leaves the filter, and among the paid its CFDI shows the complement.
    await expect(row).toHaveCount(0);
    await chooseStatus(page, text.status, text.paid);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('complement-due')).toHaveCount(0);
    await row.getByRole('button', { name: text.cfdiButton }).click();
    dialog = page.getByRole('dialog', { name: text.cfdiTitle });
    await expect(dialog.getByTestId('complement-state')).toHaveText(
      `${text.received}${complementUuid}`,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
