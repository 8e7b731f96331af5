import { expect, test, type Locator, type Page } from '@playwright/test';
import { createInvoice, createSupplier, freshFundedTenant, type Tenant } from './finance-fixtures';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

/**
 * What an accounts-payable clerk meets on the review steps, in both languages: a rate that
 * changes while a payment is reviewed is announced and needs a fresh click, a deleted
 * supplier's invoices cannot be chosen, the forward's deposit is stated before booking, and
 * a conversion takes invoices of several suppliers.
 */

const TEXT = {
  en: {
    heading: 'Pending invoices',
    pay: 'Pay',
    convert: 'Convert',
    payDialog: 'Payment detail',
    confirmPay: 'Confirm payment',
    paid: 'Payment sent to',
    changed: 'The exchange rate changed while you were reviewing',
    accept: 'Accept the new rate',
    supplierDeleted: 'Supplier deleted',
    batch: 'Pay in batch',
    batchDialog: 'Pay invoices in one batch',
    selectInvoice: (name: string) => `Select invoice ${name}`,
    forwardOption: 'Lock a rate for a future date (forward)',
    continue: 'Continue',
    forwardDialog: 'Forward detail',
    depositTaken: 'is taken from your USD balance when you confirm',
    viewConversion: (id: number) => `View conversion #${String(id)}`,
    conversionDialog: 'Conversion detail',
    addInvoices: 'Add invoices',
    supplierPicker: /Supplier name/,
    addInvoice: (name: string) => `Add invoice ${name}`,
    added: 'The invoice was added to the conversion.',
  },
  sp: {
    heading: 'Facturas pendientes',
    pay: 'Pagar',
    convert: 'Convertir',
    payDialog: 'Detalle de pago',
    confirmPay: 'Confirmar pago',
    paid: 'Pago enviado a',
    changed: 'El tipo de cambio cambió mientras revisabas',
    accept: 'Aceptar el nuevo tipo de cambio',
    supplierDeleted: 'Proveedor eliminado',
    batch: 'Pagar en lote',
    batchDialog: 'Pagar facturas en un lote',
    selectInvoice: (name: string) => `Seleccionar la factura ${name}`,
    forwardOption: 'Pagar con forward',
    continue: 'Continuar',
    forwardDialog: 'Detalle del forward',
    depositTaken: 'Al confirmar se toma de tu saldo en USD un depósito del 5% del forward',
    viewConversion: (id: number) => `Ver la conversión #${String(id)}`,
    conversionDialog: 'Detalle de conversión',
    addInvoices: 'Agregar facturas',
    supplierPicker: /Nombre del proveedor/,
    addInvoice: (name: string) => `Agregar la factura ${name}`,
    added: 'La factura se agregó a la conversión.',
  },
} as const;

type Language = keyof typeof TEXT;

async function useLanguage(page: Page, language: Language) {
  await page.evaluate((value) => window.localStorage.setItem('language', value), language);
}

function invoiceRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: /Invoices pending assignment|Facturas pendientes de asignar/ })
    .getByRole('row')
    .filter({ hasText: name });
}

async function openInvoices(page: Page, language: Language) {
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: TEXT[language].heading })).toBeVisible();
}

