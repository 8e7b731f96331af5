import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  createInvoice,
  createSupplier,
  freshFundedTenant,
  readDownloadedWorkbook,
} from './finance-fixtures';
import { recordCspViolations } from './helpers';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

function invoicesTable(page: Page): Locator {
  return page.getByRole('table', {
    name: /Invoices pending assignment|Facturas pendientes de asignar/,
  });
}

function invoiceRow(page: Page, name: string): Locator {
  return invoicesTable(page).getByRole('row').filter({ hasText: name });
}

async function openInvoices(page: Page) {
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending invoices' })).toBeVisible();
}

/** Clicks Download and reads the .xlsx it saves. */
async function downloadInvoices(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  return readDownloadedWorkbook(download);
}

async function selectInvoice(page: Page, name: string) {
  await invoiceRow(page, name).getByRole('checkbox').check();
}

async function switchLanguage(page: Page, option: 'Español' | 'English') {
  await page
    .getByRole('button', { name: /Language|Idioma/ })
    .or(page.getByRole('combobox', { name: /Language|Idioma/ }))
    .first()
    .click();
  await page
    .getByRole('option', { name: option })
    .or(page.getByRole('menuitem', { name: option }))
    .first()
    .click();
}

/** Opens the forward dialog's calendar and returns it. */
async function openForwardCalendar(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: /Choose date|Elige fecha/ }).click();
  const calendar = page.getByRole('grid');
  await expect(calendar).toBeVisible();
  return calendar;
}

/** Picks the first day the calendar offers (this month, else the next). */
async function pickFirstAllowedDay(page: Page, calendar: Locator) {
  const enabled = calendar.locator('button[role="gridcell"]:not([disabled])');
  if ((await enabled.count()) === 0) {
    await page.getByRole('button', { name: /Next month|Mes siguiente/ }).click();
  }
  await enabled.first().click();
  // The popup fades out; axe would read its half-transparent days as low contrast.
  await expect(calendar).toBeHidden();
}

test('pays an invoice now: it leaves the To pay list and is in the payments', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  const supplierId = await createSupplier(tenant);
  const invoice = await createInvoice(tenant, supplierId, { name: 'F-PAY-1', totalMxn: 18_000 });
  await openInvoices(page);

  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  const convert = page.getByRole('button', { name: 'Convert', exact: true });
  await expect(pay).toBeDisabled();
  await expect(convert).toBeDisabled();
  await expect(page.getByTestId('rate-countdown')).toContainText(
    /Exchange rate will update in \d+ seconds/,
  );
  await expectNoSeriousA11yViolations(page, '/invoices');
  await shot(page, 'invoices-en-1280');

  await selectInvoice(page, 'F-PAY-1');
  await expect(pay).toBeEnabled();
  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Payment detail' });
  await expect(dialog).toContainText('Proveedor E2E SA de CV');
  await expect(dialog).toContainText('********3858');
  await expect(dialog).toContainText('$18,000.00 MXN');
  await expect(dialog.getByTestId('pay-usd')).toContainText(/^\$[\d,]+\.\d{2} USD$/);
  await expectNoSeriousA11yViolations(page, 'payment dialog');
  await shot(page, 'invoices-pay-en');

  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Payment sent to Proveedor E2E SA de CV.')).toBeVisible();
  await expect(invoiceRow(page, 'F-PAY-1')).toHaveCount(0);
  await expect(pay).toBeDisabled();

  const { payments } = (await tenant.api('GET', 'payments/')) as {
    payments: Array<{ invoice_payments_relationship: Array<{ invoice: { sInvoiceId: string } }> }>;
  };
  expect(
    payments.some((payment) =>
      payment.invoice_payments_relationship.some(
        (line) => line.invoice.sInvoiceId === invoice.sInvoiceId,
      ),
    ),
  ).toBe(true);
});

