import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/demo-password.js';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
} from '../../test/finance-fixtures.js';
import { bearer, createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let opsToken: string;

describe(`adding funds on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp({ DEMO_DATA: 'true' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      payload: { sEmail: 'ops@demo.test', sPassword: DEMO_PASSWORD },
    });
    opsToken = json<{ token: string }>(login).token;
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  function deposit(body: Record<string, unknown>, token = opsToken) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/en/ops/deposits',
      headers: bearer(token),
      payload: body,
    });
  }

  it('gives bank details with a deposit reference that is the enterprise own and stable', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const first = json<{ account: Array<{ label: string; value: string }> }>(
      await a.call('POST', 'exchange-rate/addFounds', { amount: 100 }),
    );
    const again = json<{ account: Array<{ label: string; value: string }> }>(
      await a.call('POST', 'exchange-rate/addFounds', { amount: 100 }, { lang: 'sp' }),
    );
    const other = json<{ account: Array<{ label: string; value: string }> }>(
      await b.call('POST', 'exchange-rate/addFounds', { amount: 100 }),
    );
    const reference = (answer: typeof first) => answer.account.at(-1)?.value;
    expect(reference(first)).toMatch(/^PP[A-Z0-9]{8}$/);
    expect(reference(again)).toBe(reference(first));
    expect(reference(other)).not.toBe(reference(first));
    expect(again.account.at(-1)?.label).toMatch(/Referencia/);
    expect(first.account.map((line) => line.label)).toContain('ABA routing number');
  });

  it('credits a wire once per bank reference', async () => {
    const customer = await newCustomer(t);
    const body = { sEnterpriseId: customer.enterpriseId, dAmount: 2500.5, sReference: 'WIRE-0001' };
    const first = await deposit(body);
    expect(first.statusCode).toBe(201);
    const replay = await deposit(body);
    expect(replay.statusCode).toBe(200);
    expect(json(replay)).toEqual(json(first));
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(250050n);

    const conflicting = await deposit({ ...body, dAmount: 10 });
    expect(conflicting.statusCode).toBe(409);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(250050n);
  });

  it('lists enterprises with balances for the operator', async () => {
    const customer = await newCustomer(t, { usd: '1000.00' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/en/ops/enterprises?limit=200',
      headers: bearer(opsToken),
    });
    expect(response.statusCode).toBe(200);
    const listed = json<{
      enterprises: Array<{ sEnterpriseId: string; balances: { balanceUsd: number } }>;
    }>(response).enterprises.find((row) => row.sEnterpriseId === customer.enterpriseId);
    expect(listed?.balances.balanceUsd).toBe(1000);
  });

  it('hides the back office from customers and refuses bad deposits, writing nothing', async () => {
    const customer = await newCustomer(t);
    const before = await moneyTableCounts(t);
    const asCustomer = await deposit(
      { sEnterpriseId: customer.enterpriseId, dAmount: 10, sReference: 'WIRE-X' },
      customer.token,
    );
    expect(asCustomer.statusCode).toBe(404);
    for (const [body, field] of [
      [{ sEnterpriseId: customer.enterpriseId, dAmount: -5, sReference: 'WIRE-N' }, 'dAmount'],
      [{ sEnterpriseId: customer.enterpriseId, dAmount: 0, sReference: 'WIRE-Z' }, 'dAmount'],
      [{ sEnterpriseId: customer.enterpriseId, dAmount: 10.005, sReference: 'WIRE-D' }, 'dAmount'],
      [{ sEnterpriseId: customer.enterpriseId, dAmount: '1e3', sReference: 'WIRE-E' }, 'dAmount'],
      [{ sEnterpriseId: 'not-a-uuid', dAmount: 10, sReference: 'WIRE-U' }, 'sEnterpriseId'],
      [
        {
          sEnterpriseId: '00000000-0000-4000-8000-000000000000',
          dAmount: 10,
          sReference: 'WIRE-V',
        },
        'sEnterpriseId',
      ],
    ] as const) {
      const response = await deposit(body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(json(response)).toMatchObject({ field });
    }
    expect(await moneyTableCounts(t)).toEqual(before);
  });
});