/** "$1,234.56 USD" → 123456 cents. */
function centsOf(text: string): number {
  const match = /\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

async function deleteSupplier(tenant: Tenant, supplierId: string) {
  await tenant.api('PUT', 'payment-recipient/delete', { sPaymentRecipientId: supplierId });
}

for (const language of ['en', 'sp'] as const) {
  const L = TEXT[language];

  test(`${language}: a rate change on the payment review is announced and needs a fresh click`, async ({
    page,
    request,
  }) => {
    const tenant = await freshFundedTenant(page, request, 20_000);
    await useLanguage(page, language);
    const supplierId = await createSupplier(tenant);
    const name = `F-RATE-${language}`;
    await createInvoice(tenant, supplierId, { name, totalMxn: 12_345 });

    // The list's first quote is shown a little higher than the server's, so that the quote
    // the page fetches after the refusal below differs from the one the dialog opened with.
    let shiftRate = true;
    await page.route('**/api/v1/*/invoices/invoices', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { exchangeRateToday: number };
      if (shiftRate) body.exchangeRateToday = Number((body.exchangeRateToday + 0.05).toFixed(4));
      await route.fulfill({ response, json: body });
    });
    // The first confirm meets an expired quote, as when the review stayed open too long.
    const sentReferences: string[] = [];
    await page.route('**/api/v1/*/payments/invoice', async (route) => {
      const body = route.request().postDataJSON() as { sExchangeRateReference: string };
      sentReferences.push(body.sExchangeRateReference);
      if (sentReferences.length === 1) {
        shiftRate = false;
        await route.fulfill({
          status: 409,
          json: {
            code: 'QUOTE_EXPIRED',
            message: 'The exchange rate expired.',
            field: 'sExchangeRateReference',
          },
        });
        return;
      }
      await route.continue();
    });

    await openInvoices(page, language);
    await invoiceRow(page, name).getByRole('checkbox').check();
    await page.getByRole('button', { name: L.pay, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: L.payDialog });
    const usdBefore = centsOf((await dialog.getByTestId('pay-usd').textContent()) ?? '');
    const confirm = dialog.getByRole('button', { name: L.confirmPay });
    await confirm.click();

    // The new quote is shown beside the old one, and confirming waits for a fresh click.
    const notice = dialog.getByTestId('quote-changed');
    await expect(notice).toContainText(L.changed);
    await expect(confirm).toBeDisabled();
    const usdAfter = centsOf((await dialog.getByTestId('pay-usd').textContent()) ?? '');
    expect(usdAfter).toBeGreaterThan(usdBefore);
    const format = (cents: number) =>
      `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    await expect(notice).toContainText(format(usdBefore));
    await expect(notice).toContainText(format(usdAfter));
    await expectNoSeriousA11yViolations(page, `rate changed ${language}`);
    await shot(page, `clerk-rate-changed-${language}`);

    await notice.getByRole('button', { name: L.accept }).click();
    await expect(notice).toBeHidden();
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${L.paid} Proveedor E2E SA de CV.`)).toBeVisible();

    // What was charged is what the person accepted: the second quote, at its USD.
    expect(sentReferences).toHaveLength(2);
    expect(sentReferences[1]).not.toBe(sentReferences[0]);
    const { payments } = (await tenant.api('GET', 'payments/')) as {
      payments: Array<{ dAmountUsd: number }>;
    };
    expect(payments.map((payment) => Math.round(payment.dAmountUsd * 100))).toEqual([usdAfter]);
  });

  test(`${language}: a deleted supplier's invoices are marked and cannot be chosen or batch-paid`, async ({
    page,
    request,
  }) => {
    const tenant = await freshFundedTenant(page, request, 20_000);
    await useLanguage(page, language);
    const live = await createSupplier(tenant, 'Proveedor Vigente SA');
    const gone = await createSupplier(tenant, 'Proveedor Borrado SA');
    await createInvoice(tenant, live, { name: `F-LIVE-${language}`, totalMxn: 1_000 });
    await createInvoice(tenant, gone, { name: `F-GONE-${language}`, totalMxn: 2_000 });
    await deleteSupplier(tenant, gone);

    await openInvoices(page, language);
    const goneRow = invoiceRow(page, `F-GONE-${language}`);
    await expect(goneRow.getByTestId('supplier-deleted')).toHaveText(L.supplierDeleted);
    await expect(goneRow.getByRole('checkbox')).toBeDisabled();
    await expect(invoiceRow(page, `F-LIVE-${language}`).getByRole('checkbox')).toBeEnabled();
    await shot(page, `clerk-supplier-deleted-${language}`);

    await page.getByRole('button', { name: L.batch }).click();
    const batch = page.getByRole('dialog', { name: L.batchDialog });
    const goneBox = batch.getByRole('checkbox', { name: L.selectInvoice(`F-GONE-${language}`) });
    await expect(goneBox).toBeDisabled();
    await expect(batch.getByRole('row').filter({ hasText: `F-GONE-${language}` })).toContainText(
      L.supplierDeleted,
    );
    await expect(
      batch.getByRole('checkbox', { name: L.selectInvoice(`F-LIVE-${language}`) }),
    ).toBeEnabled();
    await expectNoSeriousA11yViolations(page, `batch with a deleted supplier ${language}`);
  });

  test(`${language}: the forward review states the deposit taken at booking`, async ({
    page,
    request,
  }) => {
    const tenant = await freshFundedTenant(page, request, 20_000);
    await useLanguage(page, language);
    const supplierId = await createSupplier(tenant);
    const name = `F-DEP-${language}`;
    await createInvoice(tenant, supplierId, { name, totalMxn: 30_000 });
    await openInvoices(page, language);

    await invoiceRow(page, name).getByRole('checkbox').check();
    await page.getByRole('button', { name: L.convert, exact: true }).click();
    const chooser = page.getByRole('dialog', { name: L.payDialog });
    await chooser.getByText(L.forwardOption).click();
    await chooser.getByRole('button', { name: L.continue }).click();
    const dialog = page.getByRole('dialog', { name: L.forwardDialog });
    await dialog.getByRole('button', { name: /Choose date|Elige fecha|Seleccionar fecha/ }).click();
    const calendar = page.getByRole('grid');
    const enabled = calendar.locator('button[role="gridcell"]:not([disabled])');
    if ((await enabled.count()) === 0) {
      await page.getByRole('button', { name: /Next month|Mes siguiente/ }).click();
    }
    await enabled.first().click();
    await expect(calendar).toBeHidden();

    const usd = centsOf((await dialog.getByTestId('forward-usd').textContent()) ?? '');
    const deposit = centsOf((await dialog.getByTestId('forward-deposit').textContent()) ?? '');
    // 5 % of the USD, rounded up to the cent, as the server holds it.
    expect(deposit).toBe(Math.ceil((usd * 5) / 100));
    await expect(dialog).toContainText(L.depositTaken);
    await expectNoSeriousA11yViolations(page, `forward deposit ${language}`);
    await shot(page, `clerk-forward-deposit-${language}`);
  });

  test(`${language}: a conversion takes invoices of two suppliers and names both`, async ({
    page,
    request,
  }) => {
    const tenant = await freshFundedTenant(page, request, 20_000);
    await useLanguage(page, language);
    const first = await createSupplier(tenant, `Huerta Uno ${language}`);
    const second = await createSupplier(tenant, `Rancho Dos ${language}`);
    await createInvoice(tenant, first, { name: `F-ONE-${language}`, totalMxn: 3_000 });
    await createInvoice(tenant, second, { name: `F-TWO-${language}`, totalMxn: 4_000 });
    const dashboard = (await tenant.api('GET', 'dashboard')) as {
      exchangeRateToday: number;
      exchangeRateTodayReference: string;
    };
    const { transaction } = (await tenant.api('POST', 'transactions/', {
      sTransactionType: await forexTypeId(tenant),
      dAmount: 1_000,
      dExchangeRate: dashboard.exchangeRateToday,
      referenceExchangeRate: dashboard.exchangeRateTodayReference,
      bExternal: false,
    })) as { transaction: { iTrackingId: number } };

    await page.goto('/balance');
    await page.getByRole('button', { name: L.viewConversion(transaction.iTrackingId) }).click();
    const dialog = page.getByRole('dialog', { name: L.conversionDialog });
    await dialog.getByRole('button', { name: L.addInvoices }).click();
    const picker = dialog.getByRole('combobox', { name: L.supplierPicker });
    for (const [supplier, invoice] of [
      [`Huerta Uno ${language}`, `F-ONE-${language}`],
      [`Rancho Dos ${language}`, `F-TWO-${language}`],
    ] as const) {
      await picker.click();
      await page.getByRole('option', { name: new RegExp(supplier) }).click();
      await dialog
        .getByTestId('available-invoice')
        .filter({ hasText: invoice })
        .getByRole('button', { name: L.addInvoice(invoice) })
        .click();
      await expect(
        dialog.getByTestId('assigned-invoice').filter({ hasText: invoice }),
      ).toBeVisible();
    }
    await expect(dialog.getByTestId('detail-suppliers')).toContainText(`Huerta Uno ${language}`);
    await expect(dialog.getByTestId('detail-suppliers')).toContainText(`Rancho Dos ${language}`);
    // Inside the dialog: the grid behind it is dimmed by the backdrop.
    await expectNoSeriousA11yViolations(
      page,
      `conversion of two suppliers ${language}`,
      '.MuiDialog-root',
    );
    await shot(page, `clerk-two-suppliers-${language}`);
  });
}

async function forexTypeId(tenant: Tenant): Promise<string> {
  const catalog = (await tenant.api('GET', 'catalog/statuses')) as {
    transactionTypes: Array<{ sTransactionTypeId: string; sKey: string }>;
  };
  const type = catalog.transactionTypes.find((entry) => entry.sKey === 'FOREX');
  if (!type) throw new Error('No FOREX transaction type');
  return type.sTransactionTypeId;
}
