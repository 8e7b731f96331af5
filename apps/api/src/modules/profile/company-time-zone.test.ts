import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCompanyTime, makeClabe } from '@app/domain';
import { newCustomer, spotQuote, type Customer } from '../../test/finance-fixtures.js';
import { insertInvoice, insertSupplier, pdfText } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { EnterpriseAnswer } from './profile.service.js';

let t: TestApp;
let company: Customer;

async function enterprise(caller: Customer): Promise<EnterpriseAnswer> {
  const response = await caller.call('GET', 'profile/enterprise');
  expect(response.statusCode, response.body).toBe(200);
  return json<{ enterprise: EnterpriseAnswer }>(response).enterprise;
}

async function sessionZone(caller: Customer): Promise<string | undefined> {
  const response = await caller.call('GET', 'auth/me');
  expect(response.statusCode, response.body).toBe(200);
  return json<{ user: { sTimeZone?: string } }>(response).user.sTimeZone;
}

const EDIT = { sName: 'Frutas del Norte LLC' };

describe(`the company time zone on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    // Sessions cached for the whole test: a new zone must still reach the next request.
    t = await createTestApp({ SESSION_CACHE_MS: '60000' });
    company = await newCustomer(t, { usd: '5000.00' });
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it("is Mexico City's until an admin saves another, which every session then carries", async () => {
    expect((await enterprise(company)).sTimeZone).toBe('America/Mexico_City');
    expect(await sessionZone(company)).toBe('America/Mexico_City');

    const saved = await company.call('PUT', 'profile/enterprise', {
      ...EDIT,
      sTimeZone: 'America/Chicago',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<{ enterprise: EnterpriseAnswer }>(saved).enterprise.sTimeZone).toBe(
      'America/Chicago',
    );
    expect((await enterprise(company)).sTimeZone).toBe('America/Chicago');
    expect(await sessionZone(company)).toBe('America/Chicago');

    // An edit that leaves the zone out keeps it.
    const kept = await company.call('PUT', 'profile/enterprise', EDIT);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await enterprise(company)).sTimeZone).toBe('America/Chicago');
  });

  it('refuses a zone that is not an IANA name with a 400 on the field, and writes nothing', async () => {
    for (const sTimeZone of ['Mars/Base', 'CST', 'GMT-6', '', 'america/chicago']) {
      const refused = await company.call('PUT', 'profile/enterprise', {
        sName: 'Renamed Along With A Bad Zone',
        sTimeZone,
      });
      expect(refused.statusCode, `${sTimeZone}: ${refused.body}`).toBe(400);
      expect(json<{ field?: string }>(refused).field).toBe('sTimeZone');
    }
    const after = await enterprise(company);
    expect(after.sTimeZone).toBe('America/Chicago');
    expect(after.sName).toBe(EDIT.sName);
  });

  it("prints a receipt's times on the company's clock, the zone named", async () => {
    const saved = await company.call('PUT', 'profile/enterprise', {
      ...EDIT,
      sTimeZone: 'America/New_York',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const supplierId = await insertSupplier(t, company.enterpriseId, { name: 'Berries Jalisco' });
    const invoiceId = await insertInvoice(t, company.enterpriseId, supplierId, {
      total: '2500.00',
      name: 'FAC-779',
    });
    const paid = await company.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: (await spotQuote(t, company.enterpriseId)).id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = json<{ payment: { sPaymentId: string; created_at: string } }>(paid).payment;
    const createdAt = new Date(payment.created_at);

    for (const [lang, locale] of [
      ['en', 'en-US'],
      ['sp', 'es-MX'],
    ] as const) {
      const response = await company.call(
        'POST',
        'payments/paymentReceipt',
        { sPaymentId: payment.sPaymentId },
        { lang },
      );
      expect(response.statusCode, response.body).toBe(200);
      const text = pdfText(
        Buffer.from(
          json<{ paymentReceipt: { data: string } }>(response).paymentReceipt.data,
          'base64',
        ),
      );
      const time = formatCompanyTime(
        createdAt,
        locale,
        { hour: 'numeric', minute: '2-digit' },
        'America/New_York',
      );
      expect(time).toMatch(/ E[SD]T$/);
      expect(text).toContain(time);
      // Not Mexico City's clock any more.
      expect(text).not.toContain(
        formatCompanyTime(createdAt, locale, { hour: 'numeric', minute: '2-digit' }),
      );
    }
  });

  it("tells the admins until when a new CLABE's payments wait, on the company's clock", async () => {
    const supplierId = await insertSupplier(t, company.enterpriseId, { name: 'Limones Colima' });
    const recipients = json<{ paymentRecipients: Array<Record<string, unknown>> }>(
      await company.call('GET', 'payment-recipient/'),
    ).paymentRecipients;
    const current = recipients.find((item) => item['sPaymentRecipientId'] === supplierId)!;
    const changed = await company.call('PUT', 'payment-recipient/', {
      sPaymentRecipientId: supplierId,
      sName: current['sName'],
      sEmail: current['sEmail'],
      sBankName: current['sBankName'],
      sEntityBusiness: current['sEntityBusiness'],
      sTaxId: current['sTaxId'],
      sAccountNumber: makeClabe('002', '180', '70000000003'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await t.db
      .selectFrom('outbox_emails')
      .select('body_text')
      .where('subject', 'like', 'Supplier bank account changed: Limones Colima%')
      .executeTakeFirstOrThrow();
    const heldUntil = new Date(t.clock.now().getTime() + 24 * 3_600_000);
    const style = { dateStyle: 'long', timeStyle: 'short' } as const;
    expect(notice.body_text).toContain(
      `held until ${formatCompanyTime(heldUntil, 'en-US', style, 'America/New_York')}.`,
    );
    expect(notice.body_text).toContain(
      `retenidos hasta el ${formatCompanyTime(heldUntil, 'es-MX', style, 'America/New_York')}.`,
    );
    expect(notice.body_text).not.toContain('(UTC)');
  });
});
