import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClabe } from '@app/domain';
import { DUTY } from '../../jobs/duties.js';
import { recurringKey } from '../../jobs/job-queue.js';
import {
  balancesOf,
  expectLedgerSound,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { insertSupplier } from '../../test/payment-fixtures.js';
import { addTeamMember, setTeamSettings } from '../../test/team-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

interface Approval {
  sApprovalId: string;
  sKind: string;
  sStatus: string;
  dAmountUsd: number | null;
  sReason: string | null;
  sFailureCode: string | null;
  bMine: boolean;
  requestedBy: { sUserId: string };
  decidedBy: { sUserId: string } | null;
  result: { payment?: { sPaymentId: string; dExchangeRate: number; dAmountUsd: number } } | null;
}

let t: TestApp;
let admin: Customer;
let approver: Customer;
let preparer: Customer;
let viewer: Customer;
let supplierId: string;

async function emailOf(user: Customer): Promise<string> {
  const row = await t.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  return row.email;
}

async function paymentCount(enterpriseId: string): Promise<number> {
  const row = await t.db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function payNow(caller: Customer, dAmount: number, key?: string, quoteId?: string) {
  const quote = quoteId ? { id: quoteId } : await spotQuote(t, caller.enterpriseId);
  return caller.call(
    'POST',
    'payments/sendPayNow',
    {
      dAmount,
      comment: 'Pago de prueba',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    },
    key ? { headers: { 'idempotency-key': key } } : {},
  );
}

function held(response: { statusCode: number; body: string }): Approval {
  expect(response.statusCode, response.body).toBe(202);
  const approval = json<{ approval: Approval }>(response as never).approval;
  expect(approval.sStatus).toBe('PENDING');
  return approval;
}

async function freshQuote(caller: Customer, approvalId: string) {
  const response = await caller.call('POST', `approvals/${approvalId}/quote`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ quote: { sExchangeRateReference: string; dExchangeRate: number } }>(response).quote;
}

describe(`approvals (maker-checker) on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SETTLE_SECONDS: '3600' });
    admin = await newCustomer(t, { usd: '100000.00' });
    approver = await addTeamMember(t, admin, 'APPROVER');
    preparer = await addTeamMember(t, admin, 'PREPARER');
    viewer = await addTeamMember(t, admin, 'VIEWER');
    supplierId = await insertSupplier(t, admin.enterpriseId);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('moves money at once for an ADMIN while the company has no threshold (the default)', async () => {
    const settings = await admin.call('GET', 'team/settings');
    expect(json(settings)).toEqual({
      settings: {
        dApprovalThresholdUsd: null,
        iApprovalExpiryHours: 72,
        iCoolingOffHours: 24,
        aApprovalLevels: [],
      },
    });
    const paid = await payNow(admin, 100);
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it("holds a PREPARER's payment; another approves it at a fresh quote, once", async () => {
    const before = await paymentCount(admin.enterpriseId);
    const usdBefore = (await balancesOf(t, admin.enterpriseId)).USD_AVAILABLE;
    const originalQuote = (await spotQuote(t, admin.enterpriseId)).id;
    const approval = held(await payNow(preparer, 250, 'prep-pay-1', originalQuote));
    expect(approval).toMatchObject({ sKind: 'PAY_NOW', dAmountUsd: 250, bMine: true });
    expect(await paymentCount(admin.enterpriseId)).toBe(before);
    expect((await balancesOf(t, admin.enterpriseId)).USD_AVAILABLE).toBe(usdBefore);

    // The same request again (a retry) finds the same approval; another body is refused.
    expect(held(await payNow(preparer, 250, 'prep-pay-1')).sApprovalId).toBe(approval.sApprovalId);
    expect((await payNow(preparer, 251, 'prep-pay-1')).statusCode).toBe(422);

    const listed = json<{ approvals: Approval[]; iPending: number }>(
      await approver.call('GET', 'approvals?status=PENDING'),
    );
    expect(listed.iPending).toBe(1);
    expect(listed.approvals.map((item) => item.sApprovalId)).toEqual([approval.sApprovalId]);
    expect(listed.approvals[0]?.bMine).toBe(false);

    // The request is e-mailed (through the outbox) to those who can decide it: the ADMIN and
    // the APPROVER, never to its initiator, another preparer or a viewer.
    const requested = await t.db
      .selectFrom('outbox_emails')
      .select('to_address')
      .where('subject', 'like', 'Approval requested:%')
      .execute();
    expect(requested.map((row) => row.to_address).sort()).toEqual(
      [await emailOf(admin), await emailOf(approver)].sort(),
    );
    expect(requested.map((row) => row.to_address)).not.toContain(await emailOf(preparer));
    expect(requested.map((row) => row.to_address)).not.toContain(await emailOf(viewer));

    // A PREPARER decides nothing: 409 ROLE_REQUIRED, never 403.
    const refused = await preparer.call('POST', `approvals/${approval.sApprovalId}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'ROLE_REQUIRED' });

    // A quoted request needs the fresh quote the approver saw.
    const noQuote = await approver.call('POST', `approvals/${approval.sApprovalId}/approve`, {});
    expect(noQuote.statusCode).toBe(400);
    t.clock.advanceMinutes(5);
    const quote = await freshQuote(approver, approval.sApprovalId);
    const approved = await approver.call('POST', `approvals/${approval.sApprovalId}/approve`, {
      sExchangeRateReference: quote.sExchangeRateReference,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const executed = json<{ approval: Approval }>(approved).approval;
    expect(executed).toMatchObject({
      sStatus: 'EXECUTED',
      decidedBy: { sUserId: approver.userId },
    });
    expect(executed.result?.payment?.dExchangeRate).toBe(quote.dExchangeRate);
    expect(executed.result?.payment?.dAmountUsd).toBe(250);
    expect(await paymentCount(admin.enterpriseId)).toBe(before + 1);

    // The audit log names the approval on both entries: who asked, who decided.
    const audit = json<{
      entries: Array<{ sUserId: string; sAction: string; sEntity: string; sOutcome: string }>;
    }>(await admin.call('GET', 'audit-log?limit=100')).entries.filter(
      (entry) => entry.sEntity === `approvals/${approval.sApprovalId}`,
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sUserId: preparer.userId,
          sAction: 'postPaymentsSendPayNow',
          sOutcome: 'OK',
        }),
        expect.objectContaining({
          sUserId: approver.userId,
          sAction: 'postApprovalsByApprovalIdApprove',
          sOutcome: 'OK',
        }),
      ]),
    );

    // Approving again, or replaying the original request, moves nothing more.
    const again = await admin.call('POST', `approvals/${approval.sApprovalId}/approve`, {
      sExchangeRateReference: quote.sExchangeRateReference,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(json<{ approval: Approval }>(again).approval.sStatus).toBe('EXECUTED');
    const replay = await payNow(preparer, 250, 'prep-pay-1', originalQuote);
    expect(replay.statusCode).toBe(202);
    expect(json<{ approval: Approval }>(replay).approval.sStatus).toBe('EXECUTED');
    expect(await paymentCount(admin.enterpriseId)).toBe(before + 1);
    await expectLedgerSound(t);
  });

  it('holds money calls above the threshold, and the initiator never approves their own', async () => {
    await setTeamSettings(admin, { dApprovalThresholdUsd: 1000 });
    const small = await payNow(approver, 1000);
    expect(small.statusCode, small.body).toBe(201);
    const approval = held(await payNow(approver, 1000.01));
    const own = await approver.call('POST', `approvals/${approval.sApprovalId}/approve`, {
      sExchangeRateReference: (await freshQuote(approver, approval.sApprovalId))
        .sExchangeRateReference,
    });
    expect(own.statusCode).toBe(409);
    expect(json(own)).toMatchObject({ code: 'SELF_APPROVAL' });
    const ownReject = await approver.call('POST', `approvals/${approval.sApprovalId}/reject`, {});
    expect(json(ownReject)).toMatchObject({ code: 'SELF_APPROVAL' });

    // Rejected with a reason, it is closed for good.
    const rejected = await admin.call('POST', `approvals/${approval.sApprovalId}/reject`, {
      sReason: 'Not this week',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json<{ approval: Approval }>(rejected).approval).toMatchObject({
      sStatus: 'REJECTED',
      sReason: 'Not this week',
      decidedBy: { sUserId: admin.userId },
    });
    const late = await admin.call('POST', `approvals/${approval.sApprovalId}/approve`, {
      sExchangeRateReference: (await spotQuote(t, admin.enterpriseId)).id,
    });
    expect(late.statusCode).toBe(409);
    expect(json(late)).toMatchObject({ code: 'APPROVAL_CLOSED' });
    await setTeamSettings(admin, { dApprovalThresholdUsd: null });
  });

  it('two approvers approving at once move the money once', async () => {
    const before = await paymentCount(admin.enterpriseId);
    const approval = held(await payNow(preparer, 300));
    const quote = await freshQuote(admin, approval.sApprovalId);
    const answers = await Promise.all(
      [admin, approver].map((caller) =>
        caller.call('POST', `approvals/${approval.sApprovalId}/approve`, {
          sExchangeRateReference: quote.sExchangeRateReference,
        }),
      ),
    );
    // One runs it; the other is answered the approval as it stands, or, while the run is
    // still going, 409 APPROVAL_RUNNING: never a 200 for an approval that paid nothing.
    for (const answer of answers) {
      if (answer.statusCode === 200) {
        expect(json<{ approval: Approval }>(answer).approval.sStatus).toBe('EXECUTED');
      } else {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(json(answer)).toMatchObject({ code: 'APPROVAL_RUNNING' });
      }
    }
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    const final = json<{ approval: Approval }>(
      await admin.call('GET', `approvals/${approval.sApprovalId}`),
    ).approval;
    expect(final.sStatus).toBe('EXECUTED');
    expect(await paymentCount(admin.enterpriseId)).toBe(before + 1);
    await expectLedgerSound(t);
  });

  it('expires pending approvals through the expiry job', async () => {
    await setTeamSettings(admin, { dApprovalThresholdUsd: null, iApprovalExpiryHours: 1 });
    const approval = held(await payNow(preparer, 40));
    const row = await t.db
      .selectFrom('approvals')
      .select(['requested_at', 'expires_at'])
      .where('id', '=', approval.sApprovalId)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.requested_at.getTime()).toBe(3_600_000);
    // An hour passes for the approval (moving the clock would also end every session).
    await t.db
      .updateTable('approvals')
      .set({ expires_at: t.clock.now() })
      .where('id', '=', approval.sApprovalId)
      .execute();
    await t.app.jobs.add(DUTY.expireApprovals, {}, { key: recurringKey(DUTY.expireApprovals) });
    await expect
      .poll(
        async () =>
          json<{ approval: Approval }>(await admin.call('GET', `approvals/${approval.sApprovalId}`))
            .approval.sStatus,
        { timeout: 15_000 },
      )
      .toBe('EXPIRED');
    const late = await admin.call('POST', `approvals/${approval.sApprovalId}/approve`, {
      sExchangeRateReference: (await spotQuote(t, admin.enterpriseId)).id,
    });
    expect(json(late)).toMatchObject({ code: 'APPROVAL_CLOSED' });
    await setTeamSettings(admin, { dApprovalThresholdUsd: null });
  });

  it('refuses an impossible request when it is made, and records a run that became impossible', async () => {
    const poor = await newCustomer(t, { usd: '10.00' });
    const poorPreparer = await addTeamMember(t, poor, 'PREPARER');
    const poorSupplier = await insertSupplier(t, poor.enterpriseId);
    const ask = async (dAmount: number) =>
      poorPreparer.call('POST', 'payments/sendPayNow', {
        dAmount,
        comment: 'Pago',
        sPaymentRecipientId: poorSupplier,
        sExchangeRateReference: (await spotQuote(t, poor.enterpriseId)).id,
      });
    // More than the balance: the direct call's own refusal, and nothing waits.
    const tooMuch = await ask(500);
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(json(tooMuch)).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const listed = await poor.call('GET', 'approvals?status=PENDING');
    expect(json<{ approvals: Approval[] }>(listed).approvals).toEqual([]);

    // Two that each fit, but not both: the second approved fails with the reason.
    const first = held(await ask(6));
    const second = held(await ask(6));
    for (const approval of [first, second]) {
      const fresh = await freshQuote(poor, approval.sApprovalId);
      await poor.call('POST', `approvals/${approval.sApprovalId}/approve`, {
        sExchangeRateReference: fresh.sExchangeRateReference,
      });
    }
    const answer = await poor.call('GET', `approvals/${second.sApprovalId}`);
    expect(json<{ approval: Approval }>(answer).approval).toMatchObject({
      sStatus: 'FAILED',
      sFailureCode: 'INSUFFICIENT_FUNDS',
    });
    expect(await paymentCount(poor.enterpriseId)).toBe(1);
  });

  it('a PREPARER adds suppliers only through an approval', async () => {
    const body = {
      sName: 'Nuevo Proveedor SA',
      sEmail: 'pagos@nuevo.mx',
      sBankName: 'BANORTE',
      sAccountNumber: makeClabe('072', '180', '00000000004'),
      sEntityBusiness: 'COMPANY',
      sTaxId: 'SAT970701NN3',
    };
    const approval = held(await preparer.call('POST', 'payment-recipient/', body));
    expect(approval.sKind).toBe('SUPPLIER_CREATE');
    const approved = await approver.call('POST', `approvals/${approval.sApprovalId}/approve`, {});
    expect(json<{ approval: Approval }>(approved).approval.sStatus).toBe('EXECUTED');
  });

  it('keeps one ADMIN: the last one cannot be demoted, even by two at once', async () => {
    const second = await addTeamMember(t, admin, 'ADMIN');
    const answers = await Promise.all([
      admin.call('PUT', `profile/users/${second.userId}`, { sTeamRole: 'VIEWER' }),
      second.call('PUT', `profile/users/${admin.userId}`, { sTeamRole: 'VIEWER' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One wins; the other either finds itself demoted or would leave no ADMIN.
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBe(409);
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', admin.enterpriseId)
      .where('team_role', '=', 'ADMIN')
      .execute();
    expect(admins).toHaveLength(1);
    // Whoever won, the tests after this one act as the shared admin, the company's only
    // ADMIN (they count the ADMINs told of a change): put it back and step the second down.
    if (admins[0]?.id !== admin.userId) {
      const restore = await second.call('PUT', `profile/users/${admin.userId}`, {
        sTeamRole: 'ADMIN',
      });
      expect(restore.statusCode, restore.body).toBe(200);
      const stepDown = await admin.call('PUT', `profile/users/${second.userId}`, {
        sTeamRole: 'VIEWER',
      });
      expect(stepDown.statusCode, stepDown.body).toBe(200);
    }
    const adminsAfter = await t.db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', admin.enterpriseId)
      .where('team_role', '=', 'ADMIN')
      .execute();
    expect(adminsAfter.map((row) => row.id)).toEqual([admin.userId]);
  });
  it('holds a changed CLABE for approval when approvals are on, then cools payments off', async () => {
    const recipients = json<{ paymentRecipients: Array<Record<string, unknown>> }>(
      await admin.call('GET', 'payment-recipient/'),
    ).paymentRecipients;
    const current = recipients.find((item) => item['sPaymentRecipientId'] === supplierId)!;
    const edit = {
      sPaymentRecipientId: supplierId,
      sName: current['sName'],
      sEmail: current['sEmail'],
      sBankName: current['sBankName'],
      sEntityBusiness: current['sEntityBusiness'],
      sTaxId: current['sTaxId'],
      sAccountNumber: makeClabe('002', '180', '70000000003'),
    };
    // A viewer changes nothing.
    const byViewer = await viewer.call('PUT', 'payment-recipient/', edit);
    expect(byViewer.statusCode).toBe(409);
    expect(json(byViewer)).toMatchObject({ code: 'ROLE_REQUIRED' });

    await setTeamSettings(admin, { dApprovalThresholdUsd: 5000, iCoolingOffHours: 24 });
    const approval = held(await approver.call('PUT', 'payment-recipient/', edit));
    expect(approval.sKind).toBe('SUPPLIER_UPDATE');
    // Nothing changed yet.
    const unchanged = await t.db
      .selectFrom('payment_recipients')
      .select(['clabe', 'payments_held_until'])
      .where('id', '=', supplierId)
      .executeTakeFirstOrThrow();
    expect(unchanged.clabe).toBe(current['sAccountNumber']);
    const sentBefore = await t.db
      .selectFrom('outbox_emails')
      .select('to_address')
      .where('subject', 'like', 'Supplier bank account changed%')
      .execute();
    expect(sentBefore).toEqual([]);

    const approved = await admin.call('POST', `approvals/${approval.sApprovalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const done = json<{
      approval: Approval & { result: { paymentRecipient: { dPaymentsHeldUntil: string } } };
    }>(approved).approval;
    expect(done.sStatus).toBe('EXECUTED');
    const heldUntil = new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString();
    expect(done.result.paymentRecipient.dPaymentsHeldUntil).toBe(heldUntil);

    // Every ADMIN is told through the outbox (this company has one).
    const notices = await t.db
      .selectFrom('outbox_emails')
      .select(['to_address', 'body_text'])
      .where('subject', 'like', 'Supplier bank account changed%')
      .execute();
    const adminEmail = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', admin.userId)
      .executeTakeFirstOrThrow();
    expect(notices.map((notice) => notice.to_address)).toEqual([adminEmail.email]);

    // Payments to it wait out the cooling-off, whoever pays.
    await setTeamSettings(admin, { dApprovalThresholdUsd: null });
    const during = await payNow(admin, 20);
    expect(during.statusCode).toBe(409);
    expect(json(during)).toMatchObject({ code: 'SUPPLIER_COOLING_OFF' });
    // Last in this file: a day passing ends the other users' sessions too.
    t.clock.advanceMinutes(24 * 60 + 1);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      payload: { sEmail: adminEmail.email, sPassword: 'Str0ng-pass!' },
    });
    expect(relogin.statusCode, relogin.body).toBe(200);
    const quote = await spotQuote(t, admin.enterpriseId);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/payments/sendPayNow',
      headers: { authorization: `Bearer ${json<{ token: string }>(relogin).token}` },
      payload: {
        dAmount: 20,
        comment: 'After the cooling-off',
        sPaymentRecipientId: supplierId,
        sExchangeRateReference: quote.id,
      },
    });
    expect(after.statusCode, after.body).toBe(201);
  });
});