test('converts an invoice now (forex): it leaves the To pay list', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  const supplierId = await createSupplier(tenant);
  await createInvoice(tenant, supplierId, { name: 'F-FX-1', totalMxn: 25_000 });
  await openInvoices(page);

  await selectInvoice(page, 'F-FX-1');
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const chooser = page.getByRole('dialog', { name: 'Payment detail' });
  const next = chooser.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'conversion type chooser');
  await shot(page, 'invoices-chooser-en');
  await chooser.getByRole('radio', { name: 'Convert now (forex)' }).check();
  await next.click();

  const forex = page.getByRole('dialog', { name: 'Conversion detail' });
  await expect(forex).toContainText('$25,000.00 MXN');
  await expect(forex).toContainText('F-FX-1');
  await expectNoSeriousA11yViolations(page, 'forex dialog');
  await shot(page, 'invoices-forex-en');
  await forex.getByRole('button', { name: 'Confirm forex' }).click();
  await expect(forex).toBeHidden();
  await expect(page.getByText('Conversion done.')).toBeVisible();
  await expect(invoiceRow(page, 'F-FX-1')).toHaveCount(0);

  // With no status filter the invoice is still listed, now assigned to the conversion.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('button', { name: 'Clear' }).last().click();
  await expect(invoiceRow(page, 'F-FX-1')).toContainText('Assigned');
  await expect(invoiceRow(page, 'F-FX-1').getByRole('checkbox')).toBeDisabled();
  await expect(
    invoiceRow(page, 'F-FX-1').getByRole('button', { name: /Edit invoice/ }),
  ).toBeDisabled();
});

test('books a forward for an invoice; a Saturday cannot be picked', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 20_000);
  const supplierId = await createSupplier(tenant);
  await createInvoice(tenant, supplierId, { name: 'F-FWD-1', totalMxn: 30_000 });
  await openInvoices(page);

  await selectInvoice(page, 'F-FWD-1');
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const chooser = page.getByRole('dialog', { name: 'Payment detail' });
  await chooser.getByText('Lock a rate for a future date (forward)').click();
  await chooser.getByRole('button', { name: 'Continue' }).click();

  const dialog = page.getByRole('dialog', { name: 'Forward detail' });
  const confirm = dialog.getByRole('button', { name: 'Confirm forward' });
  await expect(confirm).toBeDisabled();
  await expect(dialog).toContainText(
    'A deposit of 5% of the forward is taken from your USD balance when you confirm',
  );
  await expect(dialog).toContainText('Load the funds on or before the forward date');

  const calendar = await openForwardCalendar(page, dialog);
  const saturdays = calendar.locator('button[role="gridcell"][aria-colindex="7"]');
  const sundays = calendar.locator('button[role="gridcell"][aria-colindex="1"]');
  expect(await saturdays.count()).toBeGreaterThan(3);
  for (const day of await saturdays.all()) await expect(day).toBeDisabled();
  for (const day of await sundays.all()) await expect(day).toBeDisabled();
  await shot(page, 'invoices-forward-calendar-en');
  await pickFirstAllowedDay(page, calendar);
  await expect(calendar).toBeHidden();

  // The quote's precision (4 decimals): USD × rate = MXN checks by hand.
  await expect(dialog.getByTestId('forward-rate')).toContainText(/^\d+\.\d{4,6} MXN$/);
  await expect(dialog.getByTestId('forward-date')).toContainText(/\w+ \d{1,2}, \d{4}/);
  await expect(confirm).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'forward dialog');
  await shot(page, 'invoices-forward-en');
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Forward booked.')).toBeVisible();
  await expect(invoiceRow(page, 'F-FWD-1')).toHaveCount(0);

  const forwards = (await tenant.api('GET', 'transactions/getForwardsActive')) as {
    forwards: Array<{ dDesAmount: number }>;
  };
  expect(forwards.forwards.map((forward) => forward.dDesAmount)).toContain(30_000);
});

