import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ERROR_MESSAGES, rateToNumber, todayInTimeZone } from '@app/domain';
import { isAppError } from '../../errors.js';
import {
  expectLedgerSound,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { insertInvoice, insertSupplier } from '../../test/payment-fixtures.js';
import { addTeamMember, setTeamSettings } from '../../test/team-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApprovalFaultPoint } from './approvals.service.js';

/**
 * An approval either finishes or says why: a run cut short between the decision and the
 * money (simulated with the fault hook the fault test uses to kill the process) is refused
 * a second 200, then finished once by the `approvals.finish` job, or FAILED with the reason
 * and e-mailed to maker and checker. Rate orders above the threshold wait for approval.
 */
interface Approval {
  sApprovalId: string;
  sKind: string;
  sStatus: string;
  sFailureCode: string | null;
  sFailureReason: string | null;
  request: Record<string, unknown>;
  result: { payment?: { sPaymentId: string } } | null;
}

class SimulatedCrash extends Error {}

let t: TestApp;
let admin: Customer;
let approver: Customer;
let preparer: Customer;
let supplierId: string;

function crashOnceAt(point: ApprovalFaultPoint): void {
  const approvals = t.app.finance.approvals;
  approvals.faultAt = (reached) => {
    if (reached !== point) return;
    approvals.faultAt = undefined;
    throw new SimulatedCrash(`the process stops ${point}`);
  };
}

/** The grace passes for the approval's run (moving the clock would also end every session). */
async function runStartedLongAgo(approvalId: string): Promise<void> {
  await t.db
    .updateTable('approvals')
    .set({ run_started_at: new Date(t.clock.now().getTime() - 10 * 60_000) })
    .where('id', '=', approvalId)
    .execute();
}

async function paymentIds(enterpriseId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('payments')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  return rows.map((row) => row.id);
}

async function approvalOf(caller: Customer, approvalId: string, lang: 'en' | 'sp' = 'en') {
  const response = await caller.call('GET', `approvals/${approvalId}`, undefined, { lang });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ approval: Approval }>(response).approval;
}

async function heldPayNow(maker: Customer, recipientId: string, dAmount: number) {
  const quote = await spotQuote(t, maker.enterpriseId);
  const response = await maker.call('POST', 'payments/sendPayNow', {
    dAmount,
    comment: 'Pago retenido',
    sPaymentRecipientId: recipientId,
    sExchangeRateReference: quote.id,
  });
  expect(response.statusCode, response.body).toBe(202);
  return json<{ approval: Approval }>(response).approval;
}

async function approve(checker: Customer, approvalId: string) {
  const quote = await checker.call('POST', `approvals/${approvalId}/quote`);
  expect(quote.statusCode, quote.body).toBe(200);
  return checker.call('POST', `approvals/${approvalId}/approve`, {
    sExchangeRateReference: json<{ quote: { sExchangeRateReference: string } }>(quote).quote
      .sExchangeRateReference,
  });
}

