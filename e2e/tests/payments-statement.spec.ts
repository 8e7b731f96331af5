import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readDownloadedWorkbook } from './finance-fixtures';
import { logIn, uniqueEmail } from './helpers';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

const DEMO_PASSWORD = 'Demo1234!';

async function switchToSpanish(page: Page) {
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible();
}

/** The header texts of a visible data grid. */
async function gridHeaders(page: Page) {
  return page.getByRole('columnheader').allInnerTexts();
}

function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = window.localStorage.getItem('session');
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });
}

/**
 * Keeps every Blob the page turns into an object URL, so a test can read the file behind a
 * blob: URL (the app's CSP, connect-src 'self', rightly forbids fetching it).
 */
async function recordObjectUrls(page: Page) {
  await page.addInitScript(() => {
    const blobs = new Map<string, Blob>();
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      if (object instanceof Blob) blobs.set(url, object);
      return url;
    };
    (window as unknown as { recordedBlobs: Map<string, Blob> }).recordedBlobs = blobs;
  });
}

/** The type and first bytes of the file behind a blob: URL the page made. */
function blobHead(page: Page, url: string): Promise<{ type: string; head: string } | null> {
  return page.evaluate(async (blobUrl) => {
    const blob = (window as unknown as { recordedBlobs: Map<string, Blob> }).recordedBlobs.get(
      blobUrl,
    );
    return blob ? { type: blob.type, head: await blob.slice(0, 5).text() } : null;
  }, url);
}

function calendarDaysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

