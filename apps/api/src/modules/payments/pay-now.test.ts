import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, RawNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { convertUsdToMxn, moneyToNumber, parseMoney, TRANSACTION_TYPE_IDS } from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  fundUsd,
  moneyTableCounts,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { insertInvoice, insertSupplier, invoiceRow } from '../../test/payment-fixtures.js';
import { countingStatements } from '../../test/statement-counter.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiPayment } from './payment.view.js';
import { PaymentsService } from './payments.service.js';

let t: TestApp;

interface PaymentAnswer {
  payment: ApiPayment;
}

function withKey(key: string) {
  return { headers: { 'idempotency-key': key } };
}

async function keysOf(enterpriseId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('key')
    .execute();
  return rows.map((row) => row.key);
}

/** An audit entry for a pay-now the service writes with it, and whether it said it did. */
function auditFor(customer: Customer, entity: string) {
  const audit = {
    event: {
      enterpriseId: customer.enterpriseId,
      userId: customer.userId,
      ip: '203.0.113.9',
      userAgent: 'vitest',
      action: 'postPaymentsSendPayNow',
      entity,
      outcome: 'OK',
      status: 201,
    },
    written: false,
    markWritten: () => {
      audit.written = true;
    },
  };
  return audit;
}

/** The entities of an enterprise's pay-now audit entries, in order. */
async function auditedPayNows(enterpriseId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('entity')
    .where('enterprise_id', '=', enterpriseId)
    .where('action', '=', 'postPaymentsSendPayNow')
    .orderBy('entity')
    .execute();
  return rows.map((row) => row.entity);
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

/** The app's payment service, on a database of the test's (one that counts statements). */
function paymentsServiceOn(db: TestApp['db']): PaymentsService {
  const { finance } = t.app;
  return new PaymentsService(
    db,
    finance.ledger,
    finance.rates,
    finance.suppliers,
    finance.invoices,
    finance.conversions,
    { payoutSettleSeconds: 60 },
    t.clock.now,
  );
}

describe(`pay now on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('sends USD now to a supplier in MXN at the quote', async () => {
    const customer = await newCustomer(t, { usd: '1000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const response = await customer.call('POST', 'payments/sendPayNow', {
      dAmount: 250.5,
      comment: '  Anticipo pedido 42  ',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { payment } = json<PaymentAnswer>(response);
    const mxn = convertUsdToMxn(25_050n, quote.rateMicro);
    expect(payment).toMatchObject({
      dAmountUsd: 250.5,
      dAmount: moneyToNumber(mxn),
      sTransactionType: TRANSACTION_TYPE_IDS.PAY_NOW,
      sConcept: 'Anticipo pedido 42',
      invoice_payments_relationship: [],
      dCurrencyGain: 0,
      dProfitPercentage: 0,
    });
    const balances = await balancesOf(t, customer.enterpriseId);
    expect(balances.USD_AVAILABLE).toBe(100_000n - 25_050n);
    expect(await t.app.finance.ledger.houseBalance(t.db, 'HOUSE_PAYOUT_CLEARING_MXN')).toBe(mxn);
  });

  it('refuses bad pay-now requests with a field, writing nothing', async () => {
    const customer = await newCustomer(t, { usd: '100.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const deletedId = await insertSupplier(t, customer.enterpriseId, { deleted: true });
    const before = await moneyTableCounts(t);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ dAmount: 0 }, 400, 'INVALID_INPUT', 'dAmount'],
      [{ dAmount: -5 }, 400, 'INVALID_INPUT', 'dAmount'],
      [{ dAmount: 10.005 }, 400, 'INVALID_INPUT', 'dAmount'],
      [{ dAmount: '1e3' }, 400, 'INVALID_INPUT', 'dAmount'],
      [{ dAmount: 'ten' }, 400, 'INVALID_INPUT', 'dAmount'],
      [{ comment: '' }, 400, 'INVALID_INPUT', 'comment'],
      [{ comment: '   ' }, 400, 'INVALID_INPUT', 'comment'],
      [{ comment: 'x'.repeat(201) }, 400, 'INVALID_INPUT', 'comment'],
      [{ comment: undefined }, 400, 'INVALID_INPUT', 'comment'],
      [{ sPaymentRecipientId: 'not-a-uuid' }, 404, 'NOT_FOUND', 'sPaymentRecipientId'],
      [{ sPaymentRecipientId: randomUUID() }, 404, 'NOT_FOUND', 'sPaymentRecipientId'],
      [{ sPaymentRecipientId: deletedId }, 409, 'SUPPLIER_DELETED', 'sPaymentRecipientId'],
      [{ sExchangeRateReference: 'nope' }, 409, 'QUOTE_MISMATCH', 'sExchangeRateReference'],
      [{ dAmount: 100.01 }, 409, 'INSUFFICIENT_FUNDS', 'dAmount'],
    ];
    for (const [overrides, status, code, field] of cases) {
      const response = await sendPayNow(customer, supplierId, overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(json(response)).toMatchObject({ code, field });
    }
    const longKey = await customer.call(
      'POST',
      'payments/sendPayNow',
      { dAmount: 1, comment: 'x', sPaymentRecipientId: supplierId, sExchangeRateReference: 'x' },
      withKey('x'.repeat(256)),
    );
    expect(longKey.statusCode).toBe(400);
    expect(json(longKey)).toMatchObject({ field: 'Idempotency-Key' });
    expect(await moneyTableCounts(t)).toEqual(before);
    // Exactly the balance is fine.
    const all = await sendPayNow(customer, supplierId, { dAmount: 100 });
    expect(all.statusCode).toBe(201);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(0n);
  });

  it('refuses an expired quote and another enterprise quote, writing nothing', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const other = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '1000.00',
    });
    const otherQuote = await spotQuote(t, other.enterpriseId);
    const oldQuote = await spotQuote(t, customer.enterpriseId);
    t.clock.advanceMinutes(2);
    const before = await moneyTableCounts(t);
    for (const [quoteId, code] of [
      [oldQuote.id, 'QUOTE_EXPIRED'],
      [otherQuote.id, 'QUOTE_MISMATCH'],
    ] as const) {
      const invoice = await customer.call('POST', 'payments/invoice', {
        sInvoiceId: invoiceId,
        sExchangeRateReference: quoteId,
      });
      expect(invoice.statusCode).toBe(409);
      expect(json(invoice)).toMatchObject({ code, field: 'sExchangeRateReference' });
      const payNow = await customer.call('POST', 'payments/sendPayNow', {
        dAmount: 10,
        comment: 'x',
        sPaymentRecipientId: supplierId,
        sExchangeRateReference: quoteId,
      });
      expect(payNow.statusCode).toBe(409);
      expect(json(payNow)).toMatchObject({ code, field: 'sExchangeRateReference' });
    }
    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await invoiceRow(t, invoiceId)).status).toBe('TO_PAY');
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(500_000n);
  });

  it('moves money once for a pay-now replayed 20 times at once with one key', async () => {
    const customer = await newCustomer(t, { usd: '1000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const body = {
      dAmount: 40,
      comment: 'Pedido 7',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        customer.call('POST', 'payments/sendPayNow', body, withKey('pay-now-7')),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const first = json(responses[0]!);
    for (const response of responses) expect(json(response)).toEqual(first);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(100_000n - 4_000n);
    const payments = await t.db
      .selectFrom('payments')
      .select('id')
      .where('enterprise_id', '=', customer.enterpriseId)
      .execute();
    expect(payments).toHaveLength(1);

    const reused = await customer.call(
      'POST',
      'payments/sendPayNow',
      { ...body, dAmount: 41 },
      withKey('pay-now-7'),
    );
    expect(reused.statusCode).toBe(422);
    expect(json(reused)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('makes a pay-now in two statements and no explicit transaction, answering the payment as stored', async () => {
    const customer = await newCustomer(t, { usd: '110.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    // The first payment also reads the ledger's account ids, which the process then keeps.
    expect((await sendPayNow(customer, supplierId, { dAmount: 10 })).statusCode).toBe(201);
    const counted = countingStatements(t.db);
    const payments = paymentsServiceOn(counted.db);
    const transactions = vi.spyOn(counted.db, 'transaction');
    const input = (usd: string) => ({
      amountUsd: parseMoney(usd),
      comment: 'Pedido 9',
      recipientId: supplierId,
      quoteId: quote.id,
    });

    // Its audit entry is part of the write: still two statements.
    const audit = auditFor(customer, 'pago/9');
    const sent = await payments.sendPayNow(
      customer.enterpriseId,
      input('30.00'),
      'key-9',
      undefined,
      audit,
    );
    expect(counted.count()).toBe(2);
    expect(audit.written).toBe(true);
    expect(await auditedPayNows(customer.enterpriseId)).toEqual(['pago/9', 'payments/sendPayNow']);
    expect(sent).toEqual(await t.app.finance.payments.get(customer.enterpriseId, sent.sPaymentId));
    const listed = await customer.call('GET', 'payments/');
    expect(json<{ payments: ApiPayment[] }>(listed).payments[0]).toEqual(sent);

    // A replay is the one read, and answers what the first request answered; it writes no
    // entry (the request's audit trail writes the replay's).
    const replayAudit = auditFor(customer, 'pago/9-otra-vez');
    const replayed = await payments.sendPayNow(
      customer.enterpriseId,
      input('30.00'),
      'key-9',
      undefined,
      replayAudit,
    );
    expect(counted.count()).toBe(3);
    expect(replayed).toEqual(sent);
    expect(replayAudit.written).toBe(false);
    expect(await auditedPayNows(customer.enterpriseId)).toEqual(['pago/9', 'payments/sendPayNow']);
    await expect(
      payments.sendPayNow(customer.enterpriseId, input('30.01'), 'key-9'),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    // Without a key it is the same two statements.
    await payments.sendPayNow(customer.enterpriseId, input('20.00'), undefined);
    expect(counted.count()).toBe(6);
    expect(transactions).not.toHaveBeenCalled();
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(5_000n);
  });

  it('audits each pay-now request once: with its payment when it wrote one, apart when not', async () => {
    const customer = await newCustomer(t, { usd: '100.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const paid = await sendPayNow(customer, supplierId, { dAmount: 30 }, withKey('audit-1'));
    expect(paid.statusCode, paid.body).toBe(201);
    const replayed = await sendPayNow(customer, supplierId, { dAmount: 30 }, withKey('audit-1'));
    expect(replayed.statusCode).toBe(201);
    const refused = await sendPayNow(customer, supplierId, { dAmount: 500 });
    expect(json(refused)).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const log = await customer.call('GET', 'audit-log?limit=200');
    expect(log.statusCode, log.body).toBe(200);
    const entries = json<{
      entries: Array<{ sAction: string; sEntity: string; sOutcome: string; iStatus: number }>;
    }>(log)
      .entries.filter((entry) => entry.sAction === 'postPaymentsSendPayNow')
      .reverse();
    expect(entries.map(({ sEntity, sOutcome, iStatus }) => [sEntity, sOutcome, iStatus])).toEqual([
      ['payments/sendPayNow', 'OK', 201],
      ['payments/sendPayNow', 'OK', 201],
      ['payments/sendPayNow', 'INSUFFICIENT_FUNDS', 409],
    ]);
    // The paid one's entry was written with the payment, at the payment's time.
    const [payment] = await t.db
      .selectFrom('payments')
      .select('created_at')
      .where('enterprise_id', '=', customer.enterpriseId)
      .execute();
    const [first] = await t.db
      .selectFrom('audit_log')
      .select('at')
      .where('enterprise_id', '=', customer.enterpriseId)
      .where('action', '=', 'postPaymentsSendPayNow')
      .orderBy('id')
      .execute();
    expect(first?.at).toEqual(payment?.created_at);
  });

  it('stores nothing under the key of a refused pay-now, so the retry with funds pays once', async () => {
    const customer = await newCustomer(t, { usd: '10.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const body = {
      dAmount: 25,
      comment: 'Pedido 10',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    };
    const before = await moneyTableCounts(t);
    const refused = await customer.call('POST', 'payments/sendPayNow', body, withKey('k-10'));
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'INSUFFICIENT_FUNDS', field: 'dAmount' });
    expect(await moneyTableCounts(t)).toEqual(before);
    const keys = () =>
      t.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('enterprise_id', '=', customer.enterpriseId)
        .execute();
    expect(await keys()).toEqual([]);

    await fundUsd(t, customer.enterpriseId, '20.00');
    const paid = await customer.call('POST', 'payments/sendPayNow', body, withKey('k-10'));
    expect(paid.statusCode, paid.body).toBe(201);
    const again = await customer.call('POST', 'payments/sendPayNow', body, withKey('k-10'));
    expect(json(again)).toEqual(json(paid));
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(500n);
    expect(await keys()).toEqual([{ key: 'k-10' }]);
  });

  it('replays the answer when the key is claimed between its read and its write', async () => {
    const customer = await newCustomer(t, { usd: '100.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    // The single write's own text (its parts are nested fragments).
    const writes = countingStatements(t.db, ' as written');
    const payments = paymentsServiceOn(writes.db);
    const input = {
      amountUsd: 4_000n,
      comment: 'Pedido 11',
      recipientId: supplierId,
      quoteId: quote.id,
    };
    // Both read before either writes: each finds the key free, and both try to write.
    const read = { recipientId: supplierId, idempotencyKey: 'k-11' };
    const contexts = [
      await payments.readPayNowContext(customer.enterpriseId, read),
      await payments.readPayNowContext(customer.enterpriseId, read),
    ];
    const first = await payments.sendPayNow(customer.enterpriseId, input, 'k-11', contexts[0]);
    const second = await payments.sendPayNow(customer.enterpriseId, input, 'k-11', contexts[1]);
    expect(writes.count()).toBe(2);
    expect(second).toEqual(first);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(6_000n);
    const rows = await t.db
      .selectFrom('payments')
      .select('id')
      .where('enterprise_id', '=', customer.enterpriseId)
      .execute();
    expect(rows).toEqual([{ id: first.sPaymentId }]);
  });

  it('reads pay-nows made at the same moment in one statement, each in its own enterprise', async () => {
    const first = await newCustomer(t, { usd: '50.00' });
    const second = await newCustomer(t, { usd: '50.00' });
    const firstSupplier = await insertSupplier(t, first.enterpriseId);
    const secondSupplier = await insertSupplier(t, second.enterpriseId);
    const quote = await spotQuote(t, first.enterpriseId);
    const paid = await paymentsServiceOn(t.db).sendPayNow(
      first.enterpriseId,
      { amountUsd: 1_000n, comment: 'A', recipientId: firstSupplier, quoteId: quote.id },
      'clave',
    );
    const reads = countingStatements(t.db, 'recipient_found');
    const payments = paymentsServiceOn(reads.db);
    const [own, othersSupplier, secondsOwn] = await Promise.all([
      payments.readPayNowContext(first.enterpriseId, {
        recipientId: firstSupplier,
        idempotencyKey: 'clave',
      }),
      payments.readPayNowContext(second.enterpriseId, {
        recipientId: firstSupplier,
        idempotencyKey: 'clave',
      }),
      payments.readPayNowContext(second.enterpriseId, {
        recipientId: secondSupplier,
        idempotencyKey: 'clave',
      }),
    ]);
    expect(reads.count()).toBe(1);
    expect(own!.recipient?.id).toBe(firstSupplier);
    expect(JSON.parse(own!.storedAnswer!.response_body)).toEqual(paid);
    // Another enterprise's supplier and key are not found from the second enterprise.
    expect(othersSupplier!.recipient).toBeUndefined();
    expect(othersSupplier!.storedAnswer).toBeUndefined();
    expect(secondsOwn!.recipient?.id).toBe(secondSupplier);
    expect(secondsOwn!.storedAnswer).toBeUndefined();
    expect(new Set([own, othersSupplier, secondsOwn].map((c) => c!.trackingId)).size).toBe(3);
  });

  describe('pay-nows made at the same moment (written together)', () => {
    /**
     * A first pay-now of USD 1.00, so that the ledger knows the enterprise's accounts: the
     * writes that follow then reach the batch in the same turn, on any engine.
     */
    async function warmUp(
      payments: PaymentsService,
      enterpriseId: string,
      call: { recipientId: string; quoteId: string },
    ) {
      await payments.sendPayNow(
        enterpriseId,
        { ...call, amountUsd: 100n, comment: 'Primero' },
        undefined,
      );
    }

    /** Pay-nows whose reads are done, so that their writes reach the batch at once. */
    async function sameMoment(
      payments: PaymentsService,
      enterpriseId: string,
      calls: Array<{
        key?: string;
        amountUsd: bigint;
        recipientId: string;
        quoteId: string;
        audit?: ReturnType<typeof auditFor>;
      }>,
    ) {
      await warmUp(payments, enterpriseId, calls[0]!);
      const contexts: Awaited<ReturnType<typeof payments.readPayNowContext>>[] = [];
      for (const call of calls) {
        contexts.push(
          await payments.readPayNowContext(enterpriseId, {
            recipientId: call.recipientId,
            idempotencyKey: call.key,
          }),
        );
      }
      return Promise.allSettled(
        calls.map((call, index) =>
          payments.sendPayNow(
            enterpriseId,
            {
              amountUsd: call.amountUsd,
              comment: 'Lote',
              recipientId: call.recipientId,
              quoteId: call.quoteId,
            },
            call.key,
            contexts[index],
            call.audit,
          ),
        ),
      );
    }

    it('writes them in one statement, each with its own payment and answer', async () => {
      const customer = await newCustomer(t, { usd: '100.00' });
      const supplierId = await insertSupplier(t, customer.enterpriseId);
      const quote = await spotQuote(t, customer.enterpriseId);
      const batches = countingStatements(t.db, 'written as (');
      const payments = paymentsServiceOn(batches.db);
      const call = { recipientId: supplierId, quoteId: quote.id };
      const audits = [1, 2, 3, 4, 5].map((n) => auditFor(customer, `lote/${n}`));
      const results = await sameMoment(payments, customer.enterpriseId, [
        { ...call, amountUsd: 1_000n, key: 'lote-1', audit: audits[0] },
        { ...call, amountUsd: 2_000n, audit: audits[1] },
        { ...call, amountUsd: 3_000n, key: 'lote-3', audit: audits[2] },
        // The same key and body again: the first one's answer, money moved once.
        { ...call, amountUsd: 1_000n, key: 'lote-1', audit: audits[3] },
        // The same key with another body: refused.
        { ...call, amountUsd: 9_000n, key: 'lote-3', audit: audits[4] },
      ]);
      expect(batches.count()).toBe(1);
      // The audit entries of the three that wrote went in the same statement, and only theirs.
      expect(audits.map((audit) => audit.written)).toEqual([true, true, true, false, false]);
      expect(await auditedPayNows(customer.enterpriseId)).toEqual(['lote/1', 'lote/2', 'lote/3']);
      const [one, two, three, again, reused] = results.map((result) =>
        result.status === 'fulfilled' ? result.value : result.reason,
      ) as ApiPayment[];
      expect(again).toEqual(one);
      expect(reused).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect([one, two, three].map((payment) => payment!.dAmountUsd)).toEqual([10, 20, 30]);
      expect(new Set([one, two, three].map((payment) => payment!.sPaymentId)).size).toBe(3);
      expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(3_900n);
      const rows = await t.db
        .selectFrom('payments')
        .select(['id', 'amount_usd', 'concept'])
        .where('enterprise_id', '=', customer.enterpriseId)
        .where('concept', '=', 'Lote')
        .orderBy('amount_usd')
        .execute();
      expect(rows).toEqual([
        { id: one!.sPaymentId, amount_usd: 1_000n, concept: 'Lote' },
        { id: two!.sPaymentId, amount_usd: 2_000n, concept: 'Lote' },
        { id: three!.sPaymentId, amount_usd: 3_000n, concept: 'Lote' },
      ]);
      // A replay later finds each key's stored answer.
      const replayed = await payments.sendPayNow(
        customer.enterpriseId,
        { amountUsd: 3_000n, comment: 'Lote', recipientId: supplierId, quoteId: quote.id },
        'lote-3',
      );
      expect(replayed).toEqual(three);
    });

    it('writes one by one, in the order they came, when together they would overdraw', async () => {
      const customer = await newCustomer(t, { usd: '101.00' });
      const supplierId = await insertSupplier(t, customer.enterpriseId);
      const quote = await spotQuote(t, customer.enterpriseId);
      const payments = paymentsServiceOn(t.db);
      const reported: unknown[] = [];
      payments.reportBatchErrorsTo((error) => reported.push(error));
      const results = await sameMoment(
        payments,
        customer.enterpriseId,
        Array.from({ length: 5 }, (_, index) => ({
          recipientId: supplierId,
          quoteId: quote.id,
          amountUsd: 3_000n,
          key: `sobregiro-${index}`,
          audit: auditFor(customer, `sobregiro/${index}`),
        })),
      );
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
      ]);
      for (const result of results.slice(3)) {
        expect(result.status === 'rejected' && result.reason).toMatchObject({
          code: 'INSUFFICIENT_FUNDS',
          field: 'dAmount',
        });
      }
      expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(1_000n);
      // Funds are an expected reason: nothing is reported.
      expect(reported).toEqual([]);
      // The refused ones stored nothing under their keys: a retry runs again.
      expect(await keysOf(customer.enterpriseId)).toEqual([
        'sobregiro-0',
        'sobregiro-1',
        'sobregiro-2',
      ]);
      // Only the paid ones have an entry of their write (the refusals' are the trail's).
      expect(await auditedPayNows(customer.enterpriseId)).toEqual([
        'sobregiro/0',
        'sobregiro/1',
        'sobregiro/2',
      ]);
    });

    it('reports a batch that failed for another reason, and still writes each pay-now once', async () => {
      const customer = await newCustomer(t, { usd: '100.00' });
      const supplierId = await insertSupplier(t, customer.enterpriseId);
      const quote = await spotQuote(t, customer.enterpriseId);
      // A database whose batched write fails, as a lost connection would fail it.
      const failing: KyselyPlugin = {
        transformQuery({ node }) {
          const texts = node.kind === 'RawNode' ? (node as RawNode).sqlFragments : [];
          if (texts.some((text) => text.includes('written as ('))) {
            throw new Error('connection lost');
          }
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      const payments = paymentsServiceOn(t.db.withPlugin(failing));
      const reported: unknown[] = [];
      payments.reportBatchErrorsTo((error) => reported.push(error));
      const call = { recipientId: supplierId, quoteId: quote.id, amountUsd: 1_000n };
      const results = await sameMoment(payments, customer.enterpriseId, [
        { ...call, key: 'perdida-1', audit: auditFor(customer, 'perdida/1') },
        { ...call, key: 'perdida-2', audit: auditFor(customer, 'perdida/2') },
        { ...call, key: 'perdida-1', audit: auditFor(customer, 'perdida/3') },
      ]);
      expect(reported).toEqual([new Error('connection lost')]);
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const [first, second, again] = results.map(
        (result) => (result as PromiseFulfilledResult<ApiPayment>).value,
      );
      expect(again).toEqual(first);
      expect(second!.sPaymentId).not.toBe(first!.sPaymentId);
      expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(7_900n);
      expect(await keysOf(customer.enterpriseId)).toEqual(['perdida-1', 'perdida-2']);
      expect(await auditedPayNows(customer.enterpriseId)).toEqual(['perdida/1', 'perdida/2']);
    });

    it('keeps each enterprise to its own accounts, suppliers and keys in a shared statement', async () => {
      const first = await newCustomer(t, { usd: '50.00' });
      const second = await newCustomer(t, { usd: '50.00' });
      const firstSupplier = await insertSupplier(t, first.enterpriseId);
      const secondSupplier = await insertSupplier(t, second.enterpriseId);
      const batches = countingStatements(t.db, 'written as (');
      const payments = paymentsServiceOn(batches.db);
      const firstQuote = await spotQuote(t, first.enterpriseId);
      const secondQuote = await spotQuote(t, second.enterpriseId);
      await warmUp(payments, first.enterpriseId, {
        recipientId: firstSupplier,
        quoteId: firstQuote.id,
      });
      await warmUp(payments, second.enterpriseId, {
        recipientId: secondSupplier,
        quoteId: secondQuote.id,
      });
      const contexts = [
        await payments.readPayNowContext(first.enterpriseId, {
          recipientId: firstSupplier,
          idempotencyKey: 'misma',
        }),
        await payments.readPayNowContext(second.enterpriseId, {
          recipientId: secondSupplier,
          idempotencyKey: 'misma',
        }),
      ];
      const [paidByFirst, paidBySecond] = await Promise.all([
        payments.sendPayNow(
          first.enterpriseId,
          { amountUsd: 1_000n, comment: 'A', recipientId: firstSupplier, quoteId: firstQuote.id },
          'misma',
          contexts[0],
        ),
        payments.sendPayNow(
          second.enterpriseId,
          { amountUsd: 2_500n, comment: 'B', recipientId: secondSupplier, quoteId: secondQuote.id },
          'misma',
          contexts[1],
        ),
      ]);
      expect(batches.count()).toBe(1);
      // The same key in two enterprises is two keys.
      expect(paidByFirst!.sPaymentId).not.toBe(paidBySecond!.sPaymentId);
      expect((await balancesOf(t, first.enterpriseId)).USD_AVAILABLE).toBe(3_900n);
      expect((await balancesOf(t, second.enterpriseId)).USD_AVAILABLE).toBe(2_400n);
      const rows = await t.db
        .selectFrom('payments')
        .select(['enterprise_id', 'payment_recipient_id', 'amount_usd'])
        .where('enterprise_id', 'in', [first.enterpriseId, second.enterpriseId])
        .where('concept', 'in', ['A', 'B'])
        .orderBy('amount_usd')
        .execute();
      expect(rows).toEqual([
        {
          enterprise_id: first.enterpriseId,
          payment_recipient_id: firstSupplier,
          amount_usd: 1_000n,
        },
        {
          enterprise_id: second.enterpriseId,
          payment_recipient_id: secondSupplier,
          amount_usd: 2_500n,
        },
      ]);
    });
  });
});
