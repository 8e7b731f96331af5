import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  convertMxnToUsd,
  forwardDeposit,
  moneyToNumber,
  parseMoney,
  parseRate,
  percentUsed,
  rateToNumber,
  usdForExactMxn,
} from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  spotQuote,
} from '../../test/finance-fixtures.js';
import {
  conversionFixtures,
  FOREX,
  FORWARD,
  FORWARD_DATE,
  type Answer,
  type ListAnswer,
} from '../../test/conversion-fixtures.js';
import { insertConversion, insertInvoice, insertSupplier } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { conversionGain } from './conversion-amounts.js';
import type { ApiTransaction } from './conversion.view.js';

let t: TestApp;
const {
  addInvoice,
  invoiceOf,
  expectInvoiceStatus,
  forexBody,
  forwardQuote,
  forex,
  bookForward,
  transactionById,
  expectError,
} = conversionFixtures(() => t);

/** Marks MXN of a conversion (and an assigned invoice) paid, as a supplier payment does. */
async function markPaid(conversionId: string, invoiceId: string, mxn: string) {
  await t.db.transaction().execute(async (trx) => {
    await t.app.finance.conversions.recordPaid(trx, conversionId, parseMoney(mxn), invoiceId);
    await t.app.finance.invoices.changePaid(trx, invoiceId, parseMoney(mxn));
  });
}

