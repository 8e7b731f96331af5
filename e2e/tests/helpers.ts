import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;

export function uniqueEmail(prefix = 'buyer'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${process.pid}.${counter}@e2e.test`;
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

export async function signUpCustomer(
  page: Page,
  account: { firstName: string; email: string; password: string },
): Promise<void> {
  await page.goto('/signin/customer');
  await page.getByLabel('Name', { exact: true }).fill(account.firstName);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Phone').fill('+1 956 555 0101');
  await page.getByLabel('Company name').fill('E2E Produce LLC');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Collects the page's Content-Security-Policy violations from its next navigation on (the
 * browser reports them even where the script swallows the error), as "directive source:line".
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation;
      report(`${event.effectiveDirective} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * The e-mails the end-to-end server sent to `to` so far (e2e/mail-sink.mjs, one port above
 * the app's), waiting until one matches `subject`: delivery runs after the answer.
 */
export async function emailsTo(to: string, subject: RegExp): Promise<ReceivedEmail[]> {
  const mailbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}/messages`;
  let received: ReceivedEmail[] = [];
  await expect
    .poll(async () => {
      const all = (await (await fetch(mailbox)).json()) as ReceivedEmail[];
      received = all.filter((email) => email.to.includes(to));
      return received.some((email) => subject.test(email.subject));
    })
    .toBe(true);
  return received;
}

/**
 * The back office (ops@demo.test, through the API) verifies the grower signed in on `page`,
 * first registering the PACA licence and tax id it requires when the grower has none: only a
 * verified grower's articles are listed. The grower's CLABE must be registered already.
 */
export async function verifyGrowerByBackOffice(
  page: Page,
  request: APIRequestContext,
): Promise<void> {
  const session = await page.evaluate(() => window.localStorage.getItem('session'));
  const { token, user } = JSON.parse(session ?? '{}') as {
    token: string;
    user: { sEnterpriseId: string };
  };
  const grower = { authorization: `Bearer ${token}` };
  const company = await request.get(`/api/v1/en/customers/enterprises/${user.sEnterpriseId}`, {
    headers: grower,
  });
  expect(company.status()).toBe(200);
  const { results } = (await company.json()) as {
    results: Record<string, string | null> & { sPacaLicense: string | null; sTaxId: string | null };
  };
  if (!results.sPacaLicense || !results.sTaxId) {
    const saved = await request.put('/api/v1/en/profile/enterprise', {
      headers: grower,
      data: {
        sName: results.sName,
        sLegalAddress: results.sLegalAddress,
        sPacaLicense: results.sPacaLicense || '20241187',
        sBlueBookNumber: results.sBlueBookNumber,
        sTaxId: results.sTaxId || 'HRE120315AB1',
        sDescription: results.sDescription,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const login = await request.post('/api/v1/en/auth/login', {
    data: { sEmail: 'ops@demo.test', sPassword: 'Demo1234!' },
  });
  expect(login.status()).toBe(200);
  const { token: opsToken } = (await login.json()) as { token: string };
  const verified = await request.post(`/api/v1/en/ops/enterprises/${user.sEnterpriseId}/verified`, {
    headers: { authorization: `Bearer ${opsToken}` },
    data: { bVerified: true, sReason: 'PACA licence and tax id checked; CLABE registered.' },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}
