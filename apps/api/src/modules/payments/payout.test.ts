import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMoney } from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import {
  assignInvoice,
  conversionRow,
  insertConversion,
  insertInvoice,
  insertSupplier,
  invoiceRow,
  paymentRow,
} from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiPayment } from './payment.view.js';

let t: TestApp;

interface PaymentAnswer {
  payment: ApiPayment;
}

async function sendPayNow(
  customer: Customer,
  recipientId: string,
  overrides: Record<string, unknown> = {},
  options: { headers?: Record<string, string> } = {},
) {
  const quote = await spotQuote(t, customer.enterpriseId);
  return customer.call(
    'POST',
    'payments/sendPayNow',
    {
      dAmount: 100,
      comment: 'Anticipo pedido 42',
      sPaymentRecipientId: recipientId,
      sExchangeRateReference: quote.id,
      ...overrides,
    },
    options,
  );
}

describe(`the payout rail on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('completes payments on the sandbox rail after the settle delay', async () => {
    const customer = await newCustomer(t, { usd: '1000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const { payment } = json<PaymentAnswer>(await sendPayNow(customer, supplierId));
    const payments = t.app.finance.payments;
    expect(await payments.settleDuePayouts()).toBe(0);
    expect((await paymentRow(t, payment.sPaymentId)).status).toBe('PROCESSING');

    t.clock.advanceMinutes(1);
    await payments.settleDuePayouts();
    const row = await paymentRow(t, payment.sPaymentId);
    expect(row.status).toBe('COMPLETED');
    expect(row.completed_at).toEqual(t.clock.now());
    expect(await payments.settleDuePayouts()).toBe(0);
    const settled = await t.db
      .selectFrom('journals')
      .select(['kind', 'reference'])
      .where('kind', '=', 'PAYOUT_SETTLED')
      .execute();
    expect(settled).toEqual([{ kind: 'PAYOUT_SETTLED', reference: payment.sTrackingKey }]);
    const { ledger } = t.app.finance;
    expect(await ledger.houseBalance(t.db, 'HOUSE_BANK_MXN')).toBe(parseMoney(payment.dAmount));
    expect(await ledger.houseBalance(t.db, 'HOUSE_PAYOUT_CLEARING_MXN')).toBe(0n);
    const listed = json<{ payments: ApiPayment[] }>(await customer.call('GET', 'payments/'));
    expect(listed.payments[0]).toMatchObject({
      sStatus: 'COMPLETED',
      completed_at: expect.any(String),
    });
  });

  it('runs the rail on a timer that stops', async () => {
    const customer = await newCustomer(t, { usd: '1000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const { payment } = json<PaymentAnswer>(await sendPayNow(customer, supplierId));
    t.clock.advanceMinutes(1);
    const stop = t.app.finance.payments.startPayoutRail();
    try {
      await expect
        .poll(async () => (await paymentRow(t, payment.sPaymentId)).status, { timeout: 5_000 })
        .toBe('COMPLETED');
    } finally {
      stop();
    }
  });

  it('returns a pay-now invoice payment: MXN back, invoice To pay again', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '3000.00',
    });
    const quote = await spotQuote(t, customer.enterpriseId);
    const { payment } = json<PaymentAnswer>(
      await customer.call('POST', 'payments/invoice', {
        sInvoiceId: invoiceId,
        sExchangeRateReference: quote.id,
      }),
    );
    const usdAfter = (await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE;
    await t.app.finance.payments.returnPayout(payment.sPaymentId);

    expect((await paymentRow(t, payment.sPaymentId)).status).toBe('RETURNED');
    expect(await invoiceRow(t, invoiceId)).toMatchObject({
      status: 'TO_PAY',
      assigned_mxn: 0n,
      paid_mxn: 0n,
    });
    const balances = await balancesOf(t, customer.enterpriseId);
    expect(balances.MXN_AVAILABLE).toBe(300_000n);
    expect(balances.USD_AVAILABLE).toBe(usdAfter);
    await expect(t.app.finance.payments.returnPayout(payment.sPaymentId)).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    // A returned payment is never settled, and it shows no gain.
    t.clock.advanceMinutes(1);
    expect(await t.app.finance.payments.settleDuePayouts()).toBe(0);
    const listed = json<{ payments: ApiPayment[]; totalProfit: number }>(
      await customer.call('GET', 'payments/'),
    );
    expect(listed.payments[0]).toMatchObject({ sStatus: 'RETURNED', dCurrencyGain: 0 });
    expect(listed.totalProfit).toBe(0);
    // The invoice can be paid again.
    const again = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: (await spotQuote(t, customer.enterpriseId)).id,
    });
    expect(again.statusCode).toBe(201);
  });

  it('returns a conversion payment, completed or not: paid amounts undone', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const conversionId = await insertConversion(t, customer.enterpriseId, { mxn: '5000.00' });
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '3000.00',
    });
    await assignInvoice(t, customer.enterpriseId, conversionId, invoiceId, '3000.00');
    const pay = async (amount: number) =>
      json<PaymentAnswer>(
        await customer.call('POST', 'payments/', {
          sTransactionId: conversionId,
          sPaymentRecipientId: supplierId,
          isMxn: true,
          dAmount: amount,
          comment: 'Pago',
        }),
      ).payment;
    const first = await pay(4000);
    expect((await invoiceRow(t, invoiceId)).status).toBe('PAID');
    t.clock.advanceMinutes(1);
    await t.app.finance.payments.settleDuePayouts();
    expect((await paymentRow(t, first.sPaymentId)).status).toBe('COMPLETED');

    await t.app.finance.payments.returnPayout(first.sPaymentId);
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'ASSIGNED', paid_mxn: 0n });
    expect((await conversionRow(t, conversionId)).paid_mxn).toBe(0n);
    const assignment = await t.db
      .selectFrom('conversion_invoices')
      .select('paid_mxn')
      .where('conversion_id', '=', conversionId)
      .executeTakeFirstOrThrow();
    expect(assignment.paid_mxn).toBe(0n);
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(500_000n);

    const second = await pay(5000);
    await t.app.finance.payments.returnPayout(second.sPaymentId);
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(500_000n);
    expect((await conversionRow(t, conversionId)).paid_mxn).toBe(0n);
    await expect(t.app.finance.payments.returnPayout(randomUUID())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
