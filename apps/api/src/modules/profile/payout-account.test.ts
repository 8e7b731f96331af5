import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCompanyTime, makeClabe, maskAccount } from '@app/domain';
import { expectLedgerSound, newCustomer, spotQuote } from '../../test/finance-fixtures.js';
import { expectError, type Company } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  logInAgain,
  newGrower,
  newOperator,
  newOrderBuyer,
  placedOrder,
  putInCart,
  VENDOR_CLABE,
} from '../../test/order-fixtures.js';
import { insertSupplier, pdfText } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiOrder, ApiVendorPayout } from '../orders/order.view.js';
import { maskClabe } from '../orders/order.view.js';
import type { ApiPayment } from '../payments/payment.view.js';
import type { StatementAnswer } from '../statement/statement.view.js';
import type { BankAnswer } from './profile.service.js';

let t: TestApp;

const PASSWORD = 'Str0ng-pass!'; // signupBody's password
const NEW_CLABE = makeClabe('014', '180', '60507838512');
const HOUR_MS = 3_600_000;

function bankBody(clabe: string, extra: Record<string, unknown> = {}) {
  return { clabe, sBank_mxn_account: 'SANTANDER', ...extra };
}

/** The code an authenticator app shows at the test clock's time, `stepsAhead` steps on. */
function codeAt(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + stepsAhead * 30 });
}