test.describe('payments history', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('lists the payments, opens a receipt in a new tab and exports HistorialPagos.xlsx', async ({
    page,
  }) => {
    await recordObjectUrls(page);
    await logIn(page, 'demo@demo.test', DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Payment history' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outgoing payments history');

    const grid = page.getByRole('grid', { name: 'Outgoing payments' });
    const rows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    // At 1280 px every column fits beside Actions (finance-tables.spec.ts checks
    // each table at each width), as the export below carries them.
    expect(await gridHeaders(page)).toEqual([
      'Id',
      'Payment date',
      'Recipient',
      'Invoice',
      'Transaction type',
      'Total amount MXN',
      'Total amount USD',
      'Exchange rate',
      'Currency profit (%)',
      'Currency gain (USD)',
      'Status',
      'Actions',
    ]);
    const payNow = rows.filter({ hasText: 'Transportes Frontera SA de CV' }).first();
    await expect(payNow).toContainText('Pay Now');
    await expect(payNow).toContainText(/\$[\d,]+\.\d{2}/);
    await expect(grid.getByText('Forex').first()).toBeVisible();
    await expect(page.getByTestId('total-gain')).toContainText(/-?\$[\d,]+\.\d{2} USD/);
    await expectNoSeriousA11yViolations(page, 'payments (en)');
    await shot(page, 'payments-en');

    // The receipt opens in a new tab as a PDF blob.
    const trackingId = (await payNow.getByRole('gridcell').first().innerText()).trim();
    const popupPromise = page.context().waitForEvent('page');
    await payNow.getByRole('button', { name: `View receipt of payment ${trackingId}` }).click();
    const popup = await popupPromise;
    expect(popup.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    expect(await blobHead(page, popup.url())).toEqual({ type: 'application/pdf', head: '%PDF-' });
    await popup.close();

    // A blocked popup: the receipt is downloaded instead.
    await page.evaluate(() => {
      window.open = () => null;
    });
    const receiptDownload = page.waitForEvent('download');
    await payNow.getByRole('button', { name: `View receipt of payment ${trackingId}` }).click();
    const receipt = await receiptDownload;
    expect(receipt.suggestedFilename()).toBe(`Comprobante-${trackingId}.pdf`);
    expect((await readFile(await receipt.path())).subarray(0, 5).toString()).toBe('%PDF-');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const workbook = await readDownloadedWorkbook(await downloadPromise);
    expect(workbook.fileName).toBe('HistorialPagos.xlsx');
    expect(workbook.sheetNames).toEqual(['Hoja1']);
    expect(workbook.header).toEqual([
      'Id',
      'Payment date',
      'Recipient',
      'Invoice',
      'Transaction type',
      'Total amount MXN',
      'Total amount USD',
      'Exchange rate',
      'Currency profit (%)',
      'Currency gain (USD)',
      'Status',
    ]);
    expect(workbook.rows.length).toBe((await rows.count()) + 1);
    await expect(page.getByText('Downloading document')).toBeVisible();

    await switchToSpanish(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Historial de egresos');
    await expect(page.getByRole('columnheader', { name: 'Fecha de pago' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Destinatario' })).toBeVisible();
    await expect(
      page.getByRole('grid', { name: 'Egresos' }).getByText('Completado').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'payments (sp)');
    await shot(page, 'payments-sp');
    const spDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar' }).click();
    const spWorkbook = await readDownloadedWorkbook(await spDownload);
    expect(spWorkbook.header.slice(0, 5)).toEqual([
      'Id',
      'Fecha de pago',
      'Destinatario',
      'Factura',
      'Tipo de transacción',
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'payments-sp-390');
  });
});

test.describe('account statement', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the USD statement with balances, entries, Excel and PDF; an empty period', async ({
    page,
    request,
  }) => {
    await logIn(page, 'demo@demo.test', DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Account statement' }).click();
    await expect(page).toHaveURL(/\/statement$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account statement');
    await expect(page.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');

    // Four months back: the demo company's history (deposits, forex, pay now) is in it.
    const from = calendarDaysAgo(120);
    await page.getByLabel('From', { exact: true }).fill(from);
    const to = await page.getByLabel('To', { exact: true }).inputValue();
    const token = await sessionToken(page);
    const answer = await request.get(`/api/v1/en/statement?currency=USD&from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const statement = (await answer.json()) as {
      openingBalance: number;
      closingBalance: number;
      entries: Array<{ sDescription: string; dBalance: number }>;
    };
    expect(statement.entries.length).toBeGreaterThan(0);
    const money = (value: number) =>
      `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    await expect(page.getByTestId('opening-balance')).toContainText(
      `${money(statement.openingBalance)} USD`,
    );
    await expect(page.getByTestId('closing-balance')).toContainText(
      `${money(statement.closingBalance)} USD`,
    );
    const grid = page.getByRole('grid', { name: 'Movements of the period' });
    await expect(grid.getByText(statement.entries[0]!.sDescription)).toBeVisible();
    expect(await gridHeaders(page)).toEqual([
      'Date',
      'Description',
      'Type',
      'Reference',
      'Debit',
      'Credit',
      'Balance',
    ]);
    await expect(grid.getByText('Deposit').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'statement (en)');
    await shot(page, 'statement-en');

    const excelPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const workbook = await readDownloadedWorkbook(await excelPromise);
    expect(workbook.fileName).toBe('EstadoDeCuenta.xlsx');
    expect(workbook.sheetNames).toEqual(['Hoja1']);
    expect(workbook.header).toEqual([
      'Date',
      'Description',
      'Type',
      'Reference',
      'Debit (USD)',
      'Credit (USD)',
      'Balance (USD)',
    ]);
    // Opening line, the movements, closing line.
    expect(workbook.rows.length).toBe(statement.entries.length + 3);
    expect(workbook.rows[1]?.[1]).toBe('Opening balance');
    expect(workbook.rows.at(-1)?.[6]).toBe(statement.closingBalance);

    // The table asks the server for each page: ten rows, then the next ten, each line with the
    // balance the whole-period answer gives it (the demo period holds more than ten).
    const movements = statement.entries.length;
    expect(movements).toBeGreaterThan(10);
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(page.getByText(`1–10 of ${movements}`)).toBeVisible();
    const secondPage = page.waitForRequest(/\/statement\?.*page=2&limit=10/);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await secondPage;
    await expect(page.getByText(`11–${Math.min(20, movements)} of ${movements}`)).toBeVisible();
    const firstRowBalance = grid.getByRole('row').nth(1).locator('[data-field="dBalance"]');
    await expect(firstRowBalance).toHaveText(money(statement.entries[10]!.dBalance));

    const pdfPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = await pdfPromise;
    expect(pdf.suggestedFilename()).toBe(`EstadoDeCuenta-USD-${from}-${to}.pdf`);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // A period without movements: an empty table, the balances still shown.
    await page.getByRole('button', { name: 'MXN' }).click();
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('No movements in this period.')).toBeVisible();
    await expect(page.getByTestId('opening-balance')).toContainText('$0.00 MXN');
    await expect(page.getByTestId('closing-balance')).toContainText('$0.00 MXN');
    await expectNoSeriousA11yViolations(page, 'statement empty (en)');
    await shot(page, 'statement-empty-en');

    // A period in the wrong order is refused on the field, with no request.
    await page.getByLabel('From', { exact: true }).fill('2020-02-15');
    await expect(page.getByText('The start date must be on or before the end date.')).toBeVisible();

    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'USD' }).click();
    await switchToSpanish(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Estado de cuenta');
    await expect(page.getByTestId('opening-balance')).toContainText('Saldo inicial');
    await expect(page.getByRole('columnheader', { name: 'Saldo' })).toBeVisible();
    await expect(
      page.getByRole('grid', { name: 'Movimientos del periodo' }).getByText('Depósito').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'statement (sp)');
    await shot(page, 'statement-sp');

    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'statement-sp-390');
  });
});

async function signUpTenant(request: APIRequestContext, enterpriseName: string) {
  const email = uniqueEmail('w4tenant');
  const password = 'E2e-Passw0rd!';
  const signup = await request.post('/api/v1/en/auth/signup/customer', {
    data: {
      sName: 'Olga',
      sLastName: 'Nava',
      sEmail: email,
      sPassword: password,
      sConfirmPassword: password,
      sEnterpriseName: enterpriseName,
      sPhone: '+1 956 555 0103',
    },
  });
  expect(signup.status()).toBe(201);
  return ((await signup.json()) as { user: { sEnterpriseId: string } }).user.sEnterpriseId;
}

test.describe('back office', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an operator credits a deposit once per bank reference', async ({ page, request }) => {
    // Two languages, two widths, axe scans and screenshots: over 150 s on a slow machine.
    test.slow();
    // 'AAA…' sorts first, so the new company is on the first page.
    const name = `AAA W4 Fresh ${Date.now()}`;
    await signUpTenant(request, name);
    const reference = `W4-WIRE-${Date.now()}`;

    // The operator's home is the back office; wires are credited on its Deposits tab.
    await logIn(page, 'ops@demo.test', DEMO_PASSWORD);
    await page.goto('/');
    await expect(page).toHaveURL(/\/operator$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back office');
    await page.getByRole('tab', { name: 'Deposits' }).click();
    await expect(page).toHaveURL(/\/operator\?tab=deposits$/);

    // The only table of the page (its name changes with the language).
    const grid = page.getByRole('grid');
    await expect(page.getByRole('grid', { name: 'Enterprises' })).toBeVisible();
    const row = grid.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    expect(await gridHeaders(page)).toEqual([
      'Enterprise',
      'Type',
      'Verified',
      'Deposit reference',
      'USD balance',
      'MXN balance',
      'Held USD (forwards)',
      'Actions',
    ]);
    await expect(row.getByRole('gridcell').nth(4)).toHaveText('$0.00');
    await expect(row).toContainText('Buyer');
    await expectNoSeriousA11yViolations(page, 'operator (en)');
    await shot(page, 'operator-en');

    const openDialog = async () => {
      await row.getByRole('button', { name: `Credit deposit: ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Credit deposit' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('deposit-enterprise')).toHaveText(name);
      return dialog;
    };

    // Required fields first.
    let dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('This field is required.')).toHaveCount(2);
    // Escape closes it like Cancel, and nothing is credited.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('gridcell').nth(4)).toHaveText('$0.00');
    dialog = await openDialog();
    await dialog.getByLabel('Amount USD').fill('1234.56');
    await dialog.getByLabel('Bank reference').fill(reference);
    await expectNoSeriousA11yViolations(page, 'credit deposit dialog (en)');
    await shot(page, 'operator-dialog-en');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm deposit' });
    await expect(confirm.getByTestId('deposit-confirm-text')).toContainText(
      `$1,234.56 USD to ${name} with the bank reference ${reference}`,
    );
    await expectNoSeriousA11yViolations(page, 'confirm deposit (en)');
    await shot(page, 'operator-confirm-en');
    await confirm.getByRole('button', { name: 'Credit deposit' }).click();
    await expect(page.getByText(`$1,234.56 USD credited to ${name}.`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row.getByRole('gridcell').nth(4)).toHaveText('$1,234.56');

    // The same wire again: already credited, the balance does not move.
    dialog = await openDialog();
    await dialog.getByLabel('Amount USD').fill('1234.56');
    await dialog.getByLabel('Bank reference').fill(reference);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Credit deposit' }).click();
    await expect(
      page.getByText(`The bank reference ${reference} was already credited to ${name}`),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row.getByRole('gridcell').nth(4)).toHaveText('$1,234.56');

    // The same reference with another amount is refused on the reference field.
    dialog = await openDialog();
    await dialog.getByLabel('Amount USD').fill('99');
    await dialog.getByLabel('Bank reference').fill(reference);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Credit deposit' }).click();
    dialog = page.getByRole('dialog', { name: 'Credit deposit' });
    await expect(dialog.getByLabel('Bank reference')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Bank reference')).toBeFocused();
    await expect(
      dialog.getByText('This bank reference was already credited to another enterprise'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'credit deposit dialog with a 409 (en)');
    await shot(page, 'operator-dialog-409-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('gridcell').nth(4)).toHaveText('$1,234.56');

    await switchToSpanish(page);
    await expect(page.getByRole('columnheader', { name: 'Saldo USD' })).toBeVisible();
    await expect(row).toContainText('Comprador');
    await expectNoSeriousA11yViolations(page, 'operator (sp)');
    await shot(page, 'operator-sp');
    await row.getByRole('button', { name: `Acreditar depósito: ${name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Acreditar depósito' });
    await dialog.getByLabel('Monto USD').fill('10');
    await dialog.getByLabel('Referencia bancaria').fill(`${reference}-SP`);
    await expectNoSeriousA11yViolations(page, 'credit deposit dialog (sp)');
    await shot(page, 'operator-dialog-sp');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    const spConfirm = page.getByRole('dialog', { name: 'Confirmar depósito' });
    await expect(spConfirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'confirm deposit (sp)');
    await shot(page, 'operator-confirm-sp');
    await spConfirm.getByRole('button', { name: 'Acreditar depósito' }).click();
    await expect(page.getByText(`$10.00 USD acreditados a ${name}.`)).toBeVisible();
    await expect(row.getByRole('gridcell').nth(4)).toHaveText('$1,244.56');

    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'operator-sp-390');
  });

  test('a customer is told the page is for the back office', async ({ page }) => {
    let asked = false;
    page.on('request', (req) => {
      if (req.url().includes('/ops/')) asked = true;
    });
    await logIn(page, 'demo@demo.test', DEMO_PASSWORD);
    await expect(page.getByRole('link', { name: 'Back office' })).toHaveCount(0);
    await page.goto('/operator');
    await expect(page.getByText('This page is for the back office')).toBeVisible();
    expect(asked).toBe(false);
    await expectNoSeriousA11yViolations(page, 'operator for a customer');
    await shot(page, 'operator-not-operator-en');
  });
});
