import { expect, test } from '@playwright/test';
import { createSupplier, freshFundedTenant } from './finance-fixtures';
import { shot } from './screenshots';

/**
 * With approvals on, what waits reads for a person: a held payment names its supplier, the
 * masked CLABE and both currencies, never ids or field names; a supplier saved for approval
 * shows in the supplier list as waiting, and the message says what waits, not that money moves.
 */
const TEXTS = {
  en: {
    addSupplier: 'Add supplier',
    dialog: 'Add supplier',
    name: 'Name',
    email: 'E-mail',
    bank: 'Bank name',
    clabe: 'CLABE number',
    taxId: 'Tax id (RFC)',
    save: 'Save',
    held: /^Sent for approval: Frutas Pendientes SA is added to your suppliers/,
    waiting: 'Waiting for approval',
    newSupplier: 'New supplier',
    payNow: 'Send USD to a supplier now',
    supplierCreate: "A new supplier's bank account",
    noMoney: 'No money moves',
  },
  sp: {
    addSupplier: 'Agregar proveedor',
    dialog: 'Agregar proveedor',
    name: 'Nombre',
    email: 'Correo electrónico',
    bank: 'Nombre del banco',
    clabe: 'Número CLABE',
    taxId: 'RFC',
    save: 'Guardar',
    held: /^Enviado a aprobación: Frutas Pendientes SA se agrega a tus proveedores/,
    waiting: 'En espera de aprobación',
    newSupplier: 'Proveedor nuevo',
    payNow: 'Enviar USD a un proveedor ahora',
    supplierCreate: 'La cuenta bancaria de un proveedor nuevo',
    noMoney: 'No se mueve dinero',
  },
} as const;

for (const language of ['en', 'sp'] as const) {
  test(`approvals read for people; a supplier waiting for approval is listed (${language})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const text = TEXTS[language];
    const tenant = await freshFundedTenant(page, request, 5_000);
    await createSupplier(tenant, 'Berries del Norte SA');
    await tenant.api('PUT', 'team/settings', {
      dApprovalThresholdUsd: 100,
      iApprovalExpiryHours: 72,
      iCoolingOffHours: 0,
      aApprovalLevels: [],
    });
    const suppliers = (await tenant.api('GET', 'payment-recipient')) as {
      paymentRecipients: Array<{ sPaymentRecipientId: string }>;
    };
    const dashboard = (await tenant.api('GET', 'dashboard')) as {
      exchangeRateTodayReference: string;
    };
    // Above the threshold: held for a second person.
    await tenant.api('POST', 'payments/sendPayNow', {
      dAmount: 250,
      comment: 'Fresas de abril',
      sPaymentRecipientId: suppliers.paymentRecipients[0]!.sPaymentRecipientId,
      sExchangeRateReference: dashboard.exchangeRateTodayReference,
    });

    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    await page.goto('/suppliers');
    await page.getByRole('button', { name: text.addSupplier }).click();
    const form = page.getByRole('dialog', { name: text.dialog });
    await form.getByRole('textbox', { name: text.name, exact: true }).fill('Frutas Pendientes SA');
    await form.getByLabel(text.email).fill('pagos@frutas.mx');
    await form.getByRole('textbox', { name: text.bank, exact: true }).fill('BANORTE');
    await form.getByLabel(text.clabe).fill('072180001183597112');
    await form.getByLabel(text.taxId).fill('FPE120315AB1');
    await form.getByRole('button', { name: text.save }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(text.held)).toBeVisible();

    const pending = page.getByTestId('pending-suppliers');
    await expect(pending).toContainText(text.waiting);
    const row = pending.getByRole('row', { name: /Frutas Pendientes SA/ });
    await expect(row).toContainText(text.newSupplier);
    await expect(row).toContainText('********7112');
    await shot(page, `suppliers-pending-${language}`);

    // The approvals list and the held payment's screen.
    await page.goto('/approvals');
    const payNow = page.getByRole('link', { name: text.payNow }).first();
    await expect(payNow).toBeVisible();
    await payNow.click();
    const detail = page.getByTestId('approval-detail');
    await expect(detail).toContainText(text.payNow);
    await expect(detail).toContainText('Berries del Norte SA (********3858)');
    await expect(detail).toContainText('250.00 USD');
    await expect(detail).toContainText(/[\d,]+\.\d{2} MXN/);
    await expect(detail).toContainText('Fresas de abril');
    await expect(detail).not.toContainText(/sPaymentRecipientId|sExchangeRateReference|dAmount/);
    await shot(page, `approval-pay-now-${language}`);

    await page.goto('/approvals');
    await page.getByRole('link', { name: text.supplierCreate }).first().click();
    await expect(detail).toContainText('Frutas Pendientes SA');
    await expect(detail).toContainText(text.noMoney);
    await expect(detail).toContainText('BANORTE');
    await shot(page, `approval-supplier-${language}`);
  });
}