async function enableTotp(company: Company): Promise<string> {
  const setup = await company.call('POST', 'auth/2fa/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { sSecret } = json<{ sSecret: string }>(setup);
  const enabled = await company.call('POST', 'auth/2fa/enable', { sCode: await codeAt(sSecret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return sSecret;
}

/** What a bank change leaves behind: the stored CLABE, the hold, its record, its e-mails. */
async function traces(enterpriseId: string) {
  const enterprise = await t.db
    .selectFrom('enterprises')
    .select(['clabe', 'payouts_held_until'])
    .where('id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  const changes = await t.db
    .selectFrom('bank_account_changes')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  const admins = await t.db
    .selectFrom('users')
    .select('email')
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  const emails = await t.db
    .selectFrom('outbox_emails')
    .select(['to_address', 'subject', 'body_text'])
    .where(
      'to_address',
      'in',
      admins.map((admin) => admin.email),
    )
    .where('subject', 'like', '%payout bank account%')
    .execute();
  return { ...enterprise, changes, emails, adminEmails: admins.map((admin) => admin.email) };
}

interface AuditEntry {
  sAction: string;
  sEntity: string;
  sOutcome: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

async function bankAudit(company: Company): Promise<AuditEntry[]> {
  const response = await company.call('GET', 'audit-log');
  expect(response.statusCode, response.body).toBe(200);
  return json<{ entries: AuditEntry[] }>(response).entries.filter((entry) =>
    entry.sEntity.endsWith('/bank'),
  );
}

/** A grower (CLABE VENDOR_CLABE) with an order paid now, delivered with `delivered` of 140. */
async function deliveredOrder(delivered: number) {
  const { vendor, articleIds } = await newGrower(t, [
    { name: 'Ataulfo mango 12ct', price: '25.00', boxesPerPallet: 70, minBoxes: 10, stock: 1000 },
  ]);
  const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '10000.00' });
  await putInCart(t, buyer, articleIds[0]!, 140);
  const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
  const onRoute = await advanceTo(vendor, order, 'ON_DELIVERY_ROUTE');
  const done = await vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
    sStatus: 'DELIVERED',
    lines: [{ sLineId: onRoute.lines[0]!.sLineId, dDeliveredQuantity: delivered }],
  });
  expect(done.statusCode, done.body).toBe(200);
  return { vendor, buyer, order };
}

async function orderOf(company: Company, path: string): Promise<ApiOrder> {
  const response = await company.call('GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ order: ApiOrder }>(response).order;
}

async function payoutsOf(vendor: Company): Promise<ApiVendorPayout[]> {
  const response = await vendor.call('GET', 'vendor/payouts');
  expect(response.statusCode, response.body).toBe(200);
  return json<{ payouts: ApiVendorPayout[] }>(response).payouts;
}

describe(`a grower's payout account on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('asks a user with a second factor for a fresh code, and writes nothing without it', async () => {
    const { vendor } = await newGrower(t, []);
    const secret = await enableTotp(vendor);

    expectError(
      await vendor.call('PUT', 'profile/bank', bankBody(NEW_CLABE)),
      401,
      'TOTP_REQUIRED',
    );
    expectError(
      await vendor.call('PUT', 'profile/bank', bankBody(NEW_CLABE), {
        headers: { 'x-totp-code': '111111' },
      }),
      401,
      'TOTP_INVALID',
    );
    // A password is no second factor: it does not replace the code.
    expectError(
      await vendor.call('PUT', 'profile/bank', bankBody(NEW_CLABE, { sPassword: PASSWORD })),
      401,
      'TOTP_REQUIRED',
    );
    const refused = await traces(vendor.enterpriseId);
    expect(refused).toMatchObject({ clabe: VENDOR_CLABE, payouts_held_until: null });
    expect(refused.changes).toEqual([]);
    expect(refused.emails).toEqual([]);

    const before = t.clock.now();
    const saved = await vendor.call('PUT', 'profile/bank', bankBody(NEW_CLABE), {
      headers: { 'x-totp-code': await codeAt(secret, 1) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const heldUntil = new Date(before.getTime() + 24 * HOUR_MS).toISOString();
    expect(json<{ bank: BankAnswer }>(saved).bank).toMatchObject({
      clabe: NEW_CLABE,
      dPayoutsHeldUntil: heldUntil,
    });
    const done = await traces(vendor.enterpriseId);
    expect(done.clabe).toBe(NEW_CLABE);
    expect(done.payouts_held_until?.toISOString()).toBe(heldUntil);
    expect(done.changes).toHaveLength(1);
    expect(done.changes[0]).toMatchObject({
      kind: 'PAYOUT_ACCOUNT',
      old_clabe: VENDOR_CLABE,
      new_clabe: NEW_CLABE,
      changed_by_user_id: vendor.userId,
    });
    // Every admin of the grower's company is told, with only the last digits of the accounts.
    expect(done.emails.map((email) => email.to_address).sort()).toEqual(done.adminEmails.sort());
    const text = done.emails[0]!.body_text;
    expect(text).toContain(NEW_CLABE.slice(-4));
    // When the hold ends, on the company's clock with its zone named.
    expect(text).toContain(
      `held until ${formatCompanyTime(new Date(heldUntil), 'en-US', { dateStyle: 'long', timeStyle: 'short' })}`,
    );
    expect(text).not.toContain(NEW_CLABE);

    const audit = await bankAudit(vendor);
    expect(audit.map((entry) => entry.sOutcome).sort()).toEqual([
      'OK',
      'TOTP_INVALID',
      'TOTP_REQUIRED',
      'TOTP_REQUIRED',
    ]);
    const ok = audit.find((entry) => entry.sOutcome === 'OK')!;
    expect(ok.sEntity).toBe(`enterprise/${vendor.enterpriseId}/bank`);
    expect(ok.before).toMatchObject({ clabe: VENDOR_CLABE });
    expect(ok.after).toMatchObject({ clabe: NEW_CLABE, dPayoutsHeldUntil: heldUntil });

    // The back office sees the pending change until it takes effect.
    const operator = await newOperator(t);
    const pending = await operator.call('GET', 'ops/bank-changes');
    expect(pending.statusCode, pending.body).toBe(200);
    const listed = json<{ changes: Array<Record<string, unknown>> }>(pending).changes.filter(
      (change) => change['sEnterpriseId'] === vendor.enterpriseId,
    );
    expect(listed).toEqual([
      expect.objectContaining({
        sKind: 'PAYOUT_ACCOUNT',
        sOldAccount: `…${VENDOR_CLABE.slice(-4)}`,
        sNewAccount: `…${NEW_CLABE.slice(-4)}`,
        dEffectiveAt: heldUntil,
      }),
    ]);
    expectError(await vendor.call('GET', 'ops/bank-changes'), 404, 'NOT_FOUND');
  });

  it('asks a user without a second factor for the password again', async () => {
    const { vendor } = await newGrower(t, []);
    expectError(
      await vendor.call('PUT', 'profile/bank', bankBody(NEW_CLABE)),
      401,
      'PASSWORD_REQUIRED',
      'sPassword',
    );
    expectError(
      await vendor.call('PUT', 'profile/bank', bankBody(NEW_CLABE, { sPassword: 'guess-1234' })),
      401,
      'PASSWORD_INVALID',
      'sPassword',
    );
    const refused = await traces(vendor.enterpriseId);
    expect(refused).toMatchObject({ clabe: VENDOR_CLABE, payouts_held_until: null });
    expect(refused.changes).toEqual([]);
    expect(refused.emails).toEqual([]);

    const saved = await vendor.call(
      'PUT',
      'profile/bank',
      bankBody(NEW_CLABE, { sPassword: PASSWORD }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const done = await traces(vendor.enterpriseId);
    expect(done.clabe).toBe(NEW_CLABE);
    expect(done.emails).toHaveLength(done.adminEmails.length);
    // The same account again is no change: no new cooling-off, no new e-mail.
    t.clock.advanceMinutes(60);
    const same = await (
      await logInAgain(t, vendor)
    ).call(
      'PUT',
      'profile/bank',
      bankBody(NEW_CLABE, { sPassword: PASSWORD, sBank_name: 'Lone Star Commerce Bank' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    const after = await traces(vendor.enterpriseId);
    expect(after.changes).toHaveLength(1);
    expect(after.payouts_held_until).toEqual(done.payouts_held_until);
  });

  it('holds a payout accepted during the cooling-off, visibly, then pays the new account once', async () => {
    const delivered = await deliveredOrder(130);
    const { order } = delivered;
    const changed = await delivered.vendor.call(
      'PUT',
      'profile/bank',
      bankBody(NEW_CLABE, { sPassword: PASSWORD }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const heldUntil = json<{ bank: BankAnswer }>(changed).bank.dPayoutsHeldUntil!;

    const accepted = await delivered.buyer.call('POST', `orders/${order.sOrderId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The buyer's refund (10 boxes not delivered) is back; the grower's 3,250.00 waits.
    const held = await orderOf(delivered.vendor, `vendor/orders/${order.sOrderId}`);
    expect(held.sStatus).toBe('FINISHED');
    expect(held.money).toMatchObject({
      dHeld: 3250,
      dPayoutUsd: 3250,
      released_at: null,
      dPayoutHeldUntil: heldUntil,
    });
    expect(held.money.dRefunded).toBeGreaterThan(0);
    expect(await payoutsOf(delivered.vendor)).toEqual([]);
    const buyerPayments = async () =>
      t.db
        .selectFrom('payments')
        .select(['paid_clabe'])
        .where('enterprise_id', '=', delivered.buyer.enterpriseId)
        .execute();
    expect(await buyerPayments()).toEqual([]);

    // Not before the cooling-off ends.
    t.clock.advanceMinutes(24 * 60 - 1);
    expect(await t.app.marketplace.orders.releaseHeldPayouts()).toBe(0);
    expect(await buyerPayments()).toEqual([]);

    t.clock.advanceMinutes(2);
    // Two sweeps at once (two processes): the payout is paid once.
    const [a, b] = await Promise.all([
      t.app.marketplace.orders.releaseHeldPayouts(),
      t.app.marketplace.orders.releaseHeldPayouts(),
    ]);
    expect(a + b).toBe(1);
    expect(await t.app.marketplace.orders.releaseHeldPayouts()).toBe(0);
    expect(await buyerPayments()).toEqual([{ paid_clabe: NEW_CLABE }]);

    const vendor = await logInAgain(t, delivered.vendor);
    const released = await orderOf(vendor, `vendor/orders/${order.sOrderId}`);
    expect(released.money).toMatchObject({ dHeld: 0, dPayoutUsd: 3250, dPayoutHeldUntil: null });
    expect(released.money.released_at).not.toBeNull();
    const payouts = await payoutsOf(vendor);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ dAmountUsd: 3250, sClabeMasked: maskClabe(NEW_CLABE) });
  });

  it('pays at once a grower whose cooling-off has ended, and moves a waiting payout when the account changes again', async () => {
    const delivered = await deliveredOrder(140);
    const change = async (clabe: string, company: Company) => {
      const response = await company.call(
        'PUT',
        'profile/bank',
        bankBody(clabe, { sPassword: PASSWORD }),
      );
      expect(response.statusCode, response.body).toBe(200);
      return json<{ bank: BankAnswer }>(response).bank;
    };
    await change(NEW_CLABE, delivered.vendor);
    const accepted = await delivered.buyer.call(
      'POST',
      `orders/${delivered.order.sOrderId}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // A second change twelve hours later moves the waiting payout to the new end.
    t.clock.advanceMinutes(12 * 60);
    const vendor = await logInAgain(t, delivered.vendor);
    const third = makeClabe('002', '010', '77777777777');
    const bank = await change(third, vendor);
    t.clock.advanceMinutes(12 * 60 + 1);
    expect(await t.app.marketplace.orders.releaseHeldPayouts()).toBe(0);
    const waiting = await orderOf(
      await logInAgain(t, vendor),
      `vendor/orders/${delivered.order.sOrderId}`,
    );
    expect(waiting.money.dPayoutHeldUntil).toBe(bank.dPayoutsHeldUntil);
    t.clock.advanceMinutes(12 * 60);
    expect(await t.app.marketplace.orders.releaseHeldPayouts()).toBe(1);
    const payments = await t.db
      .selectFrom('payments')
      .select(['paid_clabe'])
      .where('enterprise_id', '=', delivered.buyer.enterpriseId)
      .execute();
    expect(payments).toEqual([{ paid_clabe: third }]);
  });
});

describe(`a payment keeps the account it was sent to on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it("shows the old CLABE in the list, the receipt and the statement after the supplier's changed", async () => {
    const customer = await newCustomer(t, { usd: '1000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId, {
      name: 'Empaques del Norte',
    });
    const supplier = await t.db
      .selectFrom('payment_recipients')
      .selectAll()
      .where('id', '=', supplierId)
      .executeTakeFirstOrThrow();
    const oldClabe = supplier.clabe;
    const quote = await spotQuote(t, customer.enterpriseId);
    const paid = await customer.call('POST', 'payments/sendPayNow', {
      dAmount: 250.5,
      comment: 'Anticipo',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { payment } = json<{ payment: ApiPayment }>(paid);

    const changed = await customer.call('PUT', 'payment-recipient/', {
      sPaymentRecipientId: supplierId,
      sName: 'Empaques del Norte SA',
      sEmail: supplier.email,
      sBankName: 'SANTANDER',
      sAccountNumber: NEW_CLABE,
      sEntityBusiness: 'COMPANY',
      sTaxId: supplier.tax_id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The supplier's own change is the same mechanism: recorded, and its admins told.
    const changes = await t.db
      .selectFrom('bank_account_changes')
      .select(['kind', 'old_clabe', 'new_clabe'])
      .where('enterprise_id', '=', customer.enterpriseId)
      .execute();
    expect(changes).toEqual([{ kind: 'SUPPLIER', old_clabe: oldClabe, new_clabe: NEW_CLABE }]);

    const list = await customer.call('GET', 'payments/');
    expect(list.statusCode, list.body).toBe(200);
    const listed = json<{ payments: ApiPayment[] }>(list).payments.find(
      (row) => row.sPaymentId === payment.sPaymentId,
    );
    expect(listed?.payment_recipient).toMatchObject({
      sName: supplier.name,
      sBankName: 'BBVA MEXICO',
      sAccountNumber: maskAccount(oldClabe),
    });

    const receipt = await customer.call('POST', 'payments/paymentReceipt', {
      sPaymentId: payment.sPaymentId,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const receiptText = pdfText(
      Buffer.from(
        json<{ paymentReceipt: { data: string } }>(receipt).paymentReceipt.data,
        'base64',
      ),
    );
    expect(receiptText).toContain(maskAccount(oldClabe));
    expect(receiptText).toContain(supplier.name);
    expect(receiptText).not.toContain(NEW_CLABE.slice(-4));

    const statement = await customer.call('GET', 'statement?currency=USD');
    expect(statement.statusCode, statement.body).toBe(200);
    const payNow = json<StatementAnswer>(statement).entries.find(
      (entry) => entry.sType === 'PAY_NOW',
    );
    expect(payNow?.sPaidAccount).toBe(`BBVA MEXICO ${maskAccount(oldClabe)}`);
    const statementPdf = await customer.call('GET', 'statement/pdf?currency=USD');
    expect(statementPdf.statusCode, statementPdf.body).toBe(200);
    const statementText = pdfText(
      Buffer.from(json<{ statement: { data: string } }>(statementPdf).statement.data, 'base64'),
    );
    expect(statementText.replace(/\s+/g, ' ')).toContain(oldClabe.slice(-4));
    expect(statementText).not.toContain(NEW_CLABE.slice(-4));

    // The rail was handed the account of the payment too.
    const row = await t.db
      .selectFrom('payments')
      .select(['paid_clabe', 'paid_bank_name', 'paid_beneficiary_name'])
      .where('id', '=', payment.sPaymentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      paid_clabe: oldClabe,
      paid_bank_name: 'BBVA MEXICO',
      paid_beneficiary_name: supplier.name,
    });
  });
});
