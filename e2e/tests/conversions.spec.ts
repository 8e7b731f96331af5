import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  createInvoice,
  createSupplier,
  freshFundedTenant,
  readDownloadedWorkbook,
  type Tenant,
} from './finance-fixtures';
import { logIn } from './helpers';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

interface Catalog {
  transactionTypes: Array<{ sTransactionTypeId: string; sKey: string }>;
}

async function transactionTypeId(tenant: Tenant, key: 'FOREX' | 'FORWARD'): Promise<string> {
  const catalog = (await tenant.api('GET', 'catalog/statuses')) as Catalog;
  const type = catalog.transactionTypes.find((entry) => entry.sKey === key);
  if (!type) throw new Error(`No transaction type ${key}`);
  return type.sTransactionTypeId;
}

async function quote(tenant: Tenant) {
  const dashboard = (await tenant.api('GET', 'dashboard')) as {
    exchangeRateToday: number;
    exchangeRateTodayReference: string;
  };
  return { rate: dashboard.exchangeRateToday, id: dashboard.exchangeRateTodayReference };
}

/** Converts a To pay invoice's MXN at today's quote (forex), as the exchange screen does. */
async function convertInvoice(tenant: Tenant, invoiceId: string) {
  const q = await quote(tenant);
  return (await tenant.api('POST', 'transactions/createTransactionFromInvoice', {
    sInvoiceId: invoiceId,
    sTransactionType: await transactionTypeId(tenant, 'FOREX'),
    dExchangeRate: q.rate,
    referenceExchangeRate: q.id,
    bExternal: false,
  })) as { transaction: { sTransactionId: string; iTrackingId: number; dDesAmount: number } };
}

/** Converts USD to MXN at today's quote with no invoice attached. */
async function convertUsd(tenant: Tenant, usd: number) {
  const q = await quote(tenant);
  return (await tenant.api('POST', 'transactions/', {
    sTransactionType: await transactionTypeId(tenant, 'FOREX'),
    dAmount: usd,
    dExchangeRate: q.rate,
    referenceExchangeRate: q.id,
    bExternal: false,
  })) as { transaction: { sTransactionId: string; iTrackingId: number; dDesAmount: number } };
}

/** Books a forward of `usd` on the first settlement day the server accepts about 30 days out. */
async function bookForward(tenant: Tenant, request: APIRequestContext, usd: number) {
  const q = await quote(tenant);
  const start = new Date();
  for (let offset = 30; offset < 45; offset += 1) {
    const day = new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const priced = await request.post('/api/v1/en/transactions/forwardRate', {
      headers: { authorization: `Bearer ${tenant.token}` },
      data: { dDateForward: day, dAmount: 100, referenceExchangeRate: q.id, bExternal: false },
    });
    if (priced.status() !== 200) continue;
    const { forwardRate } = (await priced.json()) as {
      forwardRate: { rate: number; uuid: string };
    };
    return (await tenant.api('POST', 'transactions/', {
      sTransactionType: await transactionTypeId(tenant, 'FORWARD'),
      dAmount: usd,
      dExchangeRate: forwardRate.rate,
      referenceExchangeRate: forwardRate.uuid,
      bExternal: false,
      dForwardTransactionDate: day,
    })) as { transaction: { sTransactionId: string; iTrackingId: number } };
  }
  throw new Error('No settlement day accepted for a forward');
}

function moneyOf(text: string | null): number {
  const match = /-?\$[\d,]+\.\d{2}/.exec(text ?? '');
  if (!match) throw new Error(`No amount in ${String(text)}`);
  return Number(match[0].replace(/[$,]/g, ''));
}

async function switchLanguage(page: Page, to: 'Español' | 'English') {
  await page.getByRole('combobox', { name: /Language|Idioma/ }).click();
  await page.getByRole('option', { name: to }).click();
}

/** With a dialog open, the page behind it is inert and dimmed: check the dialogs alone. */
async function expectAccessibleNow(page: Page, label: string) {
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  await expectNoSeriousA11yViolations(page, label, dialogOpen ? '.MuiDialog-root' : undefined);
}

