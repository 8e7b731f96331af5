import { validateClabe } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import {
  balancesOf,
  expectLedgerSound,
  newCustomer,
  type Customer,
} from '../../../test/finance-fixtures.js';
import {
  insertInvoice,
  insertSupplier,
  paymentRow,
  pdfText,
} from '../../../test/payment-fixtures.js';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.js';
import { createOperator } from '../../auth/create-operator.js';
import { PasswordHasher } from '../../auth/password-hasher.js';
import type { PayoutRail } from '../../payments/payout-rail.js';
import { stpPrivateKeyOf } from './stp-rail.js';

/**
 * The STP rail against the local STP counterpart (real HTTP, every firma verified). Its
 * callbacks are held (STP_LOCAL_CALLBACK_MS far away) and delivered by `flush()`, so each
 * test decides when STP speaks.
 */
describe('SPEI through STP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      SPEI_RAIL: 'stp',
      STP_LOCAL_CALLBACK_MS: '600000',
      STP_TIMEOUT_MS: '400',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const stp = () => {
    const rail = t.app.stp;
    if (!rail?.local) throw new Error('The STP rail with its local counterpart is expected');
    return { ...rail, local: rail.local };
  };
  const webhook = (path: 'orden-estado' | 'abono', payload: unknown, secret?: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/webhooks/stp/${path}${secret === null ? '' : `?secret=${encodeURIComponent(secret ?? stp().webhookSecret)}`}`,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  async function pay(customer: Customer, supplierName: string, total = '1000.00') {
    const supplierId = await insertSupplier(t, customer.enterpriseId, { name: supplierName });
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, { total });
    const quote = await t.app.finance.rates.spotQuote(customer.enterpriseId);
    const response = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: quote.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ payment: { sPaymentId: string; sTrackingKey: string } }>(response).payment;
  }

  const orderRow = (paymentId: string) =>
    t.db
      .selectFrom('stp_orders')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
  const journalsOf = (kind: string, reference: string) =>
    t.db
      .selectFrom('journals')
      .select('id')
      .where('kind', '=', kind as never)
      .where('reference', '=', reference)
      .execute();

  it('sends a signed ordenPago/registra and settles when STP says so', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const payment = await pay(customer, 'Agrícola Peñasco S.A. de C.V. (Sinaloa)');
    const sent = stp().local.received.at(-1);
    expect(sent).toMatchObject({
      empresa: stp().empresa,
      claveRastreo: payment.sTrackingKey,
      institucionContraparte: '40012',
      institucionOperante: '90646',
      monto: 1000,
      cuentaOrdenante: stp().account,
      tipoCuentaBeneficiario: 40,
      nombreBeneficiario: 'Agricola Penasco S.A. de C.V. Sinaloa',
      rfcCurpBeneficiario: 'ND',
      topologia: 'T',
    });
    expect(String(sent?.referenciaNumerica)).toMatch(/^\d{1,7}$/);
    expect(typeof sent?.firma).toBe('string');
    const order = await orderRow(payment.sPaymentId);
    expect(order).toMatchObject({ state: 'SENT', attempts: 1 });
    expect(order?.stp_id).not.toBeNull();
    expect((await paymentRow(t, payment.sPaymentId)).status).toBe('PROCESSING');
    // The sandbox timer settles nothing on this rail.
    t.clock.advanceMinutes(10);
    expect(await t.app.finance.payments.settleDuePayouts()).toBe(0);

    expect(await stp().local.flush()).toBe(1);
    expect((await paymentRow(t, payment.sPaymentId)).status).toBe('COMPLETED');
    expect(await journalsOf('PAYOUT_SETTLED', payment.sTrackingKey)).toHaveLength(1);
    const settled = await orderRow(payment.sPaymentId);
    expect(settled?.state).toBe('SETTLED');
    expect(settled?.fecha_operacion).toMatch(/^\d{8}$/);

    // The CEP's data and link, on screen and on the receipt.
    const proof = json<{ proof: { cep: Record<string, unknown> | null } }>(
      await customer.call('GET', `payments/${payment.sPaymentId}/spei`),
    ).proof;
    const supplierClabe = (await paymentRow(t, payment.sPaymentId)).paid_clabe;
    const fecha = `${settled?.fecha_operacion?.slice(0, 4)}-${settled?.fecha_operacion?.slice(4, 6)}-${settled?.fecha_operacion?.slice(6)}`;
    expect(proof.cep).toEqual({
      sFechaOperacion: fecha,
      sClaveRastreo: payment.sTrackingKey,
      sEmisor: '90646',
      sEmisorName: 'STP',
      sReceptor: '40012',
      sReceptorName: 'BBVA MEXICO',
      sCuentaBeneficiario: supplierClabe,
      dMonto: 1000,
      sUrl: expect.stringContaining(`criterio=${payment.sTrackingKey}`) as unknown,
    });
    expect(String(proof.cep?.sUrl)).toMatch(/^https:\/\/www\.banxico\.org\.mx\/cep\/valida\.do\?/);
    const receipt = json<{ paymentReceipt: { data: string } }>(
      await customer.call('POST', 'payments/paymentReceipt', { sPaymentId: payment.sPaymentId }),
    );
    const text = pdfText(Buffer.from(receipt.paymentReceipt.data, 'base64'));
    expect(text).toContain('Proof of payment (Banxico CEP)');
    expect(text).toMatch(new RegExp(`Beneficiary CLABE:\\s+${supplierClabe}`));
    expect(text).toMatch(/Sending bank:\s+STP \(90646\)/);
    await expectLedgerSound(t);
  });

  it('puts the money back once when the receiving bank returns it, and says why', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const before = await balancesOf(t, customer.enterpriseId);
    const payment = await pay(customer, 'Empaque DEVOLVER', '2500.50');
    expect(await stp().local.flush()).toBe(1);
    const row = await paymentRow(t, payment.sPaymentId);
    expect(row.status).toBe('RETURNED');
    expect(row.return_reason).toBe('Cuenta bloqueada');
    expect(await journalsOf('PAYOUT_RETURNED', payment.sTrackingKey)).toHaveLength(1);
    const after = await balancesOf(t, customer.enterpriseId);
    expect(after.MXN_AVAILABLE - (before.MXN_AVAILABLE ?? 0n)).toBe(250_050n);
    expect((await orderRow(payment.sPaymentId))?.state).toBe('RETURNED');
    await t.app.mail.flush();
    // One digest with the deposit: the return is in it, with its reason.
    const told = t.emails.filter((email) => email.text.includes('Reason: Cuenta bloqueada'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Payment returned: 2,500.50 MXN to Empaque DEVOLVER');
    const event = await t.db
      .selectFrom('domain_events')
      .select('type')
      .where('enterprise_id', '=', customer.enterpriseId)
      .where('type', '=', 'payment.returned')
      .execute();
    expect(event).toHaveLength(1);

    // STP calls again (it had no answer, say): 200, and nothing moves a second time.
    const stpId = (await orderRow(payment.sPaymentId))?.stp_id;
    const replay = await webhook('orden-estado', {
      id: Number(stpId),
      empresa: stp().empresa,
      estado: 'Devuelta',
      causaDevolucion: 'Cuenta bloqueada',
    });
    expect(replay.statusCode).toBe(200);
    expect(json(replay)).toEqual({ mensaje: 'recibido' });
    expect(await journalsOf('PAYOUT_RETURNED', payment.sTrackingKey)).toHaveLength(1);
    // An older account's spelling of a settle after the return changes nothing either.
    const late = await webhook('orden-estado', { id: String(stpId), Estado: 'LIQUIDACION' });
    expect(late.statusCode).toBe(200);
    expect((await paymentRow(t, payment.sPaymentId)).status).toBe('RETURNED');
    await expectLedgerSound(t);
  });

  it('maps an STP refusal to a returned payment with STP’s reason', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const payment = await pay(customer, 'Cuenta RECHAZAR SA');
    const row = await paymentRow(t, payment.sPaymentId);
    expect(row.status).toBe('RETURNED');
    expect(row.return_reason).toBe('STP: Cuenta inexistente');
    expect((await orderRow(payment.sPaymentId))?.state).toBe('REFUSED');
    expect(await journalsOf('PAYOUT_RETURNED', payment.sTrackingKey)).toHaveLength(1);
  });

  it('looks an unanswered order up by its tracking key instead of sending it twice', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const before = stp().local.received.length;
    stp().local.answerDelayMs = 1_000;
    const payment = await pay(customer, 'Agrícola Lenta');
    stp().local.answerDelayMs = 0;
    expect(stp().local.received.length).toBe(before + 1);
    expect(await orderRow(payment.sPaymentId)).toMatchObject({ state: 'PENDING', stp_id: null });
    expect((await orderRow(payment.sPaymentId))?.last_error).toMatch(/did not answer/);

    t.clock.advanceSeconds(60);
    await stp().rail.recover();
    // STP has it, already settled: its word is applied at once (its callback may be lost on
    // an order not known here by its id), and it is not sent again.
    const order = await orderRow(payment.sPaymentId);
    expect(order?.state).toBe('SETTLED');
    expect(order?.stp_id).not.toBeNull();
    expect(stp().local.received.length).toBe(before + 1);
    expect((await paymentRow(t, payment.sPaymentId)).status).toBe('COMPLETED');
    // The callback that comes later changes nothing.
    await stp().local.flush();
    expect((await paymentRow(t, payment.sPaymentId)).status).toBe('COMPLETED');
    expect(await journalsOf('PAYOUT_SETTLED', payment.sTrackingKey)).toHaveLength(1);
  });

  it('sends exactly once a payout whose process died between the ledger and STP', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const rail = stp().rail;
    // The hand-over never happens: the process "died" after the commit.
    const dead: PayoutRail = { submit: async () => {}, reportsBack: true };
    t.app.finance.payments.useRail(dead);
    const payment = await pay(customer, 'Agrícola Interrumpida');
    t.app.finance.payments.useRail(rail);
    const before = stp().local.received.length;
    expect(await orderRow(payment.sPaymentId)).toBeUndefined();

    t.clock.advanceSeconds(60);
    await rail.recover();
    await rail.recover();
    const sent = stp().local.received.slice(before);
    expect(sent.map((body) => body.claveRastreo)).toEqual([payment.sTrackingKey]);
    expect((await orderRow(payment.sPaymentId))?.state).toBe('SENT');
    // A later sweep, once the order is old, looks it up and finds it: still one order.
    t.clock.advanceSeconds(60);
    await rail.recover();
    expect(stp().local.received.length).toBe(before + 1);
  });

  it('refuses a forged or malformed status change and writes nothing', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('journals')
          .select(t.db.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const journals = await count();
    expect((await webhook('orden-estado', { id: 1, estado: 'Exito' }, null)).statusCode).toBe(404);
    expect(
      (await webhook('orden-estado', { id: 1, estado: 'Exito' }, 'wrong-secret')).statusCode,
    ).toBe(404);
    expect((await webhook('orden-estado', '{"id": 1, "estado": ')).statusCode).toBe(400);
    expect((await webhook('orden-estado', { id: 'abc', estado: 'Exito' })).statusCode).toBe(400);
    expect((await webhook('orden-estado', { id: 1, estado: ['Exito'] })).statusCode).toBe(400);
    expect((await webhook('orden-estado', { id: 1 })).statusCode).toBe(400);
    const huge = await webhook('orden-estado', {
      id: 1,
      estado: 'Exito',
      x: 'a'.repeat(2_000_000),
    });
    expect(huge.statusCode).toBe(413);
    const unknown = await webhook('orden-estado', { id: 987654321, estado: 'Exito' });
    expect(unknown.statusCode).toBe(200);
    expect(t.logs.some((line) => line.includes('for no order of ours'))).toBe(true);
    expect((await webhook('abono', { claveRastreo: 'X' }, null)).statusCode).toBe(404);
    expect((await webhook('abono', '[1,')).statusCode).toBe(400);
    expect((await webhook('abono', { claveRastreo: 'X', monto: 'mucho' })).statusCode).toBe(400);
    expect(await count()).toBe(journals);
  });

  it('gives each company its own deposit CLABE and credits each abono once', async () => {
    const customer = await newCustomer(t);
    const addFunds = await customer.call('POST', 'exchange-rate/addFounds', { amount: 100 });
    expect(addFunds.statusCode).toBe(200);
    const { spei } = json<{ spei: { sClabe: string; sBankName: string } }>(addFunds);
    expect(spei.sBankName).toBe('STP');
    expect(spei.sClabe.startsWith(stp().account.slice(0, 10))).toBe(true);
    expect(validateClabe(spei.sClabe)).toEqual({ ok: true });
    const again = json<{ spei: { sClabe: string } }>(
      await customer.call('POST', 'exchange-rate/addFounds', { amount: 100 }),
    );
    expect(again.spei.sClabe).toBe(spei.sClabe);
    const other = await newCustomer(t);
    const otherClabe = json<{ spei: { sClabe: string } }>(
      await other.call('POST', 'exchange-rate/addFounds', {}),
    ).spei.sClabe;
    expect(otherClabe).not.toBe(spei.sClabe);

    const abono = {
      id: 5551234,
      fechaOperacion: '20261121',
      institucionOrdenante: '40012',
      institucionBeneficiaria: '90646',
      claveRastreo: 'BNET01002611210001',
      monto: 15250.75,
      nombreOrdenante: 'Distribuidora del Norte SA',
      cuentaBeneficiario: spei.sClabe,
      conceptoPago: 'Anticipo',
      empresa: stp().empresa,
    };
    const first = await webhook('abono', abono);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ mensaje: 'confirmar' });
    const second = await webhook('abono', abono);
    expect(json(second)).toEqual({ mensaje: 'confirmar' });
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(1_525_075n);
    expect(await journalsOf('ADD_FUNDS', abono.claveRastreo)).toHaveLength(1);
    // The same key from another bank is another transfer; older accounts' capitals read too.
    const otherBank = await webhook('abono', {
      ClaveRastreo: abono.claveRastreo,
      FechaOperacion: 20261121,
      InstitucionOrdenante: 40002,
      Monto: '100.00',
      CuentaBeneficiario: spei.sClabe,
    });
    expect(json(otherBank)).toEqual({ mensaje: 'confirmar' });
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(1_535_075n);

    const stray = await webhook('abono', {
      ...abono,
      claveRastreo: 'STRAY1',
      cuentaBeneficiario: '646180110499999995',
    });
    expect(json(stray)).toEqual({ mensaje: 'devolver', id: 1 });
    const recorded = await t.db
      .selectFrom('stp_abonos')
      .select(['outcome', 'enterprise_id', 'journal_id'])
      .where('clave_rastreo', '=', 'STRAY1')
      .execute();
    expect(recorded).toEqual([
      { outcome: 'RETURNED_UNKNOWN_ACCOUNT', enterprise_id: null, journal_id: null },
    ]);
    // The operator sees the returned transfer, and only the returned ones; a customer cannot.
    const password = 'operator-secret-3';
    await createOperator(t.db, new PasswordHasher(10), { email: 'ops-ret@example.test', password });
    const opsToken = json<{ token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/en/auth/login',
        payload: { sEmail: 'ops-ret@example.test', sPassword: password },
      }),
    ).token;
    const returned = await t.app.inject({
      method: 'GET',
      url: '/api/v1/en/ops/spei/returned',
      headers: bearer(opsToken),
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const { transfers } = json<{ transfers: Record<string, unknown>[] }>(returned);
    expect(transfers.find((transfer) => transfer.sTrackingKey === 'STRAY1')).toMatchObject({
      sClabe: '646180110499999995',
      dAmount: 15250.75,
      sSendingBank: '40012',
      sOperationDate: '2026-11-21',
      sSenderName: 'Distribuidora del Norte SA',
    });
    expect(transfers.some((transfer) => transfer.sTrackingKey === abono.claveRastreo)).toBe(false);
    expect((await customer.call('GET', 'ops/spei/returned')).statusCode).toBe(404);
    await expectLedgerSound(t);
  });

  it('plays an incoming SPEI from the local counterpart', async () => {
    const customer = await newCustomer(t);
    const { spei } = json<{ spei: { sClabe: string } }>(
      await customer.call('POST', 'exchange-rate/addFounds', {}),
    );
    const sent = await stp().local.sendAbono({ cuentaBeneficiario: spei.sClabe, monto: 320.1 });
    expect(sent.status).toBe(200);
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(32_010n);
  });
});

describe('the demo back office plays an incoming SPEI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SPEI_RAIL: 'stp', STP_LOCAL_CALLBACK_MS: '600000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('credits the company through the abono webhook, for operators only', async () => {
    const password = 'operator-secret-1';
    await createOperator(t.db, new PasswordHasher(10), { email: 'ops-stp@example.test', password });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      payload: { sEmail: 'ops-stp@example.test', sPassword: password },
    });
    const opsToken = json<{ token: string }>(login).token;
    const customer = await newCustomer(t);
    const simulate = (body: unknown, token = opsToken) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/en/ops/spei/simulate-incoming',
        headers: bearer(token),
        payload: body as Record<string, unknown>,
      });
    const answer = await simulate({ sEnterpriseId: customer.enterpriseId, dAmount: 4321.09 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer)).toMatchObject({ dAmount: 4321.09, bCredited: true });
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(432_109n);
    expect(
      json<{ spei: { sClabe: string } }>(await customer.call('POST', 'exchange-rate/addFounds', {}))
        .spei.sClabe,
    ).toBe(json<{ sClabe: string }>(answer).sClabe);

    expect(
      (await simulate({ sEnterpriseId: customer.enterpriseId, dAmount: 5 }, customer.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await simulate({ sEnterpriseId: customer.enterpriseId, dAmount: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await simulate({ sEnterpriseId: '00000000-0000-4000-8000-000000000000', dAmount: 5 }))
        .statusCode,
    ).toBe(404);
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(432_109n);
  });
});

describe("reconciliation with STP's conciliation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SPEI_RAIL: 'stp', STP_LOCAL_CALLBACK_MS: '600000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists one difference of each kind for the day, and says when a day has none', async () => {
    const local = t.app.stp?.local;
    if (!local) throw new Error('The local STP counterpart is expected');
    const password = 'operator-secret-2';
    await createOperator(t.db, new PasswordHasher(10), { email: 'ops-rec@example.test', password });
    const opsToken = json<{ token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/en/auth/login',
        payload: { sEmail: 'ops-rec@example.test', sPassword: password },
      }),
    ).token;
    const customer = await newCustomer(t, { usd: '9000.00' });
    const pay = async (name: string, total: string) => {
      const supplierId = await insertSupplier(t, customer.enterpriseId, { name });
      const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, { total });
      const quote = await t.app.finance.rates.spotQuote(customer.enterpriseId);
      const response = await customer.call('POST', 'payments/invoice', {
        sInvoiceId: invoiceId,
        sExchangeRateReference: quote.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      return json<{ payment: { sPaymentId: string; sTrackingKey: string } }>(response).payment;
    };
    await pay('Agrícola Cuadrada', '1000.00');
    const differing = await pay('Agrícola Diferente', '2000.00');
    await local.flush();
    local.changeAmount(differing.sTrackingKey, 1999.99);
    // Settled here (as a lost callback would have it) but never reached STP.
    const rail = t.app.stp?.rail;
    t.app.finance.payments.useRail({ submit: async () => {}, reportsBack: true });
    const missing = await pay('Agrícola Perdida', '300.00');
    if (rail) t.app.finance.payments.useRail(rail);
    await t.db
      .insertInto('stp_orders')
      .values({
        payment_id: missing.sPaymentId,
        clave_rastreo: missing.sTrackingKey,
        referencia_numerica: 1234567,
        state: 'SETTLED',
        fecha_operacion: '20261121',
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    const clabe = json<{ spei: { sClabe: string } }>(
      await customer.call('POST', 'exchange-rate/addFounds', {}),
    ).spei.sClabe;
    await local.sendAbono({ cuentaBeneficiario: clabe, monto: 500 });
    const lost = await local.sendAbono({ cuentaBeneficiario: clabe, monto: 75.5, notify: false });

    const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url: `/api/v1/en/${url}`,
        headers: bearer(opsToken),
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
    // A day never compared says so (the hourly job does today and yesterday).
    const never = json<{ reconciliation: { ran_at: string | null; iCount: number } }>(
      await ops('GET', 'ops/reconciliation/stp?date=2026-10-01'),
    ).reconciliation;
    expect(never).toMatchObject({ ran_at: null, iCount: 0 });

    const run = await ops('POST', 'ops/reconciliation/stp', { sDate: '2026-11-21' });
    expect(run.statusCode, run.body).toBe(200);
    const { reconciliation } = json<{
      reconciliation: { iCount: number; iSentAtStp: number; differences: unknown[] };
    }>(run);
    expect(reconciliation.iSentAtStp).toBe(2);
    expect(reconciliation.differences).toEqual([
      {
        sDirection: 'IN',
        sKind: 'RECEIVED_NOT_CREDITED',
        sTrackingKey: lost.claveRastreo,
        dAmountHere: null,
        dAmountStp: 75.5,
        sPaymentId: null,
        sEnterpriseId: null,
      },
      {
        sDirection: 'OUT',
        sKind: 'AMOUNT_DIFFERS',
        sTrackingKey: differing.sTrackingKey,
        dAmountHere: 2000,
        dAmountStp: 1999.99,
        sPaymentId: differing.sPaymentId,
        sEnterpriseId: customer.enterpriseId,
      },
      {
        sDirection: 'OUT',
        sKind: 'PAID_HERE_NOT_AT_STP',
        sTrackingKey: missing.sTrackingKey,
        dAmountHere: 300,
        dAmountStp: null,
        sPaymentId: missing.sPaymentId,
        sEnterpriseId: customer.enterpriseId,
      },
    ]);
    expect(reconciliation.iCount).toBe(3);
    // Stored: the operator reads the same later.
    expect(
      json<{ reconciliation: { iCount: number } }>(
        await ops('GET', 'ops/reconciliation/stp?date=2026-11-21'),
      ).reconciliation.iCount,
    ).toBe(3);

    const empty = json<{ reconciliation: { ran_at: string | null; iCount: number } }>(
      await ops('POST', 'ops/reconciliation/stp', { sDate: '2026-11-19' }),
    ).reconciliation;
    expect(empty.ran_at).not.toBeNull();
    expect(empty.iCount).toBe(0);
    expect((await ops('GET', 'ops/reconciliation/stp?date=2026-02-30')).statusCode).toBe(400);
    expect((await ops('POST', 'ops/reconciliation/stp', { sDate: 20261121 })).statusCode).toBe(400);
    expect((await customer.call('GET', 'ops/reconciliation/stp?date=2026-11-21')).statusCode).toBe(
      404,
    );
  });
});

describe('the STP webhooks behind an address allow-list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SPEI_RAIL: 'stp',
      STP_WEBHOOK_SECRET: 'a-webhook-secret-for-tests',
      STP_WEBHOOK_ALLOW: '10.0.0.0/8,192.0.2.7',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers only the listed addresses, and only with the configured secret', async () => {
    const call = (remoteAddress: string, secret = 'a-webhook-secret-for-tests') =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhooks/stp/orden-estado?secret=${secret}`,
        remoteAddress,
        payload: { id: 42, estado: 'Exito' },
      });
    expect((await call('10.20.30.40')).statusCode).toBe(200);
    expect((await call('192.0.2.7')).statusCode).toBe(200);
    expect((await call('127.0.0.1')).statusCode).toBe(404);
    expect((await call('192.0.2.8')).statusCode).toBe(404);
    expect((await call('10.20.30.40', 'a-webhook-secret-for-test')).statusCode).toBe(404);
  });
});