test('adds, edits and deletes an invoice through the dialogs', async ({ page, request }) => {
  // The forms parse with zod, which must not try eval: the CSP has no 'unsafe-eval'.
  const cspViolations = await recordCspViolations(page);
  const tenant = await freshFundedTenant(page, request, 1_000);
  await createSupplier(tenant, 'Agrícola Los Altos');
  await openInvoices(page);
  await expect(page.getByText('No invoices match these filters.')).toBeVisible();

  let writes = 0;
  page.on('request', (sent) => {
    if (/\/invoices\/$/.test(sent.url()) && sent.method() !== 'GET') writes += 1;
  });

  await page.getByRole('button', { name: 'Add invoice' }).click();
  const form = page.getByRole('dialog', { name: 'Add invoice' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This field is required.')).toHaveCount(6);
  expect(writes).toBe(0);
  await expectNoSeriousA11yViolations(page, 'add invoice form with errors');
  await shot(page, 'invoices-add-errors-en');

  await form.getByLabel('Invoice name').fill('F-NEW-7');
  await form.getByRole('combobox', { name: 'Supplier name' }).click();
  await page.getByRole('option', { name: /Agrícola Los Altos/ }).click();
  await form.getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type('10152026');
  await form.getByLabel('Total in pesos (MXN)').fill('12345.67');
  await form.getByLabel('Credit period (days)').fill('45');
  await form.getByLabel('Protected exchange rate').fill('18.75');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Invoice added.')).toBeVisible();
  const row = invoiceRow(page, 'F-NEW-7');
  await expect(row).toContainText('Agrícola Los Altos');
  // Compact dates in the table, the month by its name so that no reader mistakes day for month.
  await expect(row).toContainText('Nov 29, 2026');
  await expect(row.locator('[data-field="dDueDate"]')).toHaveAttribute(
    'title',
    'November 29, 2026',
  );
  await expect(row).toContainText('$12,345.67');
  // The protected rate ($18.75) is in the edit form: its column gives way at 1280 px.

  await row.getByRole('button', { name: 'Edit invoice: F-NEW-7' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit invoice' });
  await expect(edit.getByLabel('Invoice name')).toHaveValue('F-NEW-7');
  await expectNoSeriousA11yViolations(page, 'edit invoice form');
  await shot(page, 'invoices-edit-en');
  await edit.getByLabel('Total in pesos (MXN)').fill('20000');
  await edit.getByLabel('Invoice name').fill('F-NEW-7B');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(invoiceRow(page, 'F-NEW-7B')).toContainText('$20,000.00');

  await invoiceRow(page, 'F-NEW-7B').getByRole('button', { name: 'Delete item: F-NEW-7B' }).click();
  const confirm = page.getByRole('dialog', {
    name: 'Are you sure you want to delete the invoice?',
  });
  await expect(confirm).toContainText(
    'Once you delete the invoice you will not be able to recover it.',
  );
  await expectNoSeriousA11yViolations(page, 'delete invoice confirmation');
  await shot(page, 'invoices-delete-en');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Invoice deleted.')).toBeVisible();
  await expect(invoiceRow(page, 'F-NEW-7B')).toHaveCount(0);
  expect(cspViolations).toEqual([]);
});

test('exports FacturasPorAsignar.xlsx with the table columns', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 1_000);
  const supplierId = await createSupplier(tenant);
  await createInvoice(tenant, supplierId, { name: 'F-XLS-1' });
  await createInvoice(tenant, supplierId, { name: 'F-XLS-2' });
  await openInvoices(page);
  await expect(invoiceRow(page, 'F-XLS-2')).toBeVisible();

  const workbook = await downloadInvoices(page);
  expect(workbook.fileName).toBe('FacturasPorAsignar.xlsx');
  expect(workbook.sheetNames).toEqual(['Hoja1']);
  expect(workbook.header).toEqual([
    'Supplier',
    'Purchase date',
    'Due date',
    'Invoice',
    'Status',
    'Total amount MXN',
    'Exchange rate protection MXN',
    'Currency profit (%)',
    'Currency gain (USD)',
  ]);
  expect(workbook.rows).toHaveLength(3);
  await expect(page.getByText('Downloading document')).toBeVisible();

  // The right-hand columns, reached by scrolling the table sideways.
  await page.getByRole('region', { name: 'Invoices pending assignment' }).evaluate((scroller) => {
    scroller.scrollLeft = scroller.scrollWidth;
  });
  await expect(
    invoiceRow(page, 'F-XLS-2').getByRole('button', { name: /Delete item/ }),
  ).toBeInViewport();
  await shot(page, 'invoices-en-1280-scrolled');
});

test('sorts every invoice on the server, counts them all and exports every page', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 1_000);
  const supplierId = await createSupplier(tenant);
  // 30 invoices: more than the page of 25. The newest (F-SRT-30) has the latest purchase
  // date, so newest first puts the earliest due date (F-SRT-01) on page 2.
  for (let day = 1; day <= 30; day += 1) {
    await createInvoice(tenant, supplierId, {
      name: `F-SRT-${String(day).padStart(2, '0')}`,
      purchaseDate: `2026-10-${String(day).padStart(2, '0')}`,
      totalMxn: 1_000 + day,
    });
  }
  await openInvoices(page);
  // The first row under the header; its fifth cell (after the checkbox) is the invoice.
  const firstInvoice = invoicesTable(page)
    .getByRole('row')
    .nth(1)
    .locator('[data-field="sInvoice"]');
  await expect(firstInvoice).toHaveText('F-SRT-30');
  await expect(invoiceRow(page, 'F-SRT-01')).toHaveCount(0);
  await expect(page.getByText('1–25 of 30')).toBeVisible();

  const dueDate = page.getByRole('columnheader', { name: 'Due date' });
  await dueDate.click();
  await expect(firstInvoice).toHaveText('F-SRT-01');
  await expect(dueDate).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('1–25 of 30')).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('26–30 of 30')).toBeVisible();
  await expect(firstInvoice).toHaveText('F-SRT-26');
  await expect(invoiceRow(page, 'F-SRT-30')).toBeVisible();

  // A new sort starts again on the first page.
  await dueDate.click();
  await expect(dueDate).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('1–25 of 30')).toBeVisible();
  await expect(firstInvoice).toHaveText('F-SRT-30');

  // Ascending again: the export holds every page, in the table's order.
  await dueDate.click();
  await dueDate.click();
  await expect(firstInvoice).toHaveText('F-SRT-01');
  const workbook = await downloadInvoices(page);
  expect(workbook.fileName).toBe('FacturasPorAsignar.xlsx');
  expect(workbook.sheetNames).toEqual(['Hoja1']);
  expect(workbook.rows.slice(1).map((row) => row[3])).toEqual(
    Array.from({ length: 30 }, (_, index) => `F-SRT-${String(index + 1).padStart(2, '0')}`),
  );
  await expect(page.getByText('Downloading document')).toBeVisible();
});

