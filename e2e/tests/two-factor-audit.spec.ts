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
  // Actions and outcomes in words; the stored codes only in the cells' tooltips.
  await expect(rows.filter({ hasText: 'postAuthLogin' })).toHaveCount(0);
  const signIns = rows.filter({ has: page.locator('td[title="postAuthLogin"]') });
  await expect(signIns.first()).toContainText('Signed in');
  await expect(
    signIns.filter({ has: page.locator('td[title="TOTP_REQUIRED"]', { hasText: 'Refused' }) }),
  ).toHaveCount(1);
  const succeeded = page.getByRole('cell', { name: 'Done', exact: true });
  await expect(signIns.filter({ has: succeeded })).toHaveCount(1);
  const clabeChange = rows.filter({ hasText: 'Supplier changed' });
  await expect(clabeChange).toHaveCount(1);
  await expect(clabeChange).toContainText(`sAccountNumber: 012180026050783858 → ${NEW_CLABE}`);
  await expect(clabeChange).toContainText('sBankName: BBVA MEXICO → BANAMEX');
  await expect(rows.filter({ hasText: 'Second factor turned on' })).toHaveCount(1);
  await shot(page, 'audit-log-en');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const workbook = await readDownloadedWorkbook(await downloading);
  expect(workbook.fileName).toMatch(/^audit-log.*\.xlsx$/);
  expect(workbook.header).toContain('Action');
  expect(workbook.rows.some((row) => row.includes('Supplier changed'))).toBe(true);
});

test("a supplier's new CLABE asks a user with a second factor for a fresh code: a wrong one is refused in the dialog, cancel saves nothing, the right one saves", async ({
  page,
  request,
}) => {
  const tenant = await freshFundedTenant(page, request, 1_000);
  const name = 'Empaque Paso Firme SA de CV';
  await createSupplier(tenant, name);
  // The second factor, turned on through the API (the screens for it have their own test).
  const { sSecret: secret } = (await tenant.api('POST', 'auth/2fa/setup')) as { sSecret: string };
  await tenant.api('POST', 'auth/2fa/enable', { sCode: await generate({ secret }) });

  await page.goto('/suppliers');
  const row = page.locator('.MuiDataGrid-row', { hasText: name });
  const changeClabe = async () => {
    await row.getByRole('button', { name: `Edit supplier: ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit supplier' });
    await edit.getByLabel('CLABE number').fill(NEW_CLABE);
    await edit.getByRole('button', { name: 'Save' }).click();
    return edit;
  };

  // Asked for the code; Cancel closes the prompt and nothing is saved.
  const edit = await changeClabe();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your second factor' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp.getByLabel('Code')).toBeFocused();
  await stepUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(stepUp).toBeHidden();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('012180026050783858');

  // A wrong code: the prompt stays open with the server's message, the session stays.
  await changeClabe();
  await expect(stepUp).toBeVisible();
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const wrong = next.replace(/^./, (digit) => String((Number(digit) + 1) % 10));
  await stepUp.getByLabel('Code').fill(wrong);
  await page.keyboard.press('Enter');
  await expect(
    stepUp.getByText('The code is not correct or was already used. Enter the current code.'),
  ).toBeVisible();
  await shot(page, 'step-up-wrong-code-en');

  // The right code (typed, then Enter): saved, and the grid shows the new CLABE.
  await stepUp.getByLabel('Code').fill(next);
  await page.keyboard.press('Enter');
  await expect(stepUp).toBeHidden();
  await expect(page.getByText('Supplier updated.')).toBeVisible();
  await expect(row).toContainText(NEW_CLABE);
  const saved = (await tenant.api('GET', 'payment-recipient/')) as {
    paymentRecipients: { sName: string; sAccountNumber: string }[];
  };
  expect(saved.paymentRecipients.find((s) => s.sName === name)?.sAccountNumber).toBe(NEW_CLABE);
});