describe('STP configuration', () => {
  it('stops the start when a real STP connection lacks a setting', () => {
    expect(() => loadConfig({ SPEI_RAIL: 'stp', STP_URL: 'https://demo.stpmex.com:7024' })).toThrow(
      /STP_EMPRESA: required[\s\S]*STP_ACCOUNT[\s\S]*STP_PRIVATE_KEY_FILE[\s\S]*STP_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STP_ACCOUNT: '646180110400000008' })).toThrow(/STP_ACCOUNT/);
    expect(() => loadConfig({ STP_WEBHOOK_ALLOW: '10.0.0.0/8,nonsense' })).toThrow(/nonsense/);
  });

  it('names the key file or passphrase that cannot be opened', () => {
    const base = {
      SPEI_RAIL: 'stp',
      STP_URL: 'https://demo.stpmex.com:7024',
      STP_EMPRESA: 'TAMIZI',
      STP_ACCOUNT: '646180110400000007',
      STP_WEBHOOK_SECRET: 'a-secret-of-sixteen-or-more',
    };
    expect(() =>
      stpPrivateKeyOf(loadConfig({ ...base, STP_PRIVATE_KEY_FILE: '/nonexistent.pem' })),
    ).toThrow(/STP_PRIVATE_KEY_FILE: cannot read \/nonexistent\.pem/);
    const keyFile = new URL('./fixtures/stp-test-key.pem', import.meta.url).pathname;
    expect(() =>
      stpPrivateKeyOf(
        loadConfig({ ...base, STP_PRIVATE_KEY_FILE: keyFile, STP_PRIVATE_KEY_PASSPHRASE: 'wrong' }),
      ),
    ).toThrow(/STP_PRIVATE_KEY_PASSPHRASE/);
    expect(
      stpPrivateKeyOf(
        loadConfig({
          ...base,
          STP_PRIVATE_KEY_FILE: keyFile,
          STP_PRIVATE_KEY_PASSPHRASE: '12345678',
        }),
      ).type,
    ).toBe('private');
  });
});
