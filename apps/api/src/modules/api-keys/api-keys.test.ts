import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens.js';
import { newCustomer, spotQuote, type Customer } from '../../test/finance-fixtures.js';
import { insertSupplier } from '../../test/payment-fixtures.js';
import { addTeamMember, setTeamSettings } from '../../test/team-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiKeyAnswer } from './api-keys.service.js';

type CreatedKey = ApiKeyAnswer & { sSecret: string };

let t: TestApp;
let admin: Customer;
let supplierId: string;

function inDays(days: number): string {
  return new Date(t.clock.now().getTime() + days * 24 * 3600 * 1000).toISOString();
}

async function createKey(
  scopes: string[],
  name = 'ERP',
  expiresAt = inDays(30),
): Promise<CreatedKey> {
  const response = await admin.call('POST', 'api-keys', {
    sName: name,
    aScopes: scopes,
    dExpiresAt: expiresAt,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ apiKey: CreatedKey }>(response).apiKey;
}

/** Calls the API with the key, as an integrator's script does. */
function withKey(secret: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/en/${path}`,
    headers: { authorization: `Bearer ${secret}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function payNowWithKey(secret: string, dAmount: number) {
  const quote = await spotQuote(t, admin.enterpriseId);
  return withKey(secret, 'POST', 'payments/sendPayNow', {
    dAmount,
    comment: 'Pago del ERP',
    sPaymentRecipientId: supplierId,
    sExchangeRateReference: quote.id,
  });
}

describe(`API keys for integrators on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SETTLE_SECONDS: '3600' });
    admin = await newCustomer(t, { usd: '50000.00' });
    supplierId = await insertSupplier(t, admin.enterpriseId);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('shows the secret once, keeps only its hash, and lists keys without it', async () => {
    const key = await createKey(['read'], 'Nightly sync');
    expect(key.sSecret).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ sName: 'Nightly sync', aScopes: ['read'], dRevokedAt: null });
    expect(key.sSecret.startsWith(key.sPrefix)).toBe(true);

    const stored = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.sApiKeyId)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).toBe(hashToken(key.sSecret));
    expect(JSON.stringify(stored)).not.toContain(key.sSecret);

    const listed = await admin.call('GET', 'api-keys');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.sSecret);
    expect(json<{ apiKeys: ApiKeyAnswer[] }>(listed).apiKeys[0]).toMatchObject({
      sApiKeyId: key.sApiKeyId,
      sPrefix: key.sPrefix,
    });
  });

  it('refuses a bad expiry or no scope with the field, writing nothing; only ADMINs manage keys', async () => {
    const count = async () => (await t.db.selectFrom('api_keys').select('id').execute()).length;
    const before = await count();
    for (const [body, field] of [
      [{ sName: 'Old', aScopes: ['read'], dExpiresAt: inDays(-1) }, 'dExpiresAt'],
      [{ sName: 'Forever', aScopes: ['read'], dExpiresAt: inDays(400) }, 'dExpiresAt'],
      [{ sName: 'None', aScopes: [], dExpiresAt: inDays(5) }, 'aScopes'],
    ] as const) {
      const response = await admin.call('POST', 'api-keys', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(json(response)).toMatchObject({ code: 'INVALID_INPUT', field });
    }
    const preparer = await addTeamMember(t, admin, 'PREPARER');
    const refused = await preparer.call('POST', 'api-keys', {
      sName: 'Mine',
      aScopes: ['read'],
      dExpiresAt: inDays(5),
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'ROLE_REQUIRED' });
    expect(await count()).toBe(before);
  });

  it('lets a key call only what its scopes allow, audited as the key', async () => {
    const reader = await createKey(['read']);
    expect((await withKey(reader.sSecret, 'GET', 'dashboard')).statusCode).toBe(200);
    expect((await withKey(reader.sSecret, 'GET', 'payment-recipient')).statusCode).toBe(200);
    for (const [method, path] of [
      ['GET', 'api-keys'],
      ['GET', 'audit-log'],
      ['GET', 'webhooks/endpoints'],
      ['GET', 'approvals'],
    ] as const) {
      const refused = await withKey(reader.sSecret, method, path);
      expect(refused.statusCode, `${method} ${path}`).toBe(409);
      expect(json(refused)).toMatchObject({ code: 'ROLE_REQUIRED' });
    }
    const invoice = {
      dPurchaseDate: '2026-11-10',
      sPaymentRecipientId: supplierId,
      sInvoice: 'ERP-1',
      dTotalAmount: 1000,
      dRateProtection: 19,
      iCreditPeriod: 30,
    };
    expect((await withKey(reader.sSecret, 'POST', 'invoices', invoice)).statusCode).toBe(409);

    const writer = await createKey(['read', 'invoices'], 'Invoice feed');
    const created = await withKey(writer.sSecret, 'POST', 'invoices', invoice);
    expect(created.statusCode, created.body).toBe(201);
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'api_key_id', 'action', 'outcome'])
      .where('api_key_id', '=', writer.sApiKeyId)
      .execute();
    expect(entries).toEqual([
      {
        user_id: admin.userId,
        api_key_id: writer.sApiKeyId,
        action: 'postInvoices',
        outcome: 'OK',
      },
    ]);
  });

  it('pays up to the threshold on its own; above it the payment waits for a person', async () => {
    const payer = await createKey(['payments'], 'Payment run');
    // No threshold: a key's payment always waits.
    const waiting = await payNowWithKey(payer.sSecret, 50);
    expect(waiting.statusCode, waiting.body).toBe(202);

    await setTeamSettings(admin, { dApprovalThresholdUsd: 1000 });
    const paid = await payNowWithKey(payer.sSecret, 200);
    expect(paid.statusCode, paid.body).toBe(201);
    const held = await payNowWithKey(payer.sSecret, 1500);
    expect(held.statusCode, held.body).toBe(202);
    const approval = json<{ approval: { sApprovalId: string; sStatus: string } }>(held).approval;
    expect(approval.sStatus).toBe('PENDING');
    // The key cannot decide it.
    const decided = await withKey(
      payer.sSecret,
      'POST',
      `approvals/${approval.sApprovalId}/approve`,
      {},
    );
    expect(decided.statusCode).toBe(409);
    await setTeamSettings(admin, { dApprovalThresholdUsd: null });
  });

  it('stops a key at once when revoked or expired', async () => {
    const key = await createKey(['read'], 'Short', inDays(2));
    expect((await withKey(key.sSecret, 'GET', 'dashboard')).statusCode).toBe(200);
    const revoked = await admin.call('DELETE', `api-keys/${key.sApiKeyId}`);
    expect(revoked.statusCode).toBe(204);
    const after = await withKey(key.sSecret, 'GET', 'dashboard');
    expect(after.statusCode).toBe(403);
    expect(json(after)).toMatchObject({ code: 'SESSION_EXPIRED' });
    const listed = json<{ apiKeys: ApiKeyAnswer[] }>(await admin.call('GET', 'api-keys'));
    expect(listed.apiKeys.find((one) => one.sApiKeyId === key.sApiKeyId)?.dRevokedAt).not.toBe(
      null,
    );
    expect((await admin.call('DELETE', 'api-keys/not-a-key')).statusCode).toBe(404);

    const expiring = await createKey(['read'], 'Expiring', inDays(1));
    expect((await withKey(expiring.sSecret, 'GET', 'dashboard')).statusCode).toBe(200);
    t.clock.advanceSeconds(24 * 3600 + 1);
    expect((await withKey(expiring.sSecret, 'GET', 'dashboard')).statusCode).toBe(403);
  });
});