describe(`approvals that finish on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SETTLE_SECONDS: '3600' });
    admin = await newCustomer(t, { usd: '100000.00' });
    approver = await addTeamMember(t, admin, 'APPROVER');
    preparer = await addTeamMember(t, admin, 'PREPARER');
    supplierId = await insertSupplier(t, admin.enterpriseId);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('a run cut short after the decision is refused a second 200, then paid once by the job', async () => {
    const before = await paymentIds(admin.enterpriseId);
    const approval = await heldPayNow(preparer, supplierId, 120);
    crashOnceAt('after-decision');
    const cut = await approve(approver, approval.sApprovalId);
    expect(cut.statusCode).toBe(500);
    expect((await approvalOf(admin, approval.sApprovalId)).sStatus).toBe('APPROVED');
    expect(await paymentIds(admin.enterpriseId)).toEqual(before);

    // Approving again while the run may still be going: 409, never a 200 that paid nothing.
    const again = await admin.call('POST', `approvals/${approval.sApprovalId}/approve`, {
      sExchangeRateReference: (await spotQuote(t, admin.enterpriseId)).id,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(json(again)).toMatchObject({ code: 'APPROVAL_RUNNING' });
    expect(await t.app.finance.approvals.finishUnfinished()).toBe(0);

    await runStartedLongAgo(approval.sApprovalId);
    expect(await t.app.finance.approvals.finishUnfinished()).toBe(1);
    const finished = await approvalOf(admin, approval.sApprovalId);
    expect(finished.sStatus).toBe('EXECUTED');
    const after = await paymentIds(admin.enterpriseId);
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContain(finished.result?.payment?.sPaymentId);
    // Ran at a fresh quote of its own, not at the approver's (which it never saw).
    expect(finished.request['sExchangeRateReference']).toBeDefined();

    // Exactly once: the job and a late approver find nothing left to do.
    await runStartedLongAgo(approval.sApprovalId);
    expect(await t.app.finance.approvals.finishUnfinished()).toBe(0);
    const late = await approve(admin, approval.sApprovalId).catch(() => undefined);
    expect(late?.statusCode).not.toBe(500);
    expect(await paymentIds(admin.enterpriseId)).toHaveLength(before.length + 1);
    await expectLedgerSound(t);
  });

  it('a run cut short after the money moved is recorded EXECUTED with its answer, not paid again', async () => {
    const before = await paymentIds(admin.enterpriseId);
    const approval = await heldPayNow(preparer, supplierId, 130);
    crashOnceAt('after-run');
    expect((await approve(approver, approval.sApprovalId)).statusCode).toBe(500);
    const paid = await paymentIds(admin.enterpriseId);
    expect(paid).toHaveLength(before.length + 1);
    expect((await approvalOf(admin, approval.sApprovalId)).sStatus).toBe('APPROVED');

    // A second approver after the grace finishes it (the same way the job does).
    await runStartedLongAgo(approval.sApprovalId);
    const finished = await admin.call('POST', `approvals/${approval.sApprovalId}/approve`, {});
    expect(finished.statusCode, finished.body).toBe(200);
    const answer = json<{ approval: Approval }>(finished).approval;
    expect(answer.sStatus).toBe('EXECUTED');
    expect(paid).toContain(answer.result?.payment?.sPaymentId);
    expect(await paymentIds(admin.enterpriseId)).toEqual(paid);
    await expectLedgerSound(t);
  });

  it('a run that cannot finish is FAILED with the reason, in both languages, and e-mailed to maker and checker', async () => {
    const poor = await newCustomer(t, { usd: '1000.00' });
    const poorPreparer = await addTeamMember(t, poor, 'PREPARER');
    const poorSupplier = await insertSupplier(t, poor.enterpriseId);
    const approval = await heldPayNow(poorPreparer, poorSupplier, 900);
    crashOnceAt('after-decision');
    expect((await approve(poor, approval.sApprovalId)).statusCode).toBe(500);
    // Meanwhile the balance is spent: the finished run cannot pay.
    const spent = await poor.call('POST', 'payments/sendPayNow', {
      dAmount: 500,
      comment: 'Otro pago',
      sPaymentRecipientId: poorSupplier,
      sExchangeRateReference: (await spotQuote(t, poor.enterpriseId)).id,
    });
    expect(spent.statusCode, spent.body).toBe(201);
    const paidBefore = await paymentIds(poor.enterpriseId);

    await runStartedLongAgo(approval.sApprovalId);
    await t.app.finance.approvals.finishUnfinished();
    const failed = await approvalOf(poor, approval.sApprovalId);
    expect(failed).toMatchObject({
      sStatus: 'FAILED',
      sFailureCode: 'INSUFFICIENT_FUNDS',
      sFailureReason: ERROR_MESSAGES.en.INSUFFICIENT_FUNDS,
    });
    const listed = await poor.call('GET', 'approvals?status=FAILED', undefined, { lang: 'sp' });
    expect(json<{ approvals: Approval[] }>(listed).approvals).toEqual([
      expect.objectContaining({
        sApprovalId: approval.sApprovalId,
        sFailureReason: ERROR_MESSAGES.sp.INSUFFICIENT_FUNDS,
      }),
    ]);
    expect(await paymentIds(poor.enterpriseId)).toEqual(paidBefore);

    const users = await t.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', [poor.userId, poorPreparer.userId])
      .execute();
    const mails = await t.db
      .selectFrom('outbox_emails')
      .select(['to_address', 'body_text'])
      .where('subject', 'like', 'Approved request not carried out%')
      .where(
        'to_address',
        'in',
        users.map((user) => user.email),
      )
      .execute();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(
      users.map((user) => user.email).sort(),
    );
    expect(mails[0]?.body_text).toContain(ERROR_MESSAGES.en.INSUFFICIENT_FUNDS);
    await expectLedgerSound(t);
  });

  it('stores a held request only if it passes the direct call’s schema', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('approvals')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = await t.db
      .transaction()
      .execute((trx) =>
        t.app.finance.approvals.holdInTransaction(trx, {
          enterpriseId: admin.enterpriseId,
          kind: 'RATE_ORDER_FILL',
          body: { sRateOrderId: 'not-a-uuid', sInvoiceId: supplierId },
          idempotencyKey: 'bad-fill',
          amountUsdCents: 100n,
          summary: 'bad',
          makerUserId: admin.userId,
        }),
      )
      .catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('INVALID_INPUT');
    expect(await count()).toBe(before);
  });

  it('holds a rate order’s fill above the threshold; approved, it converts at a fresh quote', async () => {
    await setTeamSettings(admin, { dApprovalThresholdUsd: 1000 });
    const invoiceId = await insertInvoice(t, admin.enterpriseId, supplierId, {
      total: '100000.00',
      name: 'RO-HELD',
    });
    const market = t.app.finance.rates.customerRateAt(t.clock.now());
    const placed = await admin.call('POST', `invoices/${invoiceId}/rate-order`, {
      dTargetRate: rateToNumber(market),
      dExpiresOn: addDays(todayInTimeZone(t.clock.now()), 7),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const conversionsBefore = await t.db
      .selectFrom('conversions')
      .select('id')
      .where('enterprise_id', '=', admin.enterpriseId)
      .execute();

    const sweep = await t.app.rateOrders.settleDueOrders();
    expect(sweep).toMatchObject({ filled: 0, held: 1 });
    const order = await t.db
      .selectFrom('rate_orders')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('AWAITING_APPROVAL');
    const approval = await approvalOf(approver, order.approval_id ?? '');
    expect(approval).toMatchObject({
      sKind: 'RATE_ORDER_FILL',
      sStatus: 'PENDING',
      request: { sRateOrderId: order.id, sInvoiceId: invoiceId },
    });
    const listed = await admin.call('GET', 'rate-orders');
    expect(
      json<{ rateOrders: Array<Record<string, unknown>> }>(listed).rateOrders[0],
    ).toMatchObject({ sStatus: 'AWAITING_APPROVAL', sApprovalId: approval.sApprovalId });
    // Another sweep neither fills it nor asks twice.
    expect(await t.app.rateOrders.settleDueOrders()).toMatchObject({ filled: 0, held: 0 });
    expect(
      await t.db
        .selectFrom('conversions')
        .select('id')
        .where('enterprise_id', '=', admin.enterpriseId)
        .execute(),
    ).toHaveLength(conversionsBefore.length);

    // The maker (who set the order) cannot approve it; another approver does.
    const own = await approve(admin, approval.sApprovalId);
    expect(json(own)).toMatchObject({ code: 'SELF_APPROVAL' });
    const approved = await approve(approver, approval.sApprovalId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<{ approval: Approval }>(approved).approval.sStatus).toBe('EXECUTED');
    const filled = await t.db
      .selectFrom('rate_orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(filled.status).toBe('FILLED');
    expect(filled.conversion_id).not.toBeNull();
    await setTeamSettings(admin, { dApprovalThresholdUsd: null });
    await expectLedgerSound(t);
  });

  it('a rate order whose fill is rejected closes FAILED with that reason', async () => {
    await setTeamSettings(admin, { dApprovalThresholdUsd: 1000 });
    const invoiceId = await insertInvoice(t, admin.enterpriseId, supplierId, {
      total: '90000.00',
      name: 'RO-REJECTED',
    });
    const placed = await admin.call('POST', `invoices/${invoiceId}/rate-order`, {
      dTargetRate: rateToNumber(t.app.finance.rates.customerRateAt(t.clock.now())),
      dExpiresOn: addDays(todayInTimeZone(t.clock.now()), 7),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await t.app.rateOrders.settleDueOrders()).toMatchObject({ held: 1 });
    const order = await t.db
      .selectFrom('rate_orders')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    const rejected = await approver.call('POST', `approvals/${order.approval_id}/reject`, {
      sReason: 'Not now',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await t.app.rateOrders.settleDueOrders()).toMatchObject({ failed: 1 });
    const closed = await t.db
      .selectFrom('rate_orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    await setTeamSettings(admin, { dApprovalThresholdUsd: null });
  });
});
