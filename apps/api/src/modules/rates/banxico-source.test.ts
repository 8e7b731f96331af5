import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newCustomer } from '../../test/finance-fixtures.js';
import { insertInvoice, insertSupplier, pdfText } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

/**
 * Banxico's SIE API played by a local HTTP server from recorded answers: a business day, a
 * holiday whose value is "N/E", and a source that stops answering.
 */
type Answer = { status: number; body: string } | 'hang-up';

let server: Server | undefined;
let t: TestApp | undefined;
const requests: IncomingMessage[] = [];

function recorded(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

async function sieServer(answer: () => Answer): Promise<string> {
  server = createServer((request, response) => {
    requests.push(request);
    const next = answer();
    if (next === 'hang-up') {
      request.socket.destroy();
      return;
    }
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(next.body);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function banxicoApp(url: string): Promise<TestApp> {
  t = await createTestApp({
    BANXICO_TOKEN: 'test-token',
    BANXICO_URL: url,
    BANXICO_MAX_AGE_MINUTES: '30',
    RATE_SPREAD_BPS: '50',
  });
  return t;
}

async function quoteOf(app: TestApp) {
  const customer = await newCustomer(app);
  return customer.call('GET', 'dashboard');
}

describe(`Banxico FIX as the rate source on ${TEST_ENGINE}`, () => {
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
    requests.length = 0;
  });

  it('quotes the FIX of the last business day plus the spread, and stores it with its date', async () => {
    const url = await sieServer(() => ({
      status: 200,
      body: recorded('banxico-business-day.json'),
    }));
    const app = await banxicoApp(url);
    expect(requests[0]?.url).toBe(
      '/SieAPIRest/service/v1/series/SF43718/datos/2026-11-07/2026-11-21',
    );
    expect(requests[0]?.headers['bmx-token']).toBe('test-token');

    const dashboard = await quoteOf(app);
    expect(dashboard.statusCode).toBe(200);
    // 18.3422 less 0.50 %: 18.250489, quoted to 4 decimals.
    expect(json<{ exchangeRateToday: number }>(dashboard).exchangeRateToday).toBe(18.2505);
    const stored = await app.db
      .selectFrom('reference_rates')
      .select(['rate_date', 'rate_micro'])
      .orderBy('rate_date', 'desc')
      .execute();
    expect(stored[0]).toEqual({ rate_date: '2026-11-20', rate_micro: 18_342_200n });
    // The holiday's "N/E" is not a rate.
    expect(stored.map((row) => row.rate_date)).not.toContain('2026-11-16');
    expect(app.app.finance.banxico?.currentFix()).toEqual({
      date: '2026-11-20',
      rateMicro: 18_342_200n,
    });
  });

  it('prints the FIX of the day beside the applied rate on a payment receipt', async () => {
    const url = await sieServer(() => ({
      status: 200,
      body: recorded('banxico-business-day.json'),
    }));
    const app = await banxicoApp(url);
    const customer = await newCustomer(app, { usd: '5000.00' });
    const supplierId = await insertSupplier(app, customer.enterpriseId, {
      name: 'Berries Jalisco',
    });
    const invoiceId = await insertInvoice(app, customer.enterpriseId, supplierId, {
      total: '2500.00',
      name: 'FAC-FIX',
    });
    const quote = await app.app.finance.rates.spotQuote(customer.enterpriseId);
    const paid = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: quote.id,
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const { payment } = json<{ payment: { sPaymentId: string } }>(paid);
    for (const [lang, label] of [
      ['en', 'Banxico FIX of Nov 20, 2026 (reference)'],
      ['sp', 'FIX de Banxico del 20 nov 2026 (referencia)'],
    ] as const) {
      const response = await customer.call(
        'POST',
        'payments/paymentReceipt',
        { sPaymentId: payment.sPaymentId },
        { lang },
      );
      const text = pdfText(
        Buffer.from(
          json<{ paymentReceipt: { data: string } }>(response).paymentReceipt.data,
          'base64',
        ),
      );
      expect(text).toContain(`${label}: 18.3422`);
      expect(text).toMatch(/18\.2505/);
    }
  });

  it('on a holiday ("N/E") quotes the FIX of the business day before', async () => {
    const url = await sieServer(() => ({ status: 200, body: recorded('banxico-holiday.json') }));
    const app = await banxicoApp(url);
    const dashboard = await quoteOf(app);
    // 18.3819 less 0.50 %: 18.28999 → 18.2900.
    expect(json<{ exchangeRateToday: number }>(dashboard).exchangeRateToday).toBe(18.29);
    expect(app.app.finance.banxico?.currentFix()?.date).toBe('2026-11-13');
  });

  it('stops quoting with a clear message once the source has not answered for the maximum age', async () => {
    let reachable = true;
    const url = await sieServer(() =>
      reachable ? { status: 200, body: recorded('banxico-business-day.json') } : 'hang-up',
    );
    const app = await banxicoApp(url);
    expect((await quoteOf(app)).statusCode).toBe(200);

    reachable = false;
    await expect(app.app.finance.banxico?.refresh()).rejects.toThrow();
    app.clock.advanceMinutes(20);
    // Within the age the last confirmed FIX still quotes.
    expect((await quoteOf(app)).statusCode).toBe(200);

    app.clock.advanceMinutes(11);
    const stale = await quoteOf(app);
    expect(stale.statusCode).toBe(503);
    expect(json(stale)).toMatchObject({
      code: 'RATE_SOURCE_UNAVAILABLE',
      message: expect.stringMatching(/Quotes are paused/),
    });

    reachable = true;
    await app.app.finance.banxico?.refresh();
    expect((await quoteOf(app)).statusCode).toBe(200);
  });

  it('starts with quotes stopped when the source answers an error from the first call', async () => {
    const url = await sieServer(() => ({ status: 500, body: '{"error":"down"}' }));
    const app = await banxicoApp(url);
    const answer = await quoteOf(app);
    expect(answer.statusCode).toBe(503);
    expect(json(answer)).toMatchObject({ code: 'RATE_SOURCE_UNAVAILABLE' });
    expect(app.logs.some((line) => line.includes('Banxico SIE could not be read at start'))).toBe(
      true,
    );
  });
});
