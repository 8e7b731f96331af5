import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_TYPE_IDS, rateToNumber } from '@app/domain';
import { backfillDescriptionCodes } from '../../db/migrations/0010-finance-exactness.js';
import { newCustomer, spotQuote, type Customer } from '../../test/finance-fixtures.js';
import { insertSupplier, pdfText } from '../../test/payment-fixtures.js';
import { JOURNAL_KINDS } from '../../ledger/accounts.js';
import {
  advanceTo,
  checkoutBody,
  newGrower,
  newOrderBuyer,
  placedOrder,
  putInCart,
} from '../../test/order-fixtures.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import type { StatementAnswer } from './statement.view.js';

/** A statement in Spanish has no English description, on screen and in the PDF. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PERIOD = 'from=2026-11-01&to=2026-11-30';
/** Words of the English descriptions that a Spanish statement must not show. */
const ENGLISH = /Wire received|Pay now|USD to MXN|held until|settled|Payment to|Payout|completed/;

async function statement(customer: Customer, currency: string, lang: 'en' | 'sp') {
  const response = await customer.call(
    'GET',
    `statement?currency=${currency}&${PERIOD}`,
    undefined,
    {
      lang,
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<StatementAnswer>(response);
}

async function movements(customer: Customer): Promise<void> {
  const supplierId = await insertSupplier(t, customer.enterpriseId, { name: 'Limones Colima' });
  const quote = await spotQuote(t, customer.enterpriseId);
  const forex = await customer.call('POST', 'transactions/', {
    sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
    dDesAmount: 18_000,
    dExchangeRate: rateToNumber(quote.rateMicro),
    referenceExchangeRate: quote.id,
    bExternal: false,
  });
  expect(forex.statusCode, forex.body).toBe(201);
  const payNow = await customer.call('POST', 'payments/sendPayNow', {
    dDesAmount: 5_000,
    comment: 'Anticipo',
    sPaymentRecipientId: supplierId,
    sExchangeRateReference: quote.id,
  });
  expect(payNow.statusCode, payNow.body).toBe(201);
  const { transaction } = json<{ transaction: { sTransactionId: string } }>(forex);
  const pay = await customer.call('POST', 'payments/', {
    sTransactionId: transaction.sTransactionId,
    sPaymentRecipientId: supplierId,
    isMxn: true,
    dAmount: 1_000,
    comment: 'Pago',
  });
  expect(pay.statusCode, pay.body).toBe(201);
}

describe('statement descriptions per language', () => {
  it('renders every description in Spanish for a Spanish reader, and in English otherwise', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    await movements(customer);
    for (const currency of ['USD', 'MXN']) {
      const sp = await statement(customer, currency, 'sp');
      const en = await statement(customer, currency, 'en');
      expect(sp.entries.length).toBeGreaterThan(0);
      expect(sp.entries.length).toBe(en.entries.length);
      for (const entry of sp.entries) expect(entry.sDescription).not.toMatch(ENGLISH);
      expect(en.entries.some((entry) => ENGLISH.test(entry.sDescription))).toBe(true);
    }
    const usd = await statement(customer, 'USD', 'sp');
    expect(usd.entries.map((entry) => entry.sDescription)).toEqual([
      expect.stringMatching(/^Transferencia recibida, referencia /),
      expect.stringMatching(/^Forex #\d+: USD a MXN$/),
      'Pago inmediato a Limones Colima',
    ]);
    const mxn = await statement(customer, 'MXN', 'sp');
    expect(mxn.entries.map((entry) => entry.sDescription)).toEqual([
      expect.stringMatching(/^Forex #\d+: USD a MXN$/),
      expect.stringMatching(/^Pago a Limones Colima desde la conversión #\d+$/),
    ]);

    const pdf = await customer.call('GET', `statement/pdf?currency=USD&${PERIOD}`, undefined, {
      lang: 'sp',
    });
    const text = pdfText(
      Buffer.from(json<{ statement: { data: string } }>(pdf).statement.data, 'base64'),
    );
    // The cell may wrap or end in an ellipsis on a narrow column: its start is Spanish.
    expect(text).toContain('Pago inmediato a');
    expect(text).toContain('21/11/2026');
    expect(text).not.toMatch(ENGLISH);
    expect(text).not.toContain('2026-11-21');
  });

  it('gives journals written before the codes existed their code, so they translate too', async () => {
    const customer = await newCustomer(t, { usd: '100.00' });
    // An old row: only the English text, as every journal before the migration.
    const legacy = [
      'Forward #77: 5% deposit held until 2026-12-01',
      'Payment to Agrícola #2 del Valle from conversion #15',
    ];
    for (const description of legacy) {
      await t.db
        .insertInto('journals')
        .values({
          id: randomUUID(),
          enterprise_id: customer.enterpriseId,
          kind: 'FOREX',
          description,
          reference: null,
          quote_id: null,
          rate_micro: null,
          created_at: t.clock.now(),
        })
        .execute();
    }
    await backfillDescriptionCodes(t.db as unknown as Kysely<unknown>);
    const rows = await t.db
      .selectFrom('journals')
      .select(['description', 'description_code', 'description_params'])
      .where('description', 'in', legacy)
      .orderBy('description')
      .execute();
    expect(rows.map((row) => [row.description_code, row.description_params])).toEqual([
      ['FORWARD_BOOKING', { tracking: '77', date: '2026-12-01' }],
      ['SUPPLIER_PAYMENT', { recipient: 'Agrícola #2 del Valle', tracking: '15' }],
    ]);
  });

  it('names every kind of movement in Spanish in the PDF, marketplace orders included', async () => {
    const grower = await newGrower(t, [
      { name: 'Kent mango 8ct', price: '25.00', boxesPerPallet: 70, minBoxes: 10, stock: 500 },
    ]);
    const placing = await newOrderBuyer(t, { usd: '10000.00' });
    await putInCart(t, placing.buyer, grower.articleIds[0]!, 140);
    const order = await placedOrder(
      placing.buyer,
      await checkoutBody(t, placing.buyer, grower.vendor, placing.warehouseId),
    );
    const onRoute = await advanceTo(grower.vendor, order, 'ON_DELIVERY_ROUTE');
    const delivered = await grower.vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
      sStatus: 'DELIVERED',
      lines: [{ sLineId: onRoute.lines[0]!.sLineId, dDeliveredQuantity: 120 }],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const accepted = await placing.buyer.call('POST', `orders/${order.sOrderId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const pdf = await placing.buyer.call('GET', `statement/pdf?currency=USD&${PERIOD}`, undefined, {
      lang: 'sp',
    });
    const text = pdfText(
      Buffer.from(json<{ statement: { data: string } }>(pdf).statement.data, 'base64'),
    );
    // The type column may wrap a name over two lines.
    expect(text).toMatch(/Pedido del\s+marketplace/);
    expect(text).toMatch(/Reembolso de\s+Reembolso del pedido del/);
    for (const kind of JOURNAL_KINDS) expect(text).not.toContain(kind);
  });
});
