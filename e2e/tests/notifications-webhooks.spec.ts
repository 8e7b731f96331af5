import http from 'node:http';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { uniqueEmail } from './helpers';

/**
 * A manager adds a webhook endpoint in the profile, sees its signing secret once, a wire
 * is credited, and the signed event reaches a receiver (which verifies it with the
 * `standardwebhooks` package) and shows as delivered in the endpoint's log. The server
 * runs with WEBHOOK_ALLOW_LOOPBACK=true so the receiver may listen on loopback.
 */
test('a webhook endpoint is added, its secret shown once, and a deposit is delivered to it', async ({
  page,
  request,
}) => {
  let secret = '';
  const verified: Array<{ id: string; type: string }> = [];
  const receiver = http.createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      try {
        const payload = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), {
          'webhook-id': String(incoming.headers['webhook-id']),
          'webhook-timestamp': String(incoming.headers['webhook-timestamp']),
          'webhook-signature': String(incoming.headers['webhook-signature']),
        }) as { type: string };
        verified.push({ id: String(incoming.headers['webhook-id']), type: payload.type });
        answer.writeHead(204).end();
      } catch {
        answer.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  if (!address || typeof address === 'string') throw new Error('no receiver port');
  const receiverUrl = `http://127.0.0.1:${address.port}/hooks`;

  try {
    // A new company (its first user is its manager), signed in straight on the profile.
    const email = uniqueEmail('hooks');
    const signup = await request.post('/api/v1/en/auth/signup/customer', {
      data: {
        sName: 'Marta',
        sLastName: 'Ruiz',
        sEmail: email,
        sPassword: 'E2e-Passw0rd!',
        sConfirmPassword: 'E2e-Passw0rd!',
        sEnterpriseName: 'E2E Hooks LLC',
        sPhone: '+1 956 555 0102',
      },
    });
    expect(signup.status()).toBe(201);
    const { token, user } = (await signup.json()) as {
      token: string;
      user: { sEnterpriseId: string };
    };
    await page.goto('/login');
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      'session',
      JSON.stringify({ token, user }),
    ] as const);
    await page.goto('/profile/tab/6');
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
    await dialog.getByRole('checkbox', { name: /Deposit credited/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog.getByText('it is shown only once')).toBeVisible();
    secret = await secretDialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect(secretDialog).toBeHidden();
    await expect(page.getByText(receiverUrl)).toBeVisible();
    // Shown once: not on the page any more, nor after a reload.
    await page.reload();
    await expect(page.getByText(receiverUrl)).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // The back office credits a wire: deposit.credited goes out.
    const ops = await request.post('/api/v1/en/auth/login', {
      data: { sEmail: 'ops@demo.test', sPassword: 'Demo1234!' },
    });
    const opsToken = ((await ops.json()) as { token: string }).token;
    const deposit = await request.post('/api/v1/en/ops/deposits', {
      headers: { authorization: `Bearer ${opsToken}` },
      data: {
        sEnterpriseId: user.sEnterpriseId,
        dAmount: 250,
        sReference: `E2E-HOOK-${Date.now()}`,
      },
    });
    expect(deposit.status()).toBe(201);
    await expect.poll(() => verified.length, { timeout: 15_000 }).toBe(1);
    expect(verified[0]?.type).toBe('deposit.credited');

    await page.getByRole('button', { name: 'Show deliveries' }).click();
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect(log.getByText('deposit.credited')).toBeVisible();
    await expect(log.getByText('Delivered')).toBeVisible();
    await expect(log.getByText(verified[0]?.id ?? 'missing')).toBeVisible();
    await expect(log.getByText(/HTTP 204/)).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
