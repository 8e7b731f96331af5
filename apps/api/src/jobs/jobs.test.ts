import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { expectLedgerSound, newCustomer, spotQuote } from '../test/finance-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  newGrower,
  newOperator,
  newOrderBuyer,
  placedOrder,
  putInCart,
} from '../test/order-fixtures.js';
import { insertSupplier, paymentRow } from '../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../test/test-app.js';
import { DUTY } from './duties.js';
import type { GraphileJobQueue } from './graphile-queue.js';
import { recurringKey, type JobState } from './job-queue.js';

let t: TestApp;

interface JobsAnswer {
  sRunner: string;
  counts: Record<JobState, number>;
  jobs: Array<{
    sJobId: string;
    sType: string;
    sKey: string | null;
    sState: JobState;
    iAttempts: number;
    iMaxAttempts: number;
    sLastError: string | null;
  }>;
}

async function jobsOf(operator: { call: Awaited<ReturnType<typeof newOperator>>['call'] }) {
  const response = await operator.call('GET', 'ops/jobs?limit=200');
  expect(response.statusCode, response.body).toBe(200);
  return json<JobsAnswer>(response);
}

describe(`background jobs on ${TEST_ENGINE}`, () => {
  afterEach(async () => {
    await t.close();
  });

  it('runs every duty as one recurring job, shown to operators only', async () => {
    t = await createTestApp();
    const operator = await newOperator(t);
    const answer = await jobsOf(operator);
    expect(answer.sRunner).toBe(TEST_ENGINE === 'postgres' ? 'graphile-worker' : 'in-process');
    const duties = answer.jobs.filter((job) => job.sKey?.startsWith('every:'));
    expect(duties.map((job) => job.sType).sort()).toEqual(
      [
        DUTY.cleanup,
        DUTY.expireApprovals,
        DUTY.finishApprovals,
        DUTY.finishOrders,
        DUTY.releaseHeldPayouts,
        DUTY.passwordRecovery,
        DUTY.sendMail,
        DUTY.settlePayouts,
        DUTY.settleRateOrders,
        DUTY.deliverWebhooks,
        DUTY.remindForwards,
      ].sort(),
    );
    // One copy of each across the queue, whatever ran meanwhile.
    expect(new Set(duties.map((job) => job.sKey)).size).toBe(duties.length);
    expect(answer.counts.dead).toBe(0);

    const customer = await newCustomer(t);
    expect((await customer.call('GET', 'ops/jobs')).statusCode).toBe(404);
    expect((await customer.call('POST', 'ops/jobs/1/retry')).statusCode).toBe(404);
    const unknown = await operator.call('POST', 'ops/jobs/999999999/retry', {}, { lang: 'sp' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ code: 'NOT_FOUND', field: 'sJobId' });
  });

  it('settles payouts through the payout job, once each', async () => {
    t = await createTestApp({ PAYOUT_SETTLE_SECONDS: '0' });
    const customer = await newCustomer(t, { usd: '1000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const paymentIds: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const quote = await spotQuote(t, customer.enterpriseId);
      const response = await customer.call('POST', 'payments/sendPayNow', {
        dAmount: 50,
        comment: `Job ${index}`,
        sPaymentRecipientId: supplierId,
        sExchangeRateReference: quote.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      paymentIds.push(json<{ payment: { sPaymentId: string } }>(response).payment.sPaymentId);
    }
    t.clock.advanceSeconds(5);
    for (const id of paymentIds) {
      await expect
        .poll(async () => (await paymentRow(t, id)).status, { timeout: 8_000, interval: 100 })
        .toBe('COMPLETED');
    }
    const settled = await t.db
      .selectFrom('journals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'PAYOUT_SETTLED')
      .executeTakeFirstOrThrow();
    expect(Number(settled.n)).toBe(3);
    await expectLedgerSound(t);
  });

  it('finishes and releases delivered orders when the dispute window closes, once', async () => {
    t = await createTestApp();
    const { vendor, articleIds } = await newGrower(t, [
      { name: 'Hass avocado 48ct', price: '25.00', boxesPerPallet: 60, minBoxes: 10, stock: 500 },
    ]);
    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '20000.00' });
    await putInCart(t, buyer, articleIds[0]!, 60);
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    const delivered = await advanceTo(vendor, order, 'DELIVERED');
    const { orders } = t.app.marketplace;
    expect(await orders.releaseDueOrders()).toBe(0);
    t.clock.advanceMinutes(8 * 60);
    const finishedNow = await orders.releaseDueOrders();
    // The job may have run first; either way the order is finished once.
    expect(finishedNow).toBeLessThanOrEqual(1);
    expect(await orders.releaseDueOrders()).toBe(0);
    const events = await t.db
      .selectFrom('order_status_events')
      .select(['status', 'created_at'])
      .where('order_id', '=', order.sOrderId)
      .where('status', '=', 'FINISHED')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.created_at.toISOString()).toBe(
      new Date(Date.parse(delivered.delivered_at!) + 8 * 3_600_000).toISOString(),
    );
    // Finishing released the held goods money to the grower: nothing stays held.
    const money = await t.db
      .selectFrom('orders')
      .select(['held_cents', 'released_at'])
      .where('id', '=', order.sOrderId)
      .executeTakeFirstOrThrow();
    expect(money.held_cents).toBe(0n);
    expect(money.released_at).not.toBeNull();
    await expectLedgerSound(t);
  });

  it('retries a failing job with backoff, keeps it dead after its attempts, and an operator retry runs it', async () => {
    let failing = true;
    const runs: number[] = [];
    t = await createTestApp(
      {},
      {
        registerJobs: (registry) =>
          registry.register({
            type: 'test.flaky',
            maxAttempts: 2,
            run: async (payload, context) => {
              runs.push(context.attempt);
              if (failing) throw new Error(`boom ${String(payload.n)}`);
            },
          }),
      },
    );
    const operator = await newOperator(t);
    const flaky = async () =>
      (await jobsOf(operator)).jobs.filter((job) => job.sType === 'test.flaky');
    // A key makes a second add of a waiting job the same job.
    const runAt = new Date(Date.now() + 500);
    await t.app.jobs.add('test.flaky', { n: 1 }, { key: 'flaky:1', maxAttempts: 2, runAt });
    await t.app.jobs.add('test.flaky', { n: 1 }, { key: 'flaky:1', maxAttempts: 2, runAt });
    expect(await flaky()).toHaveLength(1);
    await expect.poll(async () => (await flaky())[0]?.sState, { timeout: 6_000 }).toBe('failed');
    const [failed] = await flaky();
    expect(failed).toMatchObject({ iAttempts: 1, iMaxAttempts: 2, sKey: 'flaky:1' });
    expect(failed?.sLastError).toMatch(/boom 1/);
    // Backoff: exp(1) s before the second run, after which it is dead.
    await expect
      .poll(async () => (await flaky())[0]?.sState, { timeout: 10_000, interval: 250 })
      .toBe('dead');
    expect(runs).toEqual([1, 2]);
    expect(await flaky()).toHaveLength(1);
    expect((await jobsOf(operator)).counts.dead).toBe(1);

    failing = false;
    const retried = await operator.call('POST', `ops/jobs/${failed!.sJobId}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await expect.poll(async () => (await flaky()).length, { timeout: 6_000 }).toBe(0);
    expect(runs).toEqual([1, 2, 1]);
  });

  it('runs a recurring job moved to now while it ran, not a whole period later', async () => {
    let releaseFirst = () => {};
    const firstRunGate = new Promise<void>((resolve) => (releaseFirst = resolve));
    const runs: number[] = [];
    t = await createTestApp(
      {},
      {
        registerJobs: (registry) =>
          registry.register({
            type: 'test.recurring',
            everyMs: 60_000,
            run: async () => {
              runs.push(Date.now());
              if (runs.length === 1) await firstRunGate;
            },
          }),
      },
    );
    // The first run starts with the queue and waits; meanwhile a run is asked for now (as a
    // password recovery request does), then the first run ends and schedules the next.
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(1);
    await t.app.jobs.add('test.recurring', {}, { key: recurringKey('test.recurring') });
    releaseFirst();
    await expect.poll(() => runs.length, { timeout: 10_000, interval: 100 }).toBe(2);
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'unlocks and reruns the job of a worker that stopped saying it is alive',
    async () => {
      const runs: string[] = [];
      t = await createTestApp(
        {},
        {
          registerJobs: (registry) =>
            registry.register({
              type: 'test.orphan',
              run: async (_payload, context) => void runs.push(context.jobId),
            }),
        },
      );
      const operator = await newOperator(t);
      await t.app.jobs.add(
        'test.orphan',
        {},
        { key: 'orphan:1', runAt: new Date(Date.now() + 60_000) },
      );
      // As a replica killed mid-run leaves it: locked by a pool that no longer beats.
      await sql`
        update graphile_worker._private_jobs
          set locked_at = now() - interval '1 minute', locked_by = 'pool-killed',
              attempts = 1, run_at = now() - interval '1 minute'
          where key = 'orphan:1'`.execute(t.db);
      const orphan = async () =>
        (await jobsOf(operator)).jobs.find((job) => job.sKey === 'orphan:1');
      expect((await orphan())?.sState).toBe('running');
      // The next heartbeat (every 10 s) unlocks it; it then runs once and is gone.
      await expect.poll(async () => runs.length, { timeout: 25_000, interval: 500 }).toBe(1);
      await expect.poll(async () => (await orphan()) === undefined, { timeout: 5_000 }).toBe(true);
      expect(runs).toHaveLength(1);
    },
    40_000,
  );

  it.runIf(TEST_ENGINE === 'postgres')(
    'starts a new worker pool when graphile-worker stops its own, and unlocks what that one held',
    async () => {
      const runs: string[] = [];
      t = await createTestApp(
        {},
        {
          registerJobs: (registry) =>
            registry.register({
              type: 'test.after-pool-stop',
              run: async (_payload, context) => void runs.push(context.jobId),
            }),
        },
      );
      const queue = t.app.jobs as GraphileJobQueue;
      const [stoppedPoolId] = [...queue['workerIds']];
      await t.app.jobs.add('test.after-pool-stop', {}, { key: 'held:1' });
      await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(1);
      await t.app.jobs.add(
        'test.after-pool-stop',
        {},
        { key: 'held:2', runAt: new Date(Date.now() + 60_000) },
      );
      // As a pool that could not record a job's end leaves it: locked in its name, and the
      // pool stopped without the queue asking (graphile-worker does so on such an error).
      await sql`
        update graphile_worker._private_jobs
          set locked_at = now(), locked_by = ${stoppedPoolId}, attempts = 1, run_at = now()
          where key = 'held:2'`.execute(t.db);
      // And a run that finished after handing its key on, its end not recorded.
      await t.app.jobs.add(
        'test.after-pool-stop',
        {},
        { key: 'handed-on:1', runAt: new Date(Date.now() + 60_000) },
      );
      const {
        rows: [handedOn],
      } = await sql<{ id: string }>`
        update graphile_worker._private_jobs
          set locked_at = now(), locked_by = ${stoppedPoolId}, key = null,
              attempts = max_attempts
          where key = 'handed-on:1' returning id::text`.execute(t.db);
      await queue['worker']?.stop();
      await t.app.jobs.add('test.after-pool-stop', {}, { key: 'held:3' });
      await expect.poll(() => runs.length, { timeout: 15_000, interval: 200 }).toBe(3);
      const { rows: left } = await sql`
        select id from graphile_worker._private_jobs where id = ${handedOn?.id}`.execute(t.db);
      expect(left).toEqual([]);
    },
    30_000,
  );

  it('keeps the public rate limit in the database', async () => {
    t = await createTestApp({ PUBLIC_AUTH_RATE_LIMIT: '3' });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/en/auth/login',
        payload: { sEmail: 'nobody@example.test', sPassword: 'wrong-password' },
      });
    for (let index = 0; index < 3; index += 1) expect((await login()).statusCode).toBe(401);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    const { rows } = await sql<{ hits: number }>`
      select hits from rate_limit_hits where key like '%/auth/login|%'`.execute(t.db);
    expect(rows).toEqual([{ hits: 4 }]);
  });
});
