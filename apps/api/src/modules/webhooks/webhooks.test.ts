import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, fundUsd, type Customer } from '../../test/finance-fixtures.js';
import { logInAgain } from '../../test/order-fixtures.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';
import type { ApiDelivery, ApiEndpoint } from './webhooks.service.js';

type Endpoint = ApiEndpoint & { sSecret: string };

async function addEndpoint(
  customer: Customer,
  url: string,
  events: string[] = ['deposit.credited'],
): Promise<Endpoint> {
  const response = await customer.call('POST', 'webhooks/endpoints', {
    sUrl: url,
    aEvents: events,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ endpoint: Endpoint }>(response).endpoint;
}

async function deliveriesOf(customer: Customer, endpointId: string): Promise<ApiDelivery[]> {
  const response = await customer.call('GET', `webhooks/endpoints/${endpointId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ deliveries: ApiDelivery[] }>(response).deliveries;
}

describe('webhooks (loopback allowed, as in tests and local development)', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_MAX_ATTEMPTS: '3' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  /** Runs the delivery sweep until `done` holds (the job runs it too, every second). */
  async function deliverUntil(done: () => boolean | Promise<boolean>): Promise<void> {
    for (let round = 0; round < 50; round += 1) {
      await t.app.webhooks.deliverDue();
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('not delivered in time');
  }

  it('registers an endpoint, answers its secret once, and lists it without the secret', async () => {
    const customer = await newCustomer(t);
    const endpoint = await addEndpoint(customer, receiver.url('/listed'), [
      'payment.completed',
      'deposit.credited',
    ]);
    expect(endpoint.sSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint.aEvents).toEqual(['payment.completed', 'deposit.credited']);

    const list = await customer.call('GET', 'webhooks/endpoints');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(endpoint.sSecret);
    expect(json<{ endpoints: ApiEndpoint[] }>(list).endpoints).toEqual([
      expect.objectContaining({ sEndpointId: endpoint.sEndpointId, sUrl: receiver.url('/listed') }),
    ]);
    // Stored encrypted: the secret is nowhere in the row.
    const row = await t.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.sEndpointId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(endpoint.sSecret.slice('whsec_'.length));

    const changed = await customer.call('PUT', `webhooks/endpoints/${endpoint.sEndpointId}`, {
      aEvents: ['order.status_changed'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<{ endpoint: ApiEndpoint }>(changed).endpoint.aEvents).toEqual([
      'order.status_changed',
    ]);
    const unknownEvent = await customer.call('POST', 'webhooks/endpoints', {
      sUrl: receiver.url('/x'),
      aEvents: ['payment.sent'],
    });
    expect(unknownEvent.statusCode).toBe(400);
  });

  it('delivers a signed event once: a failed first attempt is retried with backoff, then arrives once', async () => {
    const customer = await newCustomer(t);
    const endpoint = await addEndpoint(customer, receiver.url('/retry'));
    receiver.setSecret('/retry', endpoint.sSecret);
    receiver.failNext('/retry', 1);

    await fundUsd(t, customer.enterpriseId, '1500.00');
    await t.app.webhooks.deliverDue();
    let [delivery] = await deliveriesOf(customer, endpoint.sEndpointId);
    expect(delivery).toMatchObject({ sStatus: 'PENDING', sEventType: 'deposit.credited' });
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ iAttempt: 1, iStatusCode: 500, bOk: false, sError: 'HTTP 500' }),
    ]);
    expect(receiver.received.filter((hook) => hook.path === '/retry')).toHaveLength(0);

    // Not before its backoff (5 s), then once.
    await t.app.webhooks.deliverDue();
    expect(receiver.received.filter((hook) => hook.path === '/retry')).toHaveLength(0);
    t.clock.advanceSeconds(6);
    await deliverUntil(() => receiver.received.some((hook) => hook.path === '/retry'));
    await t.app.webhooks.deliverDue();

    const arrived = receiver.received.filter((hook) => hook.path === '/retry');
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({
      id: delivery?.sEventId,
      type: 'deposit.credited',
      data: { dAmountUsd: '1500.00' },
    });
    [delivery] = await deliveriesOf(customer, endpoint.sEndpointId);
    expect(delivery?.sStatus).toBe('DELIVERED');
    expect(delivery?.attempts.map((attempt) => attempt.iStatusCode)).toEqual([500, 204]);
    expect(receiver.refused).toBe(0);
  });

  it('replays a delivery with the same webhook-id, and signs with a rotated secret', async () => {
    const customer = await newCustomer(t);
    const endpoint = await addEndpoint(customer, receiver.url('/replay'));
    receiver.setSecret('/replay', endpoint.sSecret);
    await fundUsd(t, customer.enterpriseId, '200.00');
    const mine = () => receiver.received.filter((hook) => hook.path === '/replay');
    await deliverUntil(() => mine().length === 1);
    const [first] = await deliveriesOf(customer, endpoint.sEndpointId);

    const rotated = await customer.call(
      'POST',
      `webhooks/endpoints/${endpoint.sEndpointId}/rotate-secret`,
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = json<{ endpoint: Endpoint }>(rotated).endpoint.sSecret;
    expect(newSecret).not.toBe(endpoint.sSecret);
    receiver.setSecret('/replay', newSecret);

    const replay = await customer.call(
      'POST',
      `webhooks/endpoints/${endpoint.sEndpointId}/deliveries/${first?.sDeliveryId}/replay`,
    );
    expect(replay.statusCode, replay.body).toBe(201);
    expect(json<{ delivery: ApiDelivery }>(replay).delivery).toMatchObject({
      sEventId: first?.sEventId,
      sReplayOf: first?.sDeliveryId,
      sStatus: 'PENDING',
    });
    await deliverUntil(() => mine().length === 2);
    expect(mine().map((hook) => hook.id)).toEqual([first?.sEventId, first?.sEventId]);
    expect(receiver.refused).toBe(0);
  });

  it('signs with the old and the new secret for 24 hours after a rotation, then with the new one only', async () => {
    const customer = await newCustomer(t);
    const endpoint = await addEndpoint(customer, receiver.url('/overlap'));
    const oldSecret = endpoint.sSecret;
    expect(endpoint.dPreviousSecretUntil).toBeNull();
    const rotatedAt = t.clock.now();
    const rotated = await customer.call(
      'POST',
      `webhooks/endpoints/${endpoint.sEndpointId}/rotate-secret`,
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { sSecret: newSecret, dPreviousSecretUntil } = json<{ endpoint: Endpoint }>(
      rotated,
    ).endpoint;
    expect(dPreviousSecretUntil).toBe(
      new Date(rotatedAt.getTime() + 24 * 3600 * 1000).toISOString(),
    );
    const mine = () => receiver.received.filter((hook) => hook.path === '/overlap');

    // A consumer that has not switched yet still verifies with the old secret.
    receiver.setSecret('/overlap', oldSecret);
    await fundUsd(t, customer.enterpriseId, '11.00');
    await deliverUntil(() => mine().length === 1);
    const during = mine()[0]!.raw;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, newSecret]) {
      expect(new Webhook(secret).verify(during.body, during.headers)).toMatchObject({
        type: 'deposit.credited',
      });
    }

    // A day later only the new secret signs (and the session has ended meanwhile).
    t.clock.advanceSeconds(24 * 3600 + 1);
    const again = await logInAgain(t, customer);
    const listed = json<{ endpoints: Endpoint[] }>(
      await again.call('GET', 'webhooks/endpoints'),
    ).endpoints;
    expect(listed.find((one) => one.sEndpointId === endpoint.sEndpointId)).toMatchObject({
      dPreviousSecretUntil: null,
    });
    receiver.setSecret('/overlap', newSecret);
    await fundUsd(t, customer.enterpriseId, '12.00');
    await deliverUntil(() => mine().length === 2);
    const after = mine()[1]!.raw;
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => new Webhook(oldSecret).verify(after.body, after.headers)).toThrow();
    expect(new Webhook(newSecret).verify(after.body, after.headers)).toMatchObject({
      data: { dAmountUsd: '12.00' },
    });
  });

  it('gives up after the last attempt (dead), and a deleted endpoint gets nothing more', async () => {
    const customer = await newCustomer(t);
    const endpoint = await addEndpoint(customer, receiver.url('/down'));
    receiver.setSecret('/down', endpoint.sSecret);
    receiver.failNext('/down', 100);
    await fundUsd(t, customer.enterpriseId, '10.00');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await t.app.webhooks.deliverDue();
      t.clock.advanceSeconds(60);
    }
    await t.app.webhooks.deliverDue();
    const [delivery] = await deliveriesOf(customer, endpoint.sEndpointId);
    expect(delivery).toMatchObject({ sStatus: 'DEAD', iAttempts: 3, dNextAttemptAt: null });
    expect(delivery?.attempts).toHaveLength(3);

    const removed = await customer.call('DELETE', `webhooks/endpoints/${endpoint.sEndpointId}`);
    expect(removed.statusCode).toBe(204);
    expect((await customer.call('GET', 'webhooks/endpoints')).json()).toEqual({ endpoints: [] });
    receiver.failNext('/down', 0);
    await fundUsd(t, customer.enterpriseId, '10.00');
    await t.app.webhooks.deliverDue();
    expect(receiver.received.filter((hook) => hook.path === '/down')).toHaveLength(0);
  });

  it('keeps each company to its own endpoints and events', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const endpointA = await addEndpoint(a, receiver.url('/tenant-a'));
    receiver.setSecret('/tenant-a', endpointA.sSecret);

    for (const [method, path] of [
      ['GET', `webhooks/endpoints/${endpointA.sEndpointId}/deliveries`],
      ['PUT', `webhooks/endpoints/${endpointA.sEndpointId}`],
      ['DELETE', `webhooks/endpoints/${endpointA.sEndpointId}`],
      ['POST', `webhooks/endpoints/${endpointA.sEndpointId}/rotate-secret`],
    ] as const) {
      const response = await b.call(
        method,
        path,
        method === 'PUT' ? { aEvents: ['deposit.credited'] } : undefined,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(
      json<{ endpoints: unknown[] }>(await b.call('GET', 'webhooks/endpoints')).endpoints,
    ).toEqual([]);

    // B's deposit goes to nobody's endpoint; A's to A's.
    await fundUsd(t, b.enterpriseId, '77.00');
    await fundUsd(t, a.enterpriseId, '88.00');
    await deliverUntil(() => receiver.received.some((hook) => hook.path === '/tenant-a'));
    await t.app.webhooks.deliverDue();
    expect(
      receiver.received
        .filter((hook) => hook.path === '/tenant-a')
        .map((hook) => hook.data.dAmountUsd),
    ).toEqual(['88.00']);
  });

  it('lets only the company’s ADMINs manage webhooks', async () => {
    const customer = await newCustomer(t);
    await t.db
      .updateTable('users')
      .set({ is_manager: false, team_role: 'APPROVER' })
      .where('id', '=', customer.userId)
      .execute();
    const response = await customer.call('POST', 'webhooks/endpoints', {
      sUrl: receiver.url('/no'),
      aEvents: ['deposit.credited'],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ROLE_REQUIRED' });
    expect((await customer.call('GET', 'webhooks/endpoints')).statusCode).toBe(409);
  });
});

describe('webhook addresses without WEBHOOK_ALLOW_LOOPBACK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['http (not https)', 'http://93.184.215.14/hook'],
    ['IPv4 loopback', 'https://127.0.0.1/hook'],
    ['private 10.x', 'https://10.1.2.3/hook'],
    ['private 192.168.x', 'https://192.168.1.10/hook'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['IPv6 unique-local', 'https://[fd12:3456::1]/hook'],
    ['IPv6 link-local', 'https://[fe80::1]/hook'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['a name resolving to loopback', 'https://localhost/hook'],
    ['credentials in the URL', 'https://user:pass@93.184.215.14/hook'],
  ])('refuses %s', async (_name, url) => {
    const customer = await newCustomer(t);
    const response = await customer.call('POST', 'webhooks/endpoints', {
      sUrl: url,
      aEvents: ['deposit.credited'],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toMatchObject({ code: 'WEBHOOK_URL_REFUSED', field: 'sUrl' });
  });

  it('accepts https to a public address, and refuses loopback again at delivery time', async () => {
    const customer = await newCustomer(t);
    const response = await customer.call(
      'POST',
      'webhooks/endpoints',
      { sUrl: 'https://93.184.215.14/hook', aEvents: ['deposit.credited'] },
      { lang: 'sp' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const endpoint = json<{ endpoint: Endpoint }>(response).endpoint;
    // As if its name now resolved to loopback (DNS rebinding): the sender checks again.
    await t.db
      .updateTable('webhook_endpoints')
      .set({ url: 'https://localhost:1/hook' })
      .where('id', '=', endpoint.sEndpointId)
      .execute();
    await fundUsd(t, customer.enterpriseId, '5.00');
    await t.app.webhooks.deliverDue();
    const [delivery] = await deliveriesOf(customer, endpoint.sEndpointId);
    expect(delivery?.attempts[0]).toMatchObject({ bOk: false, iStatusCode: null });
    expect(delivery?.attempts[0]?.sError).toMatch(/^Refused: .*loopback/);
  });
});
