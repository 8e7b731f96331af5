import { expect, test } from '@playwright/test';
import { logIn, signUpCustomer, uniqueEmail } from './helpers';

const password = 'E2e-Passw0rd!';

test('a new customer signs up, logs out and logs in again', async ({ page }) => {
  const email = uniqueEmail();
  await signUpCustomer(page, { firstName: 'Lucía', email, password });
  await expect(page).toHaveURL(/\/exchange$/);
  await expect(page.getByTestId('greeting')).toContainText('Lucía');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/exchange$/);
  await expect(page.getByTestId('greeting')).toContainText('Lucía');
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('demo@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The e-mail or the password is not correct.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the header greets the user and its clock ticks every second', async ({ page }) => {
  await logIn(page, 'demo@demo.test', 'Demo1234!');
  await expect(page.getByTestId('greeting')).toContainText('Diana');
  const clock = page.getByTestId('clock');
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first ?? '', { timeout: 3000 });
});

test('switching the language changes the texts and persists', async ({ page }) => {
  await logIn(page, 'demo@demo.test', 'Demo1234!');
  await expect(page.getByRole('link', { name: 'Invoice tracking' })).toBeVisible();
  await expect(page.getByTestId('greeting')).toContainText('Hello');

  await page
    .getByRole('button', { name: 'Language' })
    .or(page.getByRole('combobox', { name: 'Language' }))
    .first()
    .click();
  await page
    .getByRole('option', { name: 'Español' })
    .or(page.getByRole('menuitem', { name: 'Español' }))
    .first()
    .click();

  await expect(page.getByRole('link', { name: 'Seguimiento de facturas' })).toBeVisible();
  await expect(page.getByTestId('greeting')).toContainText('Hola');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Seguimiento de facturas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
});

test('a session ended on the server opens the Session ended dialog', async ({ page, request }) => {
  await logIn(page, 'other@demo.test', 'Demo1234!');
  const token = await page.evaluate(() => {
    const stored = window.localStorage.getItem('session');
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });
  expect(token).not.toBe('');
  const logout = await request.post('/api/v1/en/auth/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(logout.status()).toBe(204);

  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Session ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your session has ended due to inactivity.');
  // Non-dismissable: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('session'))).toBeNull();
});

test('a guarded page sends a visitor to the login page, and unknown paths show the landing', async ({
  page,
}) => {
  await page.goto('/invoices');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no/such/page');
  await expect(
    page
      .getByRole('link', { name: 'Log in' })
      .or(page.getByRole('button', { name: 'Log in' }))
      .first(),
  ).toBeVisible();
});

test('password recovery answers without telling whether the account exists', async ({ page }) => {
  await page.goto('/password-recovery');
  await page.getByLabel('E-mail').fill('nobody@e2e.test');
  await page
    .getByRole('button')
    .filter({ hasText: /send|enviar/i })
    .first()
    .click();
  await expect(page.getByText(/If an account exists for that e-mail/)).toBeVisible();
});
