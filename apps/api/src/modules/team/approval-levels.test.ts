import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, spotQuote, type Customer } from '../../test/finance-fixtures.js';
import { insertSupplier } from '../../test/payment-fixtures.js';
import { addTeamMember } from '../../test/team-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiApproval, ApiTeamSettings } from './approvals.service.js';

let t: TestApp;
let admin: Customer;
let first: Customer;
let second: Customer;
let supplierId: string;

async function paymentCount(): Promise<number> {
  const rows = await t.db
    .selectFrom('payments')
    .select('id')
    .where('enterprise_id', '=', admin.enterpriseId)
    .execute();
  return rows.length;
}

async function payNow(dAmount: number): Promise<ApiApproval> {
  const quote = await spotQuote(t, admin.enterpriseId);
  const response = await admin.call('POST', 'payments/sendPayNow', {
    dAmount,
    comment: 'Pago por niveles',
    sPaymentRecipientId: supplierId,
    sExchangeRateReference: quote.id,
  });
  expect(response.statusCode, response.body).toBe(202);
  return json<{ approval: ApiApproval }>(response).approval;
}

async function approve(approver: Customer, approvalId: string) {
  const quote = await approver.call('POST', `approvals/${approvalId}/quote`);
  expect(quote.statusCode, quote.body).toBe(200);
  const reference = json<{ quote: { sExchangeRateReference: string } }>(quote).quote
    .sExchangeRateReference;
  return approver.call('POST', `approvals/${approvalId}/approve`, {
    sExchangeRateReference: reference,
  });
}

describe(`approvals in levels on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SETTLE_SECONDS: '3600' });
    admin = await newCustomer(t, { usd: '100000.00' });
    first = await addTeamMember(t, admin, 'APPROVER');
    second = await addTeamMember(t, admin, 'APPROVER');
    supplierId = await insertSupplier(t, admin.enterpriseId);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('keeps levels above the threshold, each asking more approvers; refuses others', async () => {
    const saved = await admin.call('PUT', 'team/settings', {
      dApprovalThresholdUsd: 1000,
      iApprovalExpiryHours: 72,
      iCoolingOffHours: 24,
      aApprovalLevels: [{ dAboveUsd: 5000, iApprovers: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<{ settings: ApiTeamSettings }>(saved).settings).toEqual({
      dApprovalThresholdUsd: 1000,
      iApprovalExpiryHours: 72,
      iCoolingOffHours: 24,
      aApprovalLevels: [{ dAboveUsd: 5000, iApprovers: 2 }],
    });
    for (const levels of [
      [{ dAboveUsd: 500, iApprovers: 2 }],
      [
        { dAboveUsd: 5000, iApprovers: 3 },
        { dAboveUsd: 9000, iApprovers: 2 },
      ],
    ]) {
      const refused = await admin.call('PUT', 'team/settings', {
        dApprovalThresholdUsd: 1000,
        iApprovalExpiryHours: 72,
        iCoolingOffHours: 24,
        aApprovalLevels: levels,
      });
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'INVALID_INPUT', field: 'aApprovalLevels' });
    }
    const kept = json<{ settings: ApiTeamSettings }>(await admin.call('GET', 'team/settings'));
    expect(kept.settings.aApprovalLevels).toEqual([{ dAboveUsd: 5000, iApprovers: 2 }]);
  });

  it('pays above the threshold after one approval', async () => {
    const approval = await payNow(2000);
    expect(approval).toMatchObject({ iApproversRequired: 1, approvedBy: [] });
    const before = await paymentCount();
    const approved = await approve(first, approval.sApprovalId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<{ approval: ApiApproval }>(approved).approval.sStatus).toBe('EXECUTED');
    expect(await paymentCount()).toBe(before + 1);
  });

  it('needs two different approvers above the second level; one person twice counts once', async () => {
    const approval = await payNow(6000);
    expect(approval.iApproversRequired).toBe(2);
    const before = await paymentCount();

    const one = await approve(first, approval.sApprovalId);
    expect(one.statusCode, one.body).toBe(200);
    const afterOne = json<{ approval: ApiApproval }>(one).approval;
    expect(afterOne.sStatus).toBe('PENDING');
    expect(afterOne.approvedBy.map((person) => person.sUserId)).toEqual([first.userId]);
    expect(await paymentCount()).toBe(before);

    const twice = await approve(first, approval.sApprovalId);
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ code: 'ALREADY_APPROVED' });
    expect(await paymentCount()).toBe(before);

    const two = await approve(second, approval.sApprovalId);
    expect(two.statusCode, two.body).toBe(200);
    const done = json<{ approval: ApiApproval }>(two).approval;
    expect(done.sStatus).toBe('EXECUTED');
    expect(done.approvedBy.map((person) => person.sUserId)).toEqual([first.userId, second.userId]);
    expect(done.decidedBy?.sUserId).toBe(second.userId);
    expect(await paymentCount()).toBe(before + 1);
  });
});
