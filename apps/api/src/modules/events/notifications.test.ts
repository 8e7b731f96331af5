import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@app/domain';
import { fundUsd, newCustomer, spotQuote, type Customer } from '../../test/finance-fixtures.js';
import { insertConversion, insertInvoice, insertSupplier } from '../../test/payment-fixtures.js';
import { startSmtpSink, type ReceivedEmail } from '../../test/smtp-sink.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { remindDueForwards } from './forward-reminders.js';

/**
 * E-mail notifications end to end: the event's transaction writes the outbox, the outbox
 * is sent through nodemailer to a real SMTP server started here, and what that server
 * received is read back (recipient, subject, Content-Language, body).
 */
describe('e-mail notifications through a real SMTP server', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url }, { realMail: true });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  async function emailOf(customer: Customer): Promise<string> {
    const row = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    return row.email;
  }

  /** Sends the outbox and answers what the SMTP server received for `to` since `from`. */
  async function received(to: string, from = 0): Promise<ReceivedEmail[]> {
    await t.app.mail.flush();
    // The SMTP server parses a message after accepting it: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return sink.messages.slice(from).filter((message) => message.to.includes(to));
  }

  async function setNotifications(
    customer: Customer,
    language: 'en' | 'sp',
    disabled: string[] = [],
  ): Promise<void> {
    const response = await customer.call('PUT', 'profile/notifications', {
      sLanguage: language,
      events: EVENT_TYPES.map((sEvent) => ({ sEvent, bEnabled: !disabled.includes(sEvent) })),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function payInvoice(customer: Customer, total: string): Promise<string> {
    const supplierId = await insertSupplier(t, customer.enterpriseId, {
      name: 'Agrícola San Quintín',
    });
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, { total });
    const quote = await spotQuote(t, customer.enterpriseId);
    const response = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: quote.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ payment: { sPaymentId: string } }>(response).payment.sPaymentId;
  }

  it('has every kind on, in English, until the user changes it', async () => {
    const customer = await newCustomer(t);
    const response = await customer.call('GET', 'profile/notifications');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      notifications: {
        sLanguage: 'en',
        events: EVENT_TYPES.map((sEvent) => ({ sEvent, bEnabled: true })),
      },
    });
    await setNotifications(customer, 'sp', ['forward.due']);
    const after = json<{ notifications: { sLanguage: string; events: unknown[] } }>(
      await customer.call('GET', 'profile/notifications'),
    ).notifications;
    expect(after.sLanguage).toBe('sp');
    expect(after.events).toContainEqual({ sEvent: 'forward.due', bEnabled: false });
    expect(after.events).toContainEqual({ sEvent: 'deposit.credited', bEnabled: true });
  });

  it('tells of a completed and a returned payment, in Spanish to a user who chose it', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    await setNotifications(customer, 'sp');
    const to = await emailOf(customer);
    const from = sink.messages.length;

    const completedId = await payInvoice(customer, '3000.00');
    await t.app.finance.payments.completePayout(completedId);
    // Sent alone: the notifications of one send to one person would go as one digest.
    await t.app.mail.flush();
    const returnedId = await payInvoice(customer, '1250.50');
    await t.app.finance.payments.returnPayout(returnedId, 'Cuenta inexistente');

    const messages = await received(to, from);
    const trackingKeys = await t.db
      .selectFrom('payments')
      .select(['id', 'tracking_key'])
      .where('id', 'in', [completedId, returnedId])
      .execute();
    const keyOf = (id: string) => trackingKeys.find((row) => row.id === id)?.tracking_key;

    const completed = messages.find((message) => message.subject.startsWith('Pago completado'));
    expect(completed).toMatchObject({
      to: [to],
      subject: 'Pago completado: 3,000.00 MXN a Agrícola San Quintín',
      language: 'es',
    });
    expect(completed?.text).toContain(`Clave de rastreo: ${keyOf(completedId)}`);

    const returned = messages.find((message) => message.subject.startsWith('Pago devuelto'));
    expect(returned).toMatchObject({
      subject: 'Pago devuelto: 1,250.50 MXN a Agrícola San Quintín',
      language: 'es',
    });
    expect(returned?.text).toContain('Motivo: Cuenta inexistente');
    expect(messages.filter((message) => /^Payment/.test(message.subject))).toEqual([]);
  });

  it('tells of a credited deposit in English by default; a user who turned it off gets nothing', async () => {
    const customer = await newCustomer(t);
    const to = await emailOf(customer);
    let from = sink.messages.length;
    await fundUsd(t, customer.enterpriseId, '1500.00');
    const [credited, ...others] = await received(to, from);
    expect(others).toEqual([]);
    expect(credited).toMatchObject({
      to: [to],
      subject: 'Deposit credited: 1,500.00 USD',
      language: 'en',
    });
    expect(credited?.text).toContain('We received your wire of 1,500.00 USD');
    expect(credited?.text).toContain('Bank reference: TEST-WIRE-');

    await setNotifications(customer, 'en', ['deposit.credited']);
    from = sink.messages.length;
    await fundUsd(t, customer.enterpriseId, '20.00');
    expect(await received(to, from)).toEqual([]);
  });

  it('reminds of a forward 3 days before and on its due date, once each', async () => {
    const customer = await newCustomer(t);
    await insertConversion(t, customer.enterpriseId, {
      mxn: '184000.00',
      rate: '18.40',
      kind: 'ACTIVE_FORWARD',
    });
    const to = await emailOf(customer);
    // What the set-up notified goes first, or it would share a digest with the reminder.
    await received(to);
    const from = sink.messages.length;

    // The forward is due in 30 days: nothing yet.
    expect(await remindDueForwards(t.db, t.clock.now())).toBe(0);
    t.clock.advanceMinutes(27 * 24 * 60);
    expect(await remindDueForwards(t.db, t.clock.now())).toBe(1);
    expect(await remindDueForwards(t.db, t.clock.now())).toBe(0);
    await t.app.mail.flush();
    t.clock.advanceMinutes(24 * 60);
    expect(await remindDueForwards(t.db, t.clock.now())).toBe(0);
    t.clock.advanceMinutes(2 * 24 * 60);
    expect(await remindDueForwards(t.db, t.clock.now())).toBe(1);
    expect(await remindDueForwards(t.db, t.clock.now())).toBe(0);

    const subjects = (await received(to, from))
      .map((message) => message.subject)
      .filter((subject) => subject.startsWith('Your forward'));
    // The outbox may deliver the two in either order.
    expect(subjects).toHaveLength(2);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your forward is due in 3 days \(\d{4}-\d{2}-\d{2}\)$/),
        expect.stringMatching(/^Your forward is due today \(\d{4}-\d{2}-\d{2}\)$/),
      ]),
    );
  });
});
