import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateToNumber, TRANSACTION_TYPE_IDS } from '@app/domain';
import { moneyTableCounts, newCustomer, spotQuote } from '../test/finance-fixtures.js';
import { insertSupplier } from '../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../test/test-app.js';

let t: TestApp;

describe(`the Idempotency-Key of money routes on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reaches each money route as sent: a call repeated with its key is answered, not redone', async () => {
    const customer = await newCustomer(t, { usd: '1000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const calls = [
      {
        path: 'payments/sendPayNow',
        body: {
          dAmount: 10,
          comment: 'x',
          sPaymentRecipientId: supplierId,
          sExchangeRateReference: quote.id,
        },
      },
      {
        path: 'transactions/',
        body: {
          sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
          dAmount: 10,
          dExchangeRate: rateToNumber(quote.rateMicro),
          referenceExchangeRate: quote.id,
        },
      },
    ];
    for (const call of calls) {
      const send = () =>
        customer.call('POST', call.path, call.body, {
          headers: { 'idempotency-key': `key-${call.path}` },
        });
      const first = await send();
      expect(first.statusCode, first.body).toBe(201);
      const written = await moneyTableCounts(t);
      const again = await send();
      expect(again.statusCode, call.path).toBe(201);
      expect(json(again)).toEqual(json(first));
      expect(await moneyTableCounts(t)).toEqual(written);
    }
  });
});