test('a converted invoice is paid from /balance through the pay dialog', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  const supplierId = await createSupplier(tenant, 'Agrícola Pago E2E SA de CV');
  const invoice = await createInvoice(tenant, supplierId, { totalMxn: 50_000, name: 'F-PAY-1' });
  const { transaction } = await convertInvoice(tenant, invoice.sInvoiceId);

  await page.goto('/balance');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Available MXN balance' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Flag of Mexico' })).toBeVisible();
  await expect(page.getByTestId('balance-mxn-amount')).toContainText('$50,000.00');
  const grid = page.getByRole('grid', { name: 'Conversions' });
  const row = grid.getByRole('row').filter({ hasText: 'F-PAY-1' });
  await expect(row).toContainText('$50,000.00');
  await expect(row).toContainText('100.00 %');

  // The export carries the table's headers.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const workbook = await readDownloadedWorkbook(await downloadPromise);
  expect(workbook.fileName).toBe('ConversionesDisponibles.xlsx');
  expect(workbook.sheetNames).toEqual(['Hoja1']);
  expect(workbook.header).toEqual([
    'Id',
    'Created on',
    'Transaction type',
    'Total amount USD',
    'Total amount MXN',
    'Exchange rate',
    '% Assigned',
    'Invoice',
    'Purchase date',
    'Currency profit (%)',
    'Currency gain (USD)',
  ]);

  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeDisabled();
  // The grid may re-render as its data settles; select again until the selection holds.
  await expect(async () => {
    await row.getByRole('checkbox').check({ timeout: 2_000 });
    await expect(pay).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await pay.click();

  // The conversion has an invoice: its supplier is preselected, straight to step 2.
  const dialog = page.getByRole('dialog', { name: 'Payment detail' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Agrícola Pago E2E SA de CV');
  await expect(dialog).toContainText('********3858');
  await expect(dialog).toContainText('F-PAY-1');
  await expect(dialog.getByTestId('pay-amount-mxn')).toContainText('$50,000.00');
  const confirm = dialog.getByRole('button', { name: 'Confirm payment' });
  await expect(confirm).toBeDisabled();
  await expectAccessibleNow(page, 'pay dialog');
  await dialog.getByRole('textbox', { name: 'Payment concept' }).fill('Pago factura F-PAY-1');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page.getByText('The payment was sent.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('balance-mxn-amount')).toContainText('$0.00');
  await expect(grid.getByRole('row').filter({ hasText: 'F-PAY-1' })).toHaveCount(0);
  await expect(page.getByText('No conversion has pesos left to pay.')).toBeVisible();

  // The history shows it paid, with the payment made.
  await page.getByRole('link', { name: 'Conversion history' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conversion history' })).toBeVisible();
  const historyRow = page
    .getByRole('grid', { name: 'Conversions' })
    .getByRole('row')
    .filter({ hasText: 'F-PAY-1' });
  await historyRow
    .getByRole('button', { name: `View conversion #${String(transaction.iTrackingId)}` })
    .click();
  const detail = page.getByRole('dialog', { name: 'Conversion detail' });
  await expect(
    detail.getByRole('progressbar', { name: 'Share of the conversion paid' }),
  ).toHaveAttribute('aria-valuenow', '100');
  await expect(detail.getByTestId('payment-made')).toContainText('Agrícola Pago E2E SA de CV');
  await expect(detail.getByTestId('payment-made')).toContainText('F-PAY-1');
  await expect(detail.getByTestId('assigned-invoice')).toContainText('Paid');
  await expectAccessibleNow(page, 'history detail dialog');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await expectAccessibleNow(page, '/conversions en');

  const historyDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const history = await readDownloadedWorkbook(await historyDownload);
  expect(history.fileName).toBe('HistorialConversiones.xlsx');
  expect(history.sheetNames).toEqual(['Hoja1']);
  expect(history.header).toEqual([
    'Id',
    'Created on',
    'Transaction type',
    'Total amount USD',
    'Total amount MXN',
    'Exchange rate',
    'Invoice',
    'Purchase date',
    'Currency profit (%)',
    'Currency gain (USD)',
  ]);
});

/**
 * Ticks a row's checkbox, again if the grid re-rendered the row meanwhile (after a reload it
 * draws the rows, then draws them again once the balances arrive).
 */
async function selectRow(row: Locator) {
  await expect(async () => {
    await row.getByRole('checkbox').check({ timeout: 2_000 });
    await expect(row.getByRole('checkbox')).toBeChecked({ timeout: 1_000 });
  }).toPass();
}

test('a conversion without a supplier pays through step 1, and the concept is required', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 10_000);
  await createSupplier(tenant, 'Fletes Sin Factura SA de CV');
  await convertUsd(tenant, 1_000);

  await page.goto('/balance');
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: '$1,000.00' }).first();
  await selectRow(row);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  const chooser = page.getByRole('dialog', { name: 'Send payment' });
  await expect(chooser).toContainText('Choose the contact you want to send the payment to.');
  const next = chooser.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await shot(page, 'pay-step1-en');
  await chooser.getByRole('button', { name: 'Cancel' }).click();

  // The same step in Spanish, for the record.
  await page.evaluate(() => window.localStorage.setItem('language', 'sp'));
  await page.reload();
  await selectRow(row);
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  const chooserSp = page.getByRole('dialog', { name: 'Enviar pago' });
  await expect(chooserSp).toContainText('Selecciona el contacto al que quieres enviar el pago.');
  await expectAccessibleNow(page, 'pay dialog step 1 sp');
  await shot(page, 'pay-step1-sp');
  await chooserSp.getByRole('button', { name: 'Cancelar' }).click();
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await selectRow(row);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await chooser.getByRole('radio', { name: /Fletes Sin Factura SA de CV/ }).check();
  await expectAccessibleNow(page, 'pay dialog step 1');
  await next.click();

  const detail = page.getByRole('dialog', { name: 'Payment detail' });
  await expect(detail.getByTestId('pay-amount-usd')).toContainText('$1,000.00');
  const concept = detail.getByRole('textbox', { name: 'Payment concept' });
  await concept.fill('   ');
  await concept.blur();
  await expect(detail).toContainText('This field is required.');
  await expect(detail.getByRole('button', { name: 'Confirm payment' })).toBeDisabled();
  await concept.fill('Anticipo de flete');
  await detail.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('The payment was sent.')).toBeVisible();
  await expect(page.getByTestId('balance-mxn-amount')).toContainText('$0.00');
});

