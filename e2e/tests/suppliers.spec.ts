import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSupplier, freshFundedTenant, readDownloadedWorkbook } from './finance-fixtures';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

const GOOD_CLABE = '012180026050783858';
const BAD_CLABE = '012180026050783859';

function supplierRow(page: Page, name: string): Locator {
  return page.locator('.MuiDataGrid-row', { hasText: name });
}

async function openSuppliers(page: Page) {
  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
}

test('creates a supplier (the server refuses a bad CLABE on its field), edits and deletes it', async ({
  page,
  request,
}) => {
  await freshFundedTenant(page, request, 1_000);
  await openSuppliers(page);
  await expect(page.getByText('No suppliers yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/suppliers empty');

  await page.getByRole('button', { name: 'Add supplier' }).click();
  const form = page.getByRole('dialog', { name: 'Add supplier' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This field is required.')).toHaveCount(5);
  await expectNoSeriousA11yViolations(page, 'add supplier form with errors');
  await shot(page, 'suppliers-add-errors-en');

  await form
    .getByRole('textbox', { name: 'Name', exact: true })
    .fill('Hortalizas del Bajío SA de CV');
  await form.getByLabel('E-mail').fill('cobranza@hortalizas.mx');
  await form.getByRole('textbox', { name: 'Bank name', exact: true }).fill('BBVA MEXICO');
  await form.getByLabel('CLABE number').fill(BAD_CLABE);
  await form.getByLabel('Tax id (RFC)').fill('HBA120315AB1');
  await form.getByRole('button', { name: 'Save' }).click();
  const clabe = form.getByLabel('CLABE number');
  await expect(
    form.getByText('Enter a valid CLABE: 18 digits with a correct check digit.'),
  ).toBeVisible();
  await expect(clabe).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Tax id (RFC)')).toHaveAttribute('aria-invalid', 'false');
  await expectNoSeriousA11yViolations(page, 'add supplier form with a server error');
  await shot(page, 'suppliers-bad-clabe-en');

  await clabe.fill(GOOD_CLABE);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Supplier added.')).toBeVisible();
  const row = supplierRow(page, 'Hortalizas del Bajío SA de CV');
  await expect(row).toContainText('cobranza@hortalizas.mx');
  await expect(row).toContainText(GOOD_CLABE);
  await expect(row).toContainText('HBA120315AB1');
  await expectNoSeriousA11yViolations(page, '/suppliers with a row');
  await shot(page, 'suppliers-en-1280');

  await row.getByRole('button', { name: 'Edit supplier: Hortalizas del Bajío SA de CV' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit supplier' });
  await expect(edit.getByLabel('CLABE number')).toHaveValue(GOOD_CLABE);
  await expectNoSeriousA11yViolations(page, 'edit supplier form');
  await shot(page, 'suppliers-edit-en');
  await edit.getByRole('textbox', { name: 'Bank name', exact: true }).fill('BANORTE');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Supplier updated.')).toBeVisible();
  await expect(row).toContainText('BANORTE');

  await row.getByRole('button', { name: 'Delete supplier: Hortalizas del Bajío SA de CV' }).click();
  const confirm = page.getByRole('dialog', {
    name: 'Are you sure you want to delete the supplier?',
  });
  await expect(confirm).toContainText('no more invoices can be created for this supplier');
  // Escape closes it like Cancel: nothing is deleted.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete supplier: Hortalizas del Bajío SA de CV' }).click();
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'delete supplier confirmation');
  await shot(page, 'suppliers-delete-en');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Supplier deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('searches on the client and exports Proveedores.xlsx', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 1_000);
  await createSupplier(tenant, 'Agrícola Los Altos');
  await createSupplier(tenant, 'Frutas del Valle');
  await openSuppliers(page);
  await expect(supplierRow(page, 'Frutas del Valle')).toBeVisible();

  let calls = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/payment-recipient')) calls += 1;
  });
  await page.getByLabel('Search suppliers').fill('agricola');
  await expect(supplierRow(page, 'Agrícola Los Altos')).toBeVisible();
  await expect(supplierRow(page, 'Frutas del Valle')).toHaveCount(0);
  await page.getByLabel('Search suppliers').fill('zzz');
  await expect(page.getByText('No supplier matches the search.')).toBeVisible();
  expect(calls).toBe(0);
  await page.getByLabel('Search suppliers').fill('');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  const workbook = await readDownloadedWorkbook(download);
  expect(workbook.fileName).toBe('Proveedores.xlsx');
  expect(workbook.sheetNames).toEqual(['Hoja1']);
  expect(workbook.header).toEqual(['Name', 'E-mail', 'Bank name', 'CLABE number', 'Tax id (RFC)']);
  expect(workbook.rows).toHaveLength(3);
});

test('speaks Spanish and fits a phone', async ({ page, request }) => {
  const tenant = await freshFundedTenant(page, request, 1_000);
  await createSupplier(tenant, 'Agrícola Los Altos');
  await page.evaluate(() => window.localStorage.setItem('language', 'sp'));
  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { level: 1, name: 'Proveedores' })).toBeVisible();
  for (const name of ['Agregar proveedor', 'Descargar']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('columnheader', { name: 'Número CLABE' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/suppliers in sp');
  await shot(page, 'suppliers-sp-1280');

  await page.getByRole('button', { name: 'Agregar proveedor' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar proveedor' });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El campo es obligatorio')).toHaveCount(5);
  await shot(page, 'suppliers-add-errors-sp');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();

  await supplierRow(page, 'Agrícola Los Altos')
    .getByRole('button', { name: 'Eliminar proveedor: Agrícola Los Altos' })
    .click();
  const confirm = page.getByRole('dialog', {
    name: '¿Estás seguro de que deseas eliminar al proveedor?',
  });
  await expect(confirm).toContainText('ya no podrás crear facturas para este proveedor');
  await shot(page, 'suppliers-delete-sp');
  await confirm.getByRole('button', { name: 'Cerrar' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'suppliers-sp-390');
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
  await shot(page, 'suppliers-en-390');
});