test('speaks Spanish: texts, dates and dialogs in sp', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 5_000);
  const supplierId = await createSupplier(tenant);
  await createInvoice(tenant, supplierId, { name: 'F-SP-1', purchaseDate: '2026-11-02' });
  await openInvoices(page);
  await switchLanguage(page, 'Español');

  await expect(page.getByRole('heading', { level: 1, name: 'Facturas pendientes' })).toBeVisible();
  await expect(page.getByText('Tipo de cambio actual')).toBeVisible();
  await expect(page.getByText('Facturas pendientes de asignar')).toBeVisible();
  await expect(page.getByTestId('rate-countdown')).toContainText(
    /Tipo de cambio se actualizará en \d+ segundos/,
  );
  for (const name of ['Agregar factura', 'Pagar', 'Convertir', 'Descargar']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('combobox', { name: 'Estatus' })).toHaveValue('Por pagar');
  const row = invoiceRow(page, 'F-SP-1');
  await expect(row.locator('[data-field="dDueDate"]')).toHaveAttribute(
    'title',
    /de diciembre de 2026$/,
  );
  await expect(row).toContainText('Por pagar');
  await expectNoSeriousA11yViolations(page, '/invoices in sp');
  await shot(page, 'invoices-sp-1280');

  await selectInvoice(page, 'F-SP-1');
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  const pay = page.getByRole('dialog', { name: 'Detalle de pago' });
  await expect(pay.getByRole('button', { name: 'Confirmar pago' })).toBeVisible();
  await expect(pay).toContainText(/\d{1,2} de \w+ de \d{4}/);
  await shot(page, 'invoices-pay-sp');
  await pay.getByRole('button', { name: 'Cancelar' }).click();
  await expect(pay).toBeHidden();

  await selectInvoice(page, 'F-SP-1');
  await page.getByRole('button', { name: 'Convertir', exact: true }).click();
  const chooser = page.getByRole('dialog', { name: 'Detalle de pago' });
  await shot(page, 'invoices-chooser-sp');
  await chooser.getByText('Pagar por separado (forex)').click();
  await chooser.getByRole('button', { name: 'Continuar' }).click();
  const forex = page.getByRole('dialog', { name: 'Detalle de la conversión' });
  await expect(forex.getByRole('button', { name: 'Confirmar forex' })).toBeVisible();
  await shot(page, 'invoices-forex-sp');
  await forex.getByRole('button', { name: 'Cancelar' }).click();

  await selectInvoice(page, 'F-SP-1');
  await page.getByRole('button', { name: 'Convertir', exact: true }).click();
  await chooser.getByText('Pagar con forward').click();
  await chooser.getByRole('button', { name: 'Continuar' }).click();
  const forward = page.getByRole('dialog', { name: 'Detalle del forward' });
  await expect(forward.getByText('Selecciona la fecha de tu forward').first()).toBeVisible();
  const calendar = await openForwardCalendar(page, forward);
  await shot(page, 'invoices-forward-calendar-sp');
  await pickFirstAllowedDay(page, calendar);
  await expect(forward.getByTestId('forward-date')).toContainText(/\d{1,2} de \w+ de \d{4}/);
  await expect(forward.getByRole('button', { name: 'Confirmar forward' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'forward dialog in sp');
  await shot(page, 'invoices-forward-sp');
  await forward.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: 'Agregar factura' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar factura' });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El campo es obligatorio')).toHaveCount(6);
  await shot(page, 'invoices-add-errors-sp');
  await form.getByRole('button', { name: 'Cerrar' }).click();

  await row.getByRole('button', { name: 'Eliminar factura: F-SP-1' }).click();
  const remove = page.getByRole('dialog', {
    name: '¿Estás seguro de que deseas eliminar la factura?',
  });
  await expect(remove).toContainText('Una vez que eliminas la factura no podras recuperarla.');
  await expect(remove.getByRole('button', { name: 'Cerrar' })).toBeVisible();
  await expect(remove.getByRole('button', { name: 'Eliminar' })).toBeVisible();
  await shot(page, 'invoices-delete-sp');
  await remove.getByRole('button', { name: 'Cerrar' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await shot(page, 'invoices-sp-390');
  await switchLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending invoices' })).toBeVisible();
  await shot(page, 'invoices-en-390');
});

