import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '@app/domain';
import { newCustomer, spotQuote, type Customer } from '../../test/finance-fixtures.js';
import { insertSupplier } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let customer: Customer;

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