test('an invoice is attached to a conversion from the detail dialog and the bar moves', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  const supplierId = await createSupplier(tenant, 'Berries Adjuntas SA de CV');
  await createInvoice(tenant, supplierId, { totalMxn: 9_000, name: 'F-ATTACH-1' });
  const { transaction } = await convertUsd(tenant, 1_000);

  await page.goto('/balance');
  await page
    .getByRole('button', { name: `View conversion #${String(transaction.iTrackingId)}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Conversion detail' });
  const used = dialog.getByRole('progressbar', { name: 'Share of the conversion used' });
  await expect(used).toHaveAttribute('aria-valuenow', '0');
  await expect(dialog).toContainText('No invoices assigned');
  await expect(dialog.getByRole('button', { name: 'Pay invoices' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Add invoices' }).click();
  await dialog.getByRole('combobox', { name: /Supplier name/ }).click();
  await page.getByRole('option', { name: /Berries Adjuntas SA de CV/ }).click();
  const available = dialog.getByTestId('available-invoice').filter({ hasText: 'F-ATTACH-1' });
  await expect(available).toBeVisible();
  await expectAccessibleNow(page, 'detail dialog with the add panel');
  await available.getByRole('button', { name: 'Add invoice F-ATTACH-1' }).click();

  await expect(page.getByText('The invoice was added to the conversion.')).toBeVisible();
  await expect(dialog.getByTestId('assigned-invoice')).toContainText('F-ATTACH-1');
  const percent = Number(await used.getAttribute('aria-valuenow'));
  expect(percent).toBeGreaterThan(0);
  expect(percent).toBeLessThan(100);
  // A conversion pays several suppliers: the picker stays open while it has room.
  await expect(dialog.getByRole('combobox', { name: /Supplier name/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(dialog.getByRole('button', { name: 'Pay invoices' })).toBeEnabled();

  // 'Edit invoice' opens the invoice form over the detail.
  await dialog.getByRole('button', { name: 'Edit invoice' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit invoice' });
  await expect(edit.getByRole('textbox', { name: 'Invoice name' })).toHaveValue('F-ATTACH-1');
  await expectAccessibleNow(page, 'edit invoice dialog');
  await edit.getByRole('textbox', { name: 'Invoice name' }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toContainText('This field is required.');
  await edit.getByRole('textbox', { name: 'Invoice name' }).fill('F-ATTACH-1B');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The invoice was updated.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(dialog.getByTestId('assigned-invoice')).toContainText('F-ATTACH-1B');

  // Removing it takes the bar back to zero.
  await dialog.getByRole('button', { name: 'Remove invoice from the conversion' }).click();
  await expect(page.getByText('The invoice was removed from the conversion.')).toBeVisible();
  await expect(used).toHaveAttribute('aria-valuenow', '0');
  await expect(dialog).toContainText('No invoices assigned');
});

test("'Monto bloqueado forwards' shows the deposit held for an active forward", async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  const { transaction } = await bookForward(tenant, request, 10_000);

  await page.goto('/forwards');
  await expect(page.getByRole('heading', { level: 1, name: 'Active forwards' })).toBeVisible();
  // 5 % of 10,000 USD is held.
  await expect(page.getByTestId('blocked-usd-amount')).toContainText('$500.00');
  await expect(page.getByTestId('balance-usd-amount')).toContainText('$19,500.00');
  const row = page
    .getByRole('grid', { name: 'Active forwards' })
    .getByRole('row')
    .filter({ hasText: '$10,000.00' });
  // At 1280 px the type column (every row is a forward) gives way so that Actions fit.
  await expect(row).toContainText('$10,000.00');
  await expect(
    row.getByRole('button', { name: `Request payment #${String(transaction.iTrackingId)}` }),
  ).toBeDisabled();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const workbook = await readDownloadedWorkbook(await download);
  expect(workbook.fileName).toBe('ForwardActivos.xlsx');
  expect(workbook.sheetNames).toEqual(['Hoja1']);
  expect(workbook.header).toEqual([
    'Id',
    'Transaction date',
    'Transaction type',
    'Due date',
    'Days remaining',
    'Total amount USD',
    'Total amount MXN',
    'Exchange rate',
    'Invoice',
    'Purchase date',
    'Currency profit (%)',
    'Currency gain (USD)',
  ]);
  await expectAccessibleNow(page, '/forwards');

  await row
    .getByRole('button', { name: `Edit forward #${String(transaction.iTrackingId)}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Conversion detail' });
  await expect(dialog).toContainText('Fulfilment date');
  await expect(dialog.getByRole('button', { name: 'Add invoices' })).toBeEnabled();
  await expectAccessibleNow(page, 'forward detail dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a matured forward is settled from /forwards and its pesos reach the MXN balance', async ({
  page,
}) => {
  await logIn(page, 'demo@demo.test', 'Demo1234!');
  const mxnBefore = await (async () => {
    await page.goto('/balance');
    const amount = page.getByTestId('balance-mxn-amount');
    await expect(amount).toBeVisible();
    return moneyOf(await amount.textContent());
  })();

  await page.goto('/forwards');
  const grid = page.getByRole('grid', { name: 'Active forwards' });
  const requestPayment = grid
    .getByRole('button', { name: /^Request payment #/ })
    .and(grid.locator('button:not([disabled])'));
  await expect(requestPayment.first()).toBeEnabled();
  const label = (await requestPayment.first().getAttribute('aria-label')) ?? '';
  const row = grid.getByRole('row').filter({ has: page.getByRole('button', { name: label }) });
  const mxnText = await row.locator('[data-field="dDesAmount"]').textContent();
  const forwardMxn = moneyOf(mxnText);
  await requestPayment.first().click();

  const confirm = page.getByRole('dialog', {
    name: 'Are you sure you want to request the full payment of the forward?',
  });
  await expect(confirm).toContainText('available MXN balance');
  await expectAccessibleNow(page, 'close forward confirm');
  await confirm.getByRole('button', { name: 'Pay forward' }).click();
  await expect(page.getByText('The forward was paid.')).toBeVisible();
  await expect(confirm).toBeHidden();

  await page.goto('/balance');
  await expect(page.getByTestId('balance-mxn-amount')).toBeVisible();
  await expect
    .poll(async () => moneyOf(await page.getByTestId('balance-mxn-amount').textContent()))
    .toBeCloseTo(mxnBefore + forwardMxn, 2);
});

test('the screens switch to Spanish and pass axe in both languages', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  const supplierId = await createSupplier(tenant, 'Aguacates Idioma SA de CV');
  const invoice = await createInvoice(tenant, supplierId, { totalMxn: 30_000, name: 'F-SP-1' });
  await convertInvoice(tenant, invoice.sInvoiceId);
  await bookForward(tenant, request, 2_000);

  await page.goto('/balance');
  await expect(page.getByRole('grid', { name: 'Conversions' }).getByRole('row')).toHaveCount(2);
  await expectAccessibleNow(page, '/balance en');
  await switchLanguage(page, 'Español');

  await expect(page.getByRole('heading', { level: 1, name: 'Saldo disponible MXN' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Bandera de México' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Conversiones' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toBeDisabled();
  await expect(page.getByRole('columnheader', { name: '% Asignado' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Fecha de creación' })).toBeVisible();
  await expectAccessibleNow(page, '/balance sp');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar' }).click();
  const workbook = await readDownloadedWorkbook(await download);
  expect(workbook.fileName).toBe('ConversionesDisponibles.xlsx');
  expect(workbook.header.slice(0, 3)).toEqual(['Id', 'Fecha de creación', 'Tipo de transacción']);
  await expect(page.getByText('Descargando documento')).toBeVisible();

  await page
    .getByRole('button', { name: /^Ver la conversión #/ })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: 'Detalle de conversión' });
  await expect(detail).toContainText('Porcentaje de la conversión utilizado');
  await expect(detail).toContainText('Facturas asignadas');
  await expect(detail.getByRole('button', { name: 'Modificar factura' })).toBeVisible();
  await expect(
    detail.getByRole('button', { name: 'Eliminar factura de la conversión' }),
  ).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Agregar facturas' })).toBeDisabled();
  await expectAccessibleNow(page, 'detail sp');
  await detail.getByRole('button', { name: 'Pagar facturas' }).click();
  const pay = page.getByRole('dialog', { name: 'Detalle de pago' });
  const conceptSp = pay.getByRole('textbox', { name: 'Concepto de pago' });
  await conceptSp.focus();
  await conceptSp.blur();
  await expect(pay).toContainText('El campo es obligatorio');
  await expect(pay.getByRole('button', { name: 'Confirmar pago' })).toBeDisabled();
  await expectAccessibleNow(page, 'pay sp');
  await pay.getByRole('button', { name: 'Cancelar' }).click();
  await detail.getByRole('button', { name: 'Cerrar' }).click();

  await page.goto('/forwards');
  await expect(page.getByRole('heading', { level: 1, name: 'Forwards Activos' })).toBeVisible();
  await expect(page.getByText('Monto bloqueado forwards')).toBeVisible();
  await expect(page.getByText('Ganancia cambiaria total')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Días restantes' })).toBeVisible();
  await expectAccessibleNow(page, '/forwards sp');

  await page.goto('/conversions');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Historial de conversiones' }),
  ).toBeVisible();
  await page
    .getByRole('button', { name: /^Ver la conversión #/ })
    .last()
    .click();
  const historyDetail = page.getByRole('dialog', { name: 'Detalle de conversión' });
  await expect(historyDetail).toContainText('Porcentaje de la conversión pagado');
  await expect(historyDetail).toContainText('No hay pagos realizados');
  await expect(historyDetail).toContainText('Pendiente pago');
  await expectAccessibleNow(page, 'history detail sp');
  await historyDetail.getByRole('button', { name: 'Cerrar' }).click();
  await expect(historyDetail).toBeHidden();
  await expectAccessibleNow(page, '/conversions sp');
});

test('screenshots of the screens and dialogs in en and sp', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'other@demo.test', 'Demo1234!');
  for (const language of ['en', 'sp'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('language', value), language);
    const detailName = language === 'en' ? 'Conversion detail' : 'Detalle de conversión';
    const closeName = language === 'en' ? 'Close' : 'Cerrar';

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/forwards');
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    await shot(page, `forwards-${language}`);
    await page
      .getByRole('button', { name: /^(Edit forward|Editar forward) #/ })
      .first()
      .click();
    await expect(
      page.getByRole('dialog', { name: detailName }).getByRole('progressbar'),
    ).toBeVisible();
    await shot(page, `forwards-detail-${language}`);
    await page
      .getByRole('dialog', { name: detailName })
      .getByRole('button', { name: closeName })
      .click();
    await page
      .getByRole('button', { name: /^(Request payment|Solicitar pago) #/ })
      .and(page.locator('button:not([disabled])'))
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `forwards-confirm-${language}`);
    await page.getByRole('dialog').getByRole('button', { name: closeName }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `forwards-${language}-390`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/balance');
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    await shot(page, `balance-${language}`);
    await page
      .getByRole('button', { name: /^(View conversion|Ver la conversión) #/ })
      .first()
      .click();
    const detail = page.getByRole('dialog', { name: detailName });
    await expect(detail.getByRole('progressbar')).toBeVisible();
    await shot(page, `balance-detail-${language}`);
    await detail
      .getByRole('button', { name: language === 'en' ? 'Add invoices' : 'Agregar facturas' })
      .click();
    await expect(detail.getByTestId('add-invoices-panel')).toBeVisible();
    await page.waitForTimeout(500);
    await shot(page, `balance-detail-add-${language}`);
    const modify = detail.getByRole('button', {
      name: language === 'en' ? 'Edit invoice' : 'Modificar factura',
    });
    if ((await modify.count()) > 0) {
      await modify.first().click();
      await expect(
        page.getByRole('dialog', { name: language === 'en' ? 'Edit invoice' : 'Editar factura' }),
      ).toBeVisible();
      await page.waitForTimeout(500);
      await shot(page, `edit-invoice-${language}`);
      await page
        .getByRole('dialog', { name: language === 'en' ? 'Edit invoice' : 'Editar factura' })
        .getByRole('button', { name: closeName })
        .click();
    }
    const payInvoices = detail.getByRole('button', {
      name: language === 'en' ? 'Pay invoices' : 'Pagar facturas',
    });
    {
      await expect(payInvoices).toBeEnabled();
      await payInvoices.click();
      // Step 2 when one supplier still has unpaid invoices on it, else step 1 (choose).
      await expect(
        page.getByRole('dialog', {
          name:
            language === 'en'
              ? /^(Payment detail|Send payment)$/
              : /^(Detalle de pago|Enviar pago)$/,
        }),
      ).toBeVisible();
      await shot(page, `pay-detail-${language}`);
      await page.getByRole('button', { name: language === 'en' ? 'Cancel' : 'Cancelar' }).click();
    }
    await detail.getByRole('button', { name: closeName }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `balance-${language}-390`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/conversions');
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    await shot(page, `conversions-${language}`);
    await page
      .getByRole('button', { name: /^(View conversion|Ver la conversión) #/ })
      .last()
      .click();
    await expect(
      page.getByRole('dialog', { name: detailName }).getByRole('progressbar').first(),
    ).toBeVisible();
    await shot(page, `conversions-detail-${language}`);
    await page
      .getByRole('dialog', { name: detailName })
      .getByRole('button', { name: closeName })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `conversions-${language}-390`);
    await page
      .getByRole('button', { name: /^(View conversion|Ver la conversión) #/ })
      .first()
      .click();
    await expect(
      page.getByRole('dialog', { name: detailName }).getByRole('progressbar').first(),
    ).toBeVisible();
    await shot(page, `conversions-detail-${language}-390`);
    await page
      .getByRole('dialog', { name: detailName })
      .getByRole('button', { name: closeName })
      .click();
  }
});
