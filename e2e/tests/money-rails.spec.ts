import { expect, test, type APIRequestContext } from '@playwright/test';
import { logIn, uniqueEmail } from './helpers';
import { expectNoSeriousA11yViolations } from './accessibility';

/**
 * The money rails as `npm start` runs them: the second e2e server sends payouts and takes
 * deposits through the local STP counterpart (signed orders, STP's callbacks), port + 3.
 */
const RAILS_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 3}`;
const DEMO_PASSWORD = 'Demo1234!';

/** A CLABE's check digit is right (weights 3, 7, 1 over the first 17 digits). */
function clabeCheckDigitHolds(clabe: string): boolean {
  const weights = [3, 7, 1];
  const sum = [...clabe.slice(0, 17)].reduce(
    (total, digit, index) => total + ((Number(digit) * weights[index % 3]!) % 10),
    0,
  );
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

async function apiLogIn(request: APIRequestContext, email: string, password: string) {
  const response = await request.post(`${RAILS_URL}/api/v1/en/auth/login`, {
    data: { sEmail: email, sPassword: password },
  });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

test.describe('money rails through the local STP', () => {
  test.use({ baseURL: RAILS_URL, viewport: { width: 1280, height: 900 } });

  test('add funds shows the company’s own CLABE, and an incoming SPEI to it is credited', async ({
    page,
    request,
  }) => {
    test.slow();
    const email = uniqueEmail('spei');
    const password = 'E2e-Passw0rd!';
    const signup = await request.post(`${RAILS_URL}/api/v1/en/auth/signup/customer`, {
      data: {
        sName: 'Rosa',
        sLastName: 'Campos',
        sEmail: email,
        sPassword: password,
        sConfirmPassword: password,
        sEnterpriseName: `SPEI Buyer ${Date.now()}`,
        sPhone: '+1 956 555 0107',
      },
    });
    expect(signup.status()).toBe(201);
    const enterpriseId = ((await signup.json()) as { user: { sEnterpriseId: string } }).user
      .sEnterpriseId;

    await logIn(page, email, password);
    await page.goto('/exchange');
    await page.getByRole('button', { name: 'Add funds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add funds' });
    const spei = dialog.getByTestId('add-funds-spei');
    await expect(spei).toContainText('Pesos by SPEI');
    await expect(spei).toContainText('STP');
    const clabe = (await spei.textContent())?.match(/\d{18}/)?.[0] ?? '';
    expect(clabe).toMatch(/^646180/);
    expect(clabeCheckDigitHolds(clabe)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'add funds with a CLABE (en)');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The back office plays a SPEI from a customer's bank to that CLABE: STP's abono notice
    // comes back over the webhook and the pesos land on the balance once.
    const ops = await apiLogIn(request, 'ops@demo.test', DEMO_PASSWORD);
    const sent = await request.post(`${RAILS_URL}/api/v1/en/ops/spei/simulate-incoming`, {
      headers: ops,
      data: { sEnterpriseId: enterpriseId, dAmount: 2500.5, sSenderName: 'Distribuidora Norte' },
    });
    expect(sent.status()).toBe(200);
    expect(await sent.json()).toMatchObject({ sClabe: clabe, bCredited: true });
    await page.reload();
    await expect(page.getByTestId('balance-mxn')).toContainText('2,500.50');
  });

  test('a settled payout’s proof carries the CEP data, and the operator compares the day with STP', async ({
    page,
    browser,
  }) => {
    test.slow();
    // The demo's payments were sent through the local STP at start and settled by its callback.
    await logIn(page, 'demo@demo.test', DEMO_PASSWORD);
    await page.goto('/payments');
    await page
      .getByRole('link', { name: /SPEI proof of payment/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'SPEI transfer proof' })).toBeVisible();
    const trackingKey = page.getByTestId('cep-tracking-key');
    await expect(trackingKey).toHaveText(/^[A-Z0-9]{10,30}$/);
    await expect(page.getByTestId('cep-account')).toHaveText(/^\d{18}$/);
    await expect(page.getByText('CEP: sending bank')).toBeVisible();
    await expect(page.getByTestId('cep-link')).toHaveAttribute('href', /banxico\.org\.mx\/cep/);

    const opsPage = await (
      await browser.newContext({ baseURL: RAILS_URL, viewport: { width: 1280, height: 900 } })
    ).newPage();
    page = opsPage;
    await logIn(page, 'ops@demo.test', DEMO_PASSWORD);
    await page.goto('/operator?tab=spei');
    await expect(page.getByRole('tab', { name: 'SPEI' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Compare with STP now' }).click();
    await expect(page.getByTestId('stp-reconciliation-count')).toContainText(
      /No differences on \d{4}-\d{2}-\d{2}: every order sent and received at STP|differences? on \d{4}-\d{2}-\d{2}/,
    );
    await expect(page.getByText(/Sent at STP: \d+; received at STP: \d+\./)).toBeVisible();
    await expect(page.getByText('No incoming SPEI has been returned.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'SPEI desk (en)');

    await page.evaluate(() => window.localStorage.setItem('language', 'sp'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Conciliación con STP' })).toBeVisible();
    await page.getByRole('button', { name: 'Comparar con STP ahora' }).click();
    await expect(page.getByText(/Enviadas en STP: \d+; recibidas en STP: \d+\./)).toBeVisible();
    await expect(page.getByText('No se ha devuelto ningún SPEI recibido.')).toBeVisible();
  });
});