describe(`invoices assigned to conversions on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('converts an invoice: its unassigned MXN, assigned to the conversion in full', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const invoiceId = await addInvoice(customer, { total: 50_000, protection: 19.5 });
    const body = await forexBody(customer, 1);
    const rateMicro = parseRate(body.dExchangeRate);
    const fromInvoice = {
      sInvoiceId: invoiceId,
      sTransactionType: FOREX,
      dExchangeRate: body.dExchangeRate,
      referenceExchangeRate: body.referenceExchangeRate,
      bExternal: false,
    };
    const response = await customer.call(
      'POST',
      'transactions/createTransactionFromInvoice',
      fromInvoice,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { transaction } = json<Answer>(response);
    const usd = convertMxnToUsd(5_000_000n, rateMicro);
    const gain = conversionGain(
      [{ amountMxn: 5_000_000n, protectedRateMicro: 19_500_000n }],
      rateMicro,
    );
    expect(transaction).toMatchObject({
      sStatus: 'SETTLED',
      dAmount: moneyToNumber(usd),
      dDesAmount: 50_000,
      dAssignedAmount: 50_000,
      dPercentUsed: 100,
      dCurrencyGain: moneyToNumber(gain.gainUsd),
      dProfitPercentage: gain.profitPercentage,
    });
    expect(transaction.invoice).toHaveLength(1);
    expect(transaction.invoice[0]).toMatchObject({
      dAmount: 50_000,
      dPaidAmount: 0,
      payment: { dDescAmount: 0 },
      invoice: {
        sInvoiceId: invoiceId,
        sInvoice: 'F-1001',
        dRateProtection: 19.5,
        paymentsRecipent: [{ sName: 'Agrícola del Valle' }],
      },
    });
    expect(await balancesOf(t, customer.enterpriseId)).toMatchObject({
      USD_AVAILABLE: 1_000_000n - usd,
      MXN_AVAILABLE: 5_000_000n,
    });
    await expectInvoiceStatus(customer, invoiceId, 'ASSIGNED');
    const history = json<ListAnswer>(await customer.call('GET', 'transactions/history'));
    expect(history.totalProfit).toBe(moneyToNumber(gain.gainUsd));

    // Assigned now: not convertible again.
    const before = await moneyTableCounts(t);
    expectError(
      await customer.call('POST', 'transactions/createTransactionFromInvoice', fromInvoice),
      409,
      'INVALID_STATE',
      'sInvoiceId',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('books a forward for an invoice', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const invoiceId = await addInvoice(customer, { total: 18_000 });
    const quote = await forwardQuote(customer);
    const response = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: invoiceId,
      sTransactionType: FORWARD,
      dExchangeRate: quote.rate,
      referenceExchangeRate: quote.uuid,
      bExternal: false,
      dForwardTransactionDate: FORWARD_DATE,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { transaction } = json<Answer>(response);
    const usd = usdForExactMxn(1_800_000n, parseRate(quote.rate));
    expect(transaction).toMatchObject({
      sStatus: 'ACTIVE',
      dAmount: moneyToNumber(usd),
      dDesAmount: 18_000,
      dDepositAmount: moneyToNumber(forwardDeposit(usd)),
      dPercentUsed: 100,
    });
    expect(await balancesOf(t, customer.enterpriseId)).toEqual({
      USD_AVAILABLE: 1_000_000n - forwardDeposit(usd),
      MXN_AVAILABLE: 0n,
      USD_FORWARD_DEPOSIT: forwardDeposit(usd),
    });
    await expectInvoiceStatus(customer, invoiceId, 'ASSIGNED');
  });

  it('attaches and detaches invoices within 100 % of the conversion', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const conversion = await forex(customer, 1100); // about 20,000 MXN
    const first = await addInvoice(customer, { total: 10_000, name: 'F-1' });
    const second = await addInvoice(customer, { total: 20_000, name: 'F-2' });
    const attach = (lines: Array<{ sInvoiceId: string; dAmount: number }>, key?: string) =>
      customer.call(
        'POST',
        'transactions/invoice',
        { sTransactionId: conversion.sTransactionId, invoices: lines },
        key === undefined ? {} : { headers: { 'idempotency-key': key } },
      );
    const detach = (lines: Array<{ sInvoiceId: string; dAmount: number }>) =>
      customer.call('POST', 'transactions/deleteInvoice', {
        sTransactionId: conversion.sTransactionId,
        invoices: lines,
      });

    const attached = await attach([{ sInvoiceId: first, dAmount: 10_000 }]);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(json<Answer>(attached).transaction).toMatchObject({
      dAssignedAmount: 10_000,
      dPercentUsed: percentUsed(1_000_000n, parseMoney(conversion.dDesAmount)),
      invoice: [{ dAmount: 10_000, invoice: { sInvoiceId: first } }],
    });
    await expectInvoiceStatus(customer, first, 'ASSIGNED');

    // Beyond 100 % of the conversion: refused whole, nothing written.
    const before = await moneyTableCounts(t);
    expectError(
      await attach([{ sInvoiceId: second, dAmount: 20_000 }]),
      409,
      'INVALID_STATE',
      'invoices',
    );
    // More than the invoice has unassigned.
    expectError(
      await attach([{ sInvoiceId: first, dAmount: 0.01 }]),
      409,
      'INVALID_STATE',
      'invoices.0.dAmount',
    );
    expectError(
      await attach([
        { sInvoiceId: second, dAmount: 100 },
        { sInvoiceId: second, dAmount: 100 },
      ]),
      400,
      'INVALID_INPUT',
      'invoices.1.sInvoiceId',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await transactionById(customer, conversion.sTransactionId)).dAssignedAmount).toBe(
      10_000,
    );
    await expectInvoiceStatus(customer, second, 'TO_PAY');

    // Attaching the same invoice twice adds to its one assignment.
    expect((await attach([{ sInvoiceId: second, dAmount: 5_000 }])).statusCode).toBe(200);
    await expectInvoiceStatus(customer, second, 'PARCIAL');
    const twice = json<Answer>(await attach([{ sInvoiceId: second, dAmount: 3_000 }])).transaction;
    expect(twice.dAssignedAmount).toBe(18_000);
    expect(
      new Map(twice.invoice.map((entry) => [entry.invoice.sInvoiceId, entry.dAmount])),
    ).toEqual(
      new Map([
        [first, 10_000],
        [second, 8_000],
      ]),
    );
    const rateMicro = parseRate(conversion.dExchangeRate);
    const gain = conversionGain(
      [
        { amountMxn: 1_000_000n, protectedRateMicro: 19_500_000n },
        { amountMxn: 800_000n, protectedRateMicro: 19_500_000n },
      ],
      rateMicro,
    );
    expect(twice.dCurrencyGain).toBe(moneyToNumber(gain.gainUsd));

    // Detach part of one, the whole of the other (an amount at or above the assignment).
    const detached = await detach([
      { sInvoiceId: second, dAmount: 3_000 },
      { sInvoiceId: first, dAmount: 999_999 },
    ]);
    expect(detached.statusCode, detached.body).toBe(200);
    expect(json<Answer>(detached).transaction).toMatchObject({
      dAssignedAmount: 5_000,
      invoice: [{ dAmount: 5_000, invoice: { sInvoiceId: second } }],
    });
    await expectInvoiceStatus(customer, first, 'TO_PAY');
    await expectInvoiceStatus(customer, second, 'PARCIAL');
    expect((await invoiceOf(customer, second)).dAssignedAmount).toBe(5_000);

    // An invoice that is not on the conversion cannot be detached from it.
    expectError(
      await detach([{ sInvoiceId: first, dAmount: 1 }]),
      404,
      'NOT_FOUND',
      'invoices.0.sInvoiceId',
    );

    // Paid MXN stays: only the unpaid part can come off.
    await markPaid(conversion.sTransactionId, second, '2000.00');
    const paidBefore = await moneyTableCounts(t);
    expectError(
      await detach([{ sInvoiceId: second, dAmount: 5_000 }]),
      409,
      'INVALID_STATE',
      'invoices.0.dAmount',
    );
    expectError(await detach([{ sInvoiceId: second, dAmount: 3_000.01 }]), 409, 'INVALID_STATE');
    expect(await moneyTableCounts(t)).toEqual(paidBefore);
    const rest = await detach([{ sInvoiceId: second, dAmount: 3_000 }]);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(json<Answer>(rest).transaction).toMatchObject({
      dAssignedAmount: 2_000,
      dPaidAmount: 2_000,
      invoice: [{ dAmount: 2_000, dPaidAmount: 2_000, payment: { dDescAmount: 2_000 } }],
    });
    await expectInvoiceStatus(customer, second, 'PARCIAL');
  });

  it('does not assign pesos already paid out of a conversion without an invoice', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const conversion = await forex(customer, 1000);
    const mxn = parseMoney(conversion.dDesAmount);
    // A payment on the conversion alone (no invoice) spends all but 1,000.00 MXN.
    await t.db.transaction().execute(async (trx) => {
      await t.app.finance.conversions.recordPaid(trx, conversion.sTransactionId, mxn - 100_000n);
    });
    const invoiceId = await addInvoice(customer, { total: 5_000 });
    const attach = (amount: number) =>
      customer.call('POST', 'transactions/invoice', {
        sTransactionId: conversion.sTransactionId,
        invoices: [{ sInvoiceId: invoiceId, dAmount: amount }],
      });
    expectError(await attach(1_000.01), 409, 'INVALID_STATE', 'invoices');
    const attached = await attach(1_000);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(json<Answer>(attached).transaction.dAssignedAmount).toBe(1_000);
  });

  it('attaches invoices to an active forward too', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const { transaction } = await bookForward(customer, 1000);
    const invoiceId = await addInvoice(customer, { total: 10_000 });
    const response = await customer.call('POST', 'transactions/invoice', {
      sTransactionId: transaction.sTransactionId,
      invoices: [{ sInvoiceId: invoiceId, dAmount: 10_000 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Answer>(response).transaction).toMatchObject({
      sStatus: 'ACTIVE',
      dAssignedAmount: 10_000,
    });
    await expectInvoiceStatus(customer, invoiceId, 'ASSIGNED');
    const forwards = json<{ forwards: ApiTransaction[] }>(
      await customer.call('GET', 'transactions/getForwardsActive'),
    ).forwards;
    expect(forwards[0]?.invoice[0]?.invoice.sInvoiceId).toBe(invoiceId);
  });

  it('lists in the detail the payments made from a conversion, and drops fully paid ones from the balance list', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const invoiceId = await addInvoice(customer, { total: 10_000, name: 'F-77' });
    const quote = await spotQuote(t, customer.enterpriseId);
    const created = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: invoiceId,
      sTransactionType: FOREX,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
    });
    const conversion = json<Answer>(created).transaction;
    expect(
      (await transactionById(customer, conversion.sTransactionId, 'transactions/detail')).payment,
    ).toEqual([]);

    // A payment of the whole invoice, recorded as the payments module records one.
    const recipient = await t.db
      .selectFrom('invoices')
      .select('payment_recipient_id')
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    const journalId = randomUUID();
    const paymentId = randomUUID();
    await t.db
      .insertInto('journals')
      .values({
        id: journalId,
        enterprise_id: customer.enterpriseId,
        kind: 'SUPPLIER_PAYMENT',
        description: 'test payment',
        reference: paymentId,
        quote_id: null,
        rate_micro: null,
        created_at: t.clock.now(),
      })
      .execute();
    await t.db
      .insertInto('payments')
      .values({
        id: paymentId,
        enterprise_id: customer.enterpriseId,
        type: 'FOREX',
        status: 'COMPLETED',
        payment_recipient_id: recipient.payment_recipient_id,
        conversion_id: conversion.sTransactionId,
        amount_mxn: 1_000_000n,
        amount_usd: parseMoney(conversion.dAmount),
        rate_micro: parseRate(conversion.dExchangeRate),
        concept: 'Factura F-77',
        tracking_key: `TEST${Date.now()}`,
        journal_id: journalId,
        created_at: t.clock.now(),
        completed_at: t.clock.now(),
        paid_clabe: '012180001234567897',
        paid_bank_name: 'BBVA MEXICO',
        paid_beneficiary_name: 'Test supplier',
      })
      .execute();
    await t.db
      .insertInto('payment_invoices')
      .values({ payment_id: paymentId, invoice_id: invoiceId, amount_mxn: 1_000_000n })
      .execute();
    await markPaid(conversion.sTransactionId, invoiceId, '10000.00');

    const detail = await transactionById(
      customer,
      conversion.sTransactionId,
      'transactions/detail',
    );
    expect(detail).toMatchObject({ dPaidAmount: 10_000, dPercentPaid: 100 });
    expect(detail.payment).toEqual([
      expect.objectContaining({
        sPaymentId: paymentId,
        dAmount: 10_000,
        sStatus: 'COMPLETED',
        sTransactionType: FOREX,
        sConcept: 'Factura F-77',
        payment_recipient: {
          sPaymentRecipientId: recipient.payment_recipient_id,
          sName: 'Agrícola del Valle',
        },
        invoice_payments_relationship: [
          { dAmount: 10_000, invoice: { sInvoiceId: invoiceId, sInvoice: 'F-77' } },
        ],
      }),
    ]);
    expect((await transactionById(customer, conversion.sTransactionId)).payment).toEqual([]);
    await expectInvoiceStatus(customer, invoiceId, 'PAID');
    // Fully paid: gone from the MXN balance list, still in the history.
    expect(json<ListAnswer>(await customer.call('GET', 'transactions/')).transactions).toEqual([]);
    expect(
      json<ListAnswer>(await customer.call('GET', 'transactions/history')).transactions,
    ).toHaveLength(1);

    // recordPaid never pays beyond the conversion or the assignment.
    await expect(markPaid(conversion.sTransactionId, invoiceId, '0.01')).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
  });

  it('takes invoices of several suppliers while it has room, and its detail names each', async () => {
    const customer = await newCustomer(t);
    const first = await insertSupplier(t, customer.enterpriseId, { name: 'Agrícola Primera' });
    const second = await insertSupplier(t, customer.enterpriseId, { name: 'Huerta Segunda' });
    const conversionId = await insertConversion(t, customer.enterpriseId, { mxn: '5000.00' });
    const ofFirst = await insertInvoice(t, customer.enterpriseId, first, { total: '3000.00' });
    const ofSecond = await insertInvoice(t, customer.enterpriseId, second, { total: '4000.00' });
    const attach = (invoiceId: string, amount: number) =>
      customer.call('POST', 'transactions/invoice', {
        sTransactionId: conversionId,
        invoices: [{ sInvoiceId: invoiceId, dAmount: amount }],
      });

    const firstAttached = await attach(ofFirst, 3000);
    expect(firstAttached.statusCode, firstAttached.body).toBe(200);
    // The picker's list for another supplier, as the conversion's panel asks it.
    const offered = json<{ invoices: Array<{ sInvoiceId: string }> }>(
      await customer.call('POST', 'invoices/supplier', {
        sPaymentRecipientId: second,
        dExchangeRate: 18,
      }),
    );
    expect(offered.invoices.map((row) => row.sInvoiceId)).toEqual([ofSecond]);
    // 2,000 MXN of room is left: more is refused, the rest is taken.
    const tooMuch = await attach(ofSecond, 2000.01);
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    const secondAttached = await attach(ofSecond, 2000);
    expect(secondAttached.statusCode, secondAttached.body).toBe(200);

    const detail = await transactionById(customer, conversionId, 'transactions/detail');
    const suppliers = detail.invoice.flatMap((entry) =>
      entry.invoice.paymentsRecipent.map((recipient) => recipient.sName),
    );
    expect(new Set(suppliers)).toEqual(new Set(['Agrícola Primera', 'Huerta Segunda']));
    expect(detail.dAssignedAmount).toBe(5000);
  });
});
