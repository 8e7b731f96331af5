import { expect, test, type Page } from '@playwright/test';
import { createInvoice, createSupplier, freshFundedTenant } from './finance-fixtures';
import { shot } from './screenshots';

/**
 * Bounds and signals a finance user relies on, in both languages: amount fields that keep
 * what was typed and say what is wrong, the invoice bound, overdue invoices marked, invoice
 * numbers read whole at 1366 px, and the company settings reachable from the finance menu.
 */

const TEXTS = {
  en: {
    heading: 'Pending invoices',
    overdue: 'Overdue',
    addInvoice: 'Add invoice',
    total: 'Total in pesos (MXN)',
    save: 'Save',
    exponent: 'a form like 1e9 is not taken',
    negative: 'cannot be negative',
    decimals: 'at most 2 decimals',
    tooLarge: 'above the largest allowed, $100,000,000.00',
    convert: 'Convert',
    convertTitle: 'Convert USD to MXN',
    notifications: 'E-mail notifications',
    webhooks: 'Webhooks',
  },
  sp: {
    heading: 'Facturas pendientes',
    overdue: 'Vencida',
    addInvoice: 'Agregar factura',
    total: 'Total en pesos MXN',
    save: 'Guardar',
    exponent: 'una forma como 1e9 no se acepta',
    negative: 'no puede ser negativo',
    decimals: 'como máximo 2 decimales',
    tooLarge: 'pasa del máximo permitido de $100,000,000.00',
    convert: 'Convertir',
    convertTitle: 'Convertir USD a MXN',
    notifications: 'Notificaciones por correo',
    webhooks: 'Webhooks',
  },
} as const;

async function useLanguage(page: Page, language: 'en' | 'sp') {
  await page.evaluate((value) => window.localStorage.setItem('language', value), language);
}

for (const language of ['en', 'sp'] as const) {
  const text = TEXTS[language];

  test(`invoices at 1366 px: overdue marked, numbers whole, amounts explained (${language})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const tenant = await freshFundedTenant(page, request, 1_000);
    const supplierId = await createSupplier(tenant);
    const longNumber = 'F2-BODEGA-2026-000123';
    // Due 30 days after purchase: long past.
    await createInvoice(tenant, supplierId, { name: longNumber, purchaseDate: '2026-09-01' });
    await createInvoice(tenant, supplierId, { name: 'F-AL-DIA', purchaseDate: '2026-11-20' });
    await useLanguage(page, language);
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();

    const table = page.getByRole('table', {
      name: /Invoices pending assignment|Facturas pendientes de asignar/,
    });
    const late = table.getByRole('row').filter({ hasText: longNumber });
    const onTime = table.getByRole('row').filter({ hasText: 'F-AL-DIA' });
    await expect(late.getByTestId('overdue-badge')).toHaveText(text.overdue);
    await expect(onTime.getByTestId('overdue-badge')).toHaveCount(0);

    // The whole number is in its cell, nothing cut or hidden by an ellipsis.
    const cell = late.locator('td[data-field="sInvoice"]');
    await expect(cell).toHaveText(longNumber);
    const fits = await cell.evaluate(
      (element) =>
        element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
    );
    expect(fits).toBe(true);
    await shot(page, `invoices-overdue-1366-${language}`, { fullPage: false });

    // The add form keeps what was typed and names the problem, the bound included.
    await page.getByRole('button', { name: text.addInvoice }).click();
    const form = page.getByRole('dialog', { name: text.addInvoice });
    const total = form.getByLabel(text.total);
    for (const [typed, message] of [
      ['1e9', text.exponent],
      ['-5', text.negative],
      ['12.345', text.decimals],
      ['1000000000000', text.tooLarge],
    ] as const) {
      await total.fill(typed);
      await form.getByRole('button', { name: text.save }).click();
      await expect(total).toHaveValue(typed);
      await expect(form.getByText(message)).toBeVisible();
    }
    await shot(page, `invoice-bound-${language}`, { fullPage: false });
  });

  test(`amount fields and the finance menu (${language})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await freshFundedTenant(page, request, 1_000);
    await useLanguage(page, language);
    await page.reload();

    await page.getByRole('button', { name: text.convert, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text.convertTitle });
    const usd = dialog.getByTestId('amount-usd');
    for (const [typed, message] of [
      ['1e9', text.exponent],
      ['-5', text.negative],
      ['12.345', text.decimals],
    ] as const) {
      await usd.fill(typed);
      await expect(usd).toHaveValue(typed);
      await expect(dialog.getByText(message)).toBeVisible();
      await expect(dialog.getByTestId('amount-mxn')).toHaveValue('');
    }
    await shot(page, `amount-field-${language}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const nav = page.getByRole('navigation', { name: /Dashboard menu|Menú del dashboard/ });
    await expect(nav.getByRole('link', { name: text.webhooks })).toBeVisible();
    await nav.getByRole('link', { name: text.notifications }).click();
    await expect(page).toHaveURL(/\/profile\/tab\/5$/);
  });
}
