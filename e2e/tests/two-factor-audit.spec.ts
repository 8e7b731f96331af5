import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { createSupplier, freshFundedTenant, readDownloadedWorkbook } from './finance-fixtures';
import { shot } from './screenshots';

const NEW_CLABE = '002010077777777771';

test('sets up a second factor, signs in with its code, and the audit log shows the sign-in and a supplier bank change', async ({
  page,
  request,
}) => {
  // Set-up, two sign-ins, the audit screen and a download: longer than most on a busy machine.
  test.slow();
  const tenant = await freshFundedTenant(page, request, 1_000);
  // A supplier whose CLABE changes (before the second factor, so no step-up yet).
  const supplierId = await createSupplier(tenant, 'Hortalizas Auditadas SA de CV');
  await tenant.api('PUT', 'payment-recipient/', {
    sPaymentRecipientId: supplierId,
    sName: 'Hortalizas Auditadas SA de CV',
    sEmail: 'pagos@proveedor-e2e.mx',
    sBankName: 'BANAMEX',
    sAccountNumber: NEW_CLABE,
    sEntityBusiness: 'COMPANY',
    sTaxId: 'PEE120315AB1',
  });

  // Set up: QR code and secret, confirmed with the app's current code.
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up the second factor' }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, 'security-setup-en');
  await page.getByLabel('Code of the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  await shot(page, 'security-recovery-codes-en');
  await page.getByRole('button', { name: 'I have kept them' }).click();
  await expect(page.getByTestId('totp-status')).toContainText('Recovery codes left: 10');

  // Sign in again: the password alone is not enough; the code is asked for, then accepted.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(tenant.email);
  await page.getByLabel('Password', { exact: true }).fill(tenant.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const codeField = page.getByLabel('Code of your authenticator app');
  await expect(codeField).toBeVisible();
  await shot(page, 'login-totp-en');
  // The step after the one spent on enabling: an app a little ahead is within the window.
  await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();

  // The audit log: the sign-ins (asked for the code, then OK) and the supplier's CLABE change.
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const rows = page.getByTestId('audit-row');
  await expect(
    rows.filter({ hasText: 'postAuthLogin' }).filter({ hasText: 'TOTP_REQUIRED' }),
  ).toHaveCount(1);
  const succeeded = page.getByRole('cell', { name: 'OK', exact: true });
  await expect(rows.filter({ hasText: 'postAuthLogin' }).filter({ has: succeeded })).toHaveCount(1);
  const clabeChange = rows.filter({ hasText: 'putPaymentRecipient' });
  await expect(clabeChange).toHaveCount(1);
  await expect(clabeChange).toContainText(`sAccountNumber: 012180026050783858 → ${NEW_CLABE}`);
  await expect(clabeChange).toContainText('sBankName: BBVA MEXICO → BANAMEX');
  await expect(rows.filter({ hasText: 'postAuth2faEnable' })).toHaveCount(1);
  await shot(page, 'audit-log-en');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const workbook = await readDownloadedWorkbook(await downloading);
  expect(workbook.fileName).toMatch(/^audit-log.*\.xlsx$/);
  expect(workbook.header).toContain('Action');
  expect(workbook.rows.some((row) => row.includes('putPaymentRecipient'))).toBe(true);
});
