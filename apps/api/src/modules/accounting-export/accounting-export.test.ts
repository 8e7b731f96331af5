import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMxnToUsd, parseMoney, parseRate } from '@app/domain';
import { newCustomer, spotQuote, type Customer } from '../../test/finance-fixtures.js';
import { insertInvoice, insertSupplier, paymentRow } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let customer: Customer;
/** The invoice payment: its invoice's 10,000.00 MXN protected at 17.50, paid at the quote. */
let invoicePayment: { id: string; amountUsd: bigint };
const SUPPLIER = 'Agrícola Los Pinos SPR';

/** A CSV file as records of named fields, read as an accounting system would. */
function readCsv(text: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const cents = (value: string | undefined) => (value ? parseMoney(value) : 0n);

/** The statement's movements (credits less debits) of the period for one currency. */
async function statementMovement(currency: 'USD' | 'MXN'): Promise<bigint> {
  const statement = json<{ openingBalance: number; closingBalance: number }>(
    await customer.call('GET', `statement?currency=${currency}`),
  );
  return (
    parseMoney(statement.closingBalance.toFixed(2)) -
    parseMoney(statement.openingBalance.toFixed(2))
  );
}

describe(`accounting export on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SETTLE_SECONDS: '3600' });
    customer = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const paid = await customer.call('POST', 'payments/sendPayNow', {
      dAmount: 1234.56,
      comment: 'Factura 77',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const invoiceSupplier = await insertSupplier(t, customer.enterpriseId, { name: SUPPLIER });
    const invoiceId = await insertInvoice(t, customer.enterpriseId, invoiceSupplier, {
      total: '10000.00',
      rateProtection: '17.50',
    });
    const invoiceQuote = await spotQuote(t, customer.enterpriseId);
    const paidInvoice = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: invoiceQuote.id,
    });
    expect(paidInvoice.statusCode, paidInvoice.body).toBe(201);
    const id = json<{ payment: { sPaymentId: string } }>(paidInvoice).payment.sPaymentId;
    invoicePayment = { id, amountUsd: (await paymentRow(t, id)).amount_usd };
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  async function exported(format: string): Promise<Record<string, string>[]> {
    const response = await customer.call('GET', `accounting-export?format=${format}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    return readCsv(response.body);
  }

  it.each([
    [
      'plain',
      'Entry',
      'Account',
      (row: Record<string, string>) => cents(row.Debit) - cents(row.Credit),
    ],
    [
      'qbo',
      'Journal No',
      'Account',
      (row: Record<string, string>) => cents(row.Debits) - cents(row.Credits),
    ],
    ['xero', '*Narration', '*AccountCode', (row: Record<string, string>) => cents(row['*Amount'])],
  ] as const)(
    'writes %s entries whose debits equal credits and whose balances match the statement',
    async (format, entryColumn, accountColumn, signed) => {
      const rows = await exported(format);
      expect(rows.length).toBeGreaterThanOrEqual(4);
      const byEntry = new Map<string, bigint>();
      for (const row of rows) {
        byEntry.set(row[entryColumn]!, (byEntry.get(row[entryColumn]!) ?? 0n) + signed(row));
      }
      for (const [entry, total] of byEntry) expect(total, entry).toBe(0n);
      const onAccount = (name: string) =>
        rows
          .filter((row) => row[accountColumn] === name)
          .reduce((sum, row) => sum + signed(row), 0n);
      expect(onAccount('USD balance')).toBe(await statementMovement('USD'));
      expect(onAccount('MXN balance')).toBe(await statementMovement('MXN'));
      expect(onAccount('USD balance')).not.toBe(0n);
    },
  );

  it('values every journal in dollars with the gain against the protected rate on its own line', async () => {
    const response = await customer.call('GET', 'accounting-export?format=qbo&valuation=usd');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('-usd-');
    const rows = readCsv(response.body);
    expect(new Set(rows.map((row) => row.Currency))).toEqual(new Set(['USD']));
    const byEntry = new Map<string, Record<string, string>[]>();
    for (const row of rows)
      byEntry.set(row['Journal No']!, [...(byEntry.get(row['Journal No']!) ?? []), row]);
    const signed = (row: Record<string, string>) => cents(row.Debits) - cents(row.Credits);
    for (const [entry, entryRows] of byEntry) {
      expect(
        entryRows.reduce((sum, row) => sum + signed(row), 0n),
        entry,
      ).toBe(0n);
    }
    // Dollars stay as they are: the USD balance lines are the statement's dollar movements.
    const usdBalance = rows
      .filter((row) => row.Account === 'USD balance')
      .reduce((sum, row) => sum + signed(row), 0n);
    expect(usdBalance).toBe(await statementMovement('USD'));

    // The invoice payment: the payable at 10,000.00 / 17.50, the dollars paid, and the
    // difference on the FX gain/loss account, the supplier named on the payable.
    const entry = [...byEntry.values()].find((entryRows) =>
      entryRows.some((row) => row.Name === SUPPLIER),
    )!;
    expect(entry).toBeDefined();
    const payable = entry.find((row) => row.Account === 'Supplier payables')!;
    const protectedUsd = convertMxnToUsd(parseMoney('10000.00'), parseRate('17.50'));
    expect(signed(payable)).toBe(protectedUsd);
    const paidFrom = entry.find((row) => row.Account === 'USD balance')!;
    expect(signed(paidFrom)).toBe(-invoicePayment.amountUsd);
    const fx = entry.filter((row) => row.Account === 'FX gain/loss');
    expect(fx).toHaveLength(1);
    const conversions = entry
      .filter((row) => row.Account === 'Currency conversions')
      .reduce((sum, row) => sum + signed(row), 0n);
    // The conversion's two legs differ at most by the rounding of one peso amount.
    expect(conversions < 2n && conversions > -2n).toBe(true);
    expect(signed(fx[0]!)).toBe(-(protectedUsd - invoicePayment.amountUsd + conversions));
    expect(signed(fx[0]!)).not.toBe(0n);
  });

  it('names the supplier on every payable line, in each format', async () => {
    const plain = readCsv((await customer.call('GET', 'accounting-export?format=plain')).body);
    const payables = plain.filter((row) => row.Account === 'Supplier payables');
    expect(payables.length).toBeGreaterThanOrEqual(2);
    expect(payables.every((row) => row.Supplier !== '')).toBe(true);
    expect(payables.map((row) => row.Supplier)).toContain(SUPPLIER);
    const xero = readCsv((await customer.call('GET', 'accounting-export?format=xero')).body);
    expect(
      xero.some(
        (row) => row['*AccountCode'] === 'Supplier payables' && row.Description?.includes(SUPPLIER),
      ),
    ).toBe(true);
    expect(
      (await customer.call('GET', 'accounting-export?format=plain&valuation=eur')).statusCode,
    ).toBe(400);
  });

  it("names the accounts as the company's chart of accounts does, saved per company", async () => {
    const saved = await customer.call('PUT', 'accounting-export/accounts', {
      mapping: { USD_BALANCE: '1010 Operating USD', SUPPLIER_PAYABLES: '2000 Accounts payable' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { accounts } = json<{ accounts: { sKey: string; sAccount: string | null }[] }>(saved);
    expect(accounts.find((account) => account.sKey === 'USD_BALANCE')?.sAccount).toBe(
      '1010 Operating USD',
    );
    const rows = await exported('qbo');
    const accountNames = new Set(rows.map((row) => row.Account));
    expect(accountNames).toContain('1010 Operating USD');
    expect(accountNames).toContain('2000 Accounts payable');
    expect(accountNames).not.toContain('USD balance');
    const usd = rows
      .filter((row) => row.Account === '1010 Operating USD')
      .reduce((sum, row) => sum + cents(row.Debits) - cents(row.Credits), 0n);
    expect(usd).toBe(await statementMovement('USD'));

    // Another company keeps the default names.
    const other = await newCustomer(t);
    const theirs = json<{ accounts: { sKey: string; sAccount: string | null }[] }>(
      await other.call('GET', 'accounting-export/accounts'),
    );
    expect(theirs.accounts.every((account) => account.sAccount === null)).toBe(true);
    await customer.call('PUT', 'accounting-export/accounts', { mapping: {} });
  });

  it('refuses an unknown format or a reversed period, and another company sees nothing of it', async () => {
    expect((await customer.call('GET', 'accounting-export?format=sage')).statusCode).toBe(400);
    const reversed = await customer.call(
      'GET',
      'accounting-export?format=plain&from=2026-11-20&to=2026-11-10',
    );
    expect(reversed.statusCode).toBe(400);
    expect(json(reversed)).toMatchObject({ code: 'INVALID_INPUT', field: 'from' });
    const other = await newCustomer(t);
    const theirs = await other.call('GET', 'accounting-export?format=plain');
    expect(theirs.statusCode).toBe(200);
    expect(readCsv(theirs.body)).toEqual([]);
  });
});
