import { expect, test, type Page } from '@playwright/test';
import { emailsTo, uniqueEmail } from './helpers';

const PASSWORD = 'E2e-Passw0rd!';
const DEMO_PASSWORD = 'Demo1234!';
const FIRST_CLABE = '012180001183597127';
const NEW_CLABE = '014180605078385123';

async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = window.localStorage.getItem('session');
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });
}

test("a grower changes its CLABE: the password is asked, the payouts' cooling-off is shown and the back office sees it", async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('grower');
  await page.goto('/signin/vendor');
  await page.getByLabel('Name', { exact: true }).fill('Rosa');
  await page.getByLabel('Last name').fill('Campos');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('+52 443 555 0101');
  await page.getByLabel('Company name').fill('Huertas Cambio SPR');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Its first CLABE, registered through the API (with the password, as the form asks).
  const token = await sessionToken(page);
  const first = await request.put('/api/v1/en/profile/bank', {
    headers: { authorization: `Bearer ${token}` },
    data: { clabe: FIRST_CLABE, sBank_mxn_account: 'BBVA MEXICO', sPassword: PASSWORD },
  });
  expect(first.status()).toBe(200);
  // A stolen session alone changes nothing.
  const stolen = await request.put('/api/v1/en/profile/bank', {
    headers: { authorization: `Bearer ${token}` },
    data: { clabe: NEW_CLABE, sBank_mxn_account: 'SANTANDER' },
  });
  expect(stolen.status()).toBe(401);
  expect(await stolen.json()).toMatchObject({ code: 'PASSWORD_REQUIRED' });

  await page.goto('/profile/tab/3');
  const clabe = page.getByRole('textbox', { name: 'CLABE' });
  await expect(clabe).toHaveValue(FIRST_CLABE);
  await expect(page.getByTestId('bank-pending-change')).toHaveCount(0);
  await clabe.fill(NEW_CLABE);
  await page.getByRole('textbox', { name: 'Bank name (MXN)' }).fill('SANTANDER');
  await page.getByRole('button', { name: 'Save' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm with your password' });
  await confirm.getByLabel('Password').fill('not-my-password');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText('The password is not correct.')).toBeVisible();
  await confirm.getByLabel('Password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/Your payouts are held until/)).toBeVisible();
  await expect(page.getByTestId('bank-pending-change')).toContainText('payouts are held until');
  // The company's admin (the grower who signed up) is told by e-mail, old and new account masked.
  const mails = await emailsTo(email, /^Your payout bank account changed: Huertas Cambio SPR/);
  const notice = mails.find((mail) => mail.subject.startsWith('Your payout bank account changed'));
  expect(notice?.text).toContain(`${FIRST_CLABE.slice(-4)}`);
  expect(notice?.text).toContain(`${NEW_CLABE.slice(-4)}`);
  expect(notice?.text).toContain('Payouts are held until');
  expect(notice?.text).not.toContain(NEW_CLABE);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'CLABE' })).toHaveValue(NEW_CLABE);
  await expect(page.getByTestId('bank-pending-change')).toBeVisible();

  // The back office lists the pending change with when it takes effect.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('ops@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/operator/);
  await page.getByRole('tab', { name: 'Bank changes' }).click();
  const row = page.getByTestId('bank-change-row').filter({ hasText: 'Huertas Cambio SPR' });
  await expect(row).toContainText('Its own payout account');
  await expect(row).toContainText(`…${FIRST_CLABE.slice(-4)} → …${NEW_CLABE.slice(-4)}`);
  await expect(row).toContainText(email);
});
