import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freshFundedTenant } from './finance-fixtures';

const SAMPLES = fileURLToPath(new URL('../../apps/api/src/modules/cfdi/samples/', import.meta.url));
const limones = readFileSync(`${SAMPLES}cfdi40-limones-colima.xml`);
const aguacates = readFileSync(`${SAMPLES}cfdi40-aguacates-del-valle.xml`, 'utf8');
// A supplier's total raised after signing: the seal no longer verifies.
const edited = Buffer.from(aguacates.replace(' Total="177950.00"', ' Total="977950.00"'));

const FILES = [
  { name: 'limones.xml', mimeType: 'text/xml', buffer: limones },
  { name: 'aguacates-editada.xml', mimeType: 'text/xml', buffer: edited },
  { name: 'pedido.xml', mimeType: 'text/xml', buffer: Buffer.from('<Pedido/>') },
];

test('the import dialog refuses an edited CFDI on its own line, with what to do, in en and sp', async ({
  page,
  request,
}) => {
  await freshFundedTenant(page, request, 1_000);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Import CFDI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CFDI invoices' });
  await dialog.getByTestId('cfdi-file-input').setInputFiles(FILES);
  const rows = dialog.getByTestId('cfdi-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('LC-2031');
  await expect(rows.nth(1)).toContainText(
    'The CFDI’s seal does not verify (the seal is not the signature of this content)',
  );
  await expect(rows.nth(1)).toContainText('Ask the supplier for the XML exactly as stamped.');
  await expect(rows.nth(2)).toContainText('The file is not a CFDI');
  await expect(dialog.getByText('Refused')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Español' }).click();
  await page.getByRole('button', { name: 'Importar CFDI' }).click();
  const spDialog = page.getByRole('dialog', { name: 'Importar facturas CFDI' });
  await spDialog.getByTestId('cfdi-file-input').setInputFiles(FILES);
  const spRows = spDialog.getByTestId('cfdi-row');
  await expect(spRows).toHaveCount(3);
  await expect(spRows.nth(1)).toContainText(
    'El sello del CFDI no es válido (el sello no es la firma de este contenido)',
  );
  await expect(spRows.nth(1)).toContainText('Pide al proveedor el XML tal como se timbró.');
});