test('at zero the countdown reloads the list, but not while a dialog is open', async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 5_000);
  const supplierId = await createSupplier(tenant);
  await createInvoice(tenant, supplierId, { name: 'F-CLK-1' });
  await page.clock.install();
  await openInvoices(page);
  await expect(invoiceRow(page, 'F-CLK-1')).toBeVisible();

  let reloads = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/invoices/invoices')) reloads += 1;
  });
  const countdown = page.getByTestId('rate-countdown');
  await page.clock.runFor(31_000);
  await expect(countdown).toContainText(/in 2\d seconds/);
  await expect(countdown).toHaveCSS('color', 'rgb(198, 40, 40)');
  await page.clock.runFor(30_000);
  await expect.poll(() => reloads).toBe(1);
  await expect(countdown).toContainText(/in 5\d seconds/);
  await expect(countdown).not.toHaveCSS('color', 'rgb(198, 40, 40)');

  await selectInvoice(page, 'F-CLK-1');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment detail' });
  await expect(dialog).toBeVisible();
  await page.clock.runFor(125_000);
  expect(reloads).toBe(1);

  // Cancel reloads the list.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => reloads).toBe(2);
});

test('an expired quote is refreshed and the user is told, then the payment goes through', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tenant = await freshFundedTenant(page, request, 5_000);
  const supplierId = await createSupplier(tenant);
  await createInvoice(tenant, supplierId, { name: 'F-EXP-1', totalMxn: 9_000 });
  await openInvoices(page);
  await selectInvoice(page, 'F-EXP-1');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment detail' });
  await expect(dialog).toBeVisible();

  // The quote lives 60 s; with the dialog open the list does not reload.
  await page.waitForTimeout(62_000);
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(
    page.getByText('The exchange rate was updated. Please review the amounts.'),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  // A new rate is shown beside the old one, and confirming waits for a fresh click on it.
  const changed = dialog.getByTestId('quote-changed');
  // Confirm stays disabled while the new quote loads; then either the rate is the same, or
  // the change is announced.
  await expect(
    changed.or(dialog.getByRole('button', { name: 'Confirm payment', disabled: false })),
  ).toBeVisible();
  if (await changed.isVisible()) {
    await expect(dialog.getByRole('button', { name: 'Confirm payment' })).toBeDisabled();
    await changed.getByRole('button', { name: 'Accept the new rate' }).click();
  }
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(invoiceRow(page, 'F-EXP-1')).toHaveCount(0);
});
