import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  type Customer,
} from '../../../test/finance-fixtures.js';
import { newOperator } from '../../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../../test/test-app.js';
import { statementFixture } from './fixtures.js';
import { importStatementFolder } from './statement-folder.js';

let t: TestApp;
let ops: Customer;

interface ImportAnswer {
  sFormat: string;
  iMatched: number;
  iUnmatched: number;
  iAlreadyImported: number;
  iIgnored: number;
  entries: Array<{ sBankReference: string; sOutcome: string; sEnterpriseId: string | null }>;
}

interface UnmatchedAnswer {
  total: number;
  entries: Array<{ sEntryId: string; sBankReference: string; dAmount: number }>;
}

async function depositReferenceOf(customer: Customer): Promise<string> {
  const answer = json<{ account: Array<{ value: string }> }>(
    await customer.call('POST', 'exchange-rate/addFounds', {}),
  );
  return answer.account.at(-1)?.value ?? '';
}

function importFile(sFileName: string, sContent: unknown) {
  return ops.call('POST', 'ops/bank-statements', { sFileName, sContent });
}

async function statementTableCounts() {
  const counts: Record<string, number> = await moneyTableCounts(t);
  for (const table of ['bank_statement_files', 'bank_statement_entries'] as const) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe(`bank statements on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
    ops = await newOperator(t);
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('credits a camt.053 entry carrying a deposit reference once, however often the file comes', async () => {
    const customer = await newCustomer(t);
    const file = statementFixture('camt053.xml', await depositReferenceOf(customer));

    const first = await importFile('stmt-20261127.xml', file);
    expect(first.statusCode).toBe(200);
    const answer = json<ImportAnswer>(first);
    expect(answer).toMatchObject({
      sFormat: 'camt.053',
      iMatched: 1,
      iUnmatched: 1,
      iAlreadyImported: 0,
      iIgnored: 2,
    });
    expect(answer.entries[0]).toMatchObject({
      sBankReference: 'FW20261127-000101',
      sOutcome: 'MATCHED',
      sEnterpriseId: customer.enterpriseId,
    });
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(2_500_000n);

    const again = json<ImportAnswer>(await importFile('stmt-20261127-copy.xml', file));
    expect(again).toMatchObject({ iMatched: 0, iUnmatched: 0, iAlreadyImported: 2 });
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(2_500_000n);

    // The customer's statement shows the wire.
    const unmatched = json<UnmatchedAnswer>(await ops.call('GET', 'ops/bank-statements/unmatched'));
    expect(unmatched.entries.map((entry) => entry.sBankReference)).toEqual(['FW20261127-000102']);
  });

  it('reads camt.054 and BAI2 files, and does not credit again a wire typed by hand', async () => {
    const customer = await newCustomer(t);
    const reference = await depositReferenceOf(customer);
    const typed = await ops.call('POST', 'ops/deposits', {
      sEnterpriseId: customer.enterpriseId,
      dAmount: 15000,
      sReference: 'WR261127001',
      sReason: 'Bank called before the statement arrived',
    });
    expect(typed.statusCode).toBe(201);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['entity', 'after'])
      .where('entity', '=', 'deposits/WR261127001')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ sReason: 'Bank called before the statement arrived' });

    const camt054 = json<ImportAnswer>(
      await importFile('ntf.xml', statementFixture('camt054.xml', reference)),
    );
    expect(camt054).toMatchObject({ sFormat: 'camt.054', iMatched: 1, iUnmatched: 1 });

    const bai2 = json<ImportAnswer>(
      await importFile('bai2.txt', statementFixture('bai2.txt', reference)),
    );
    expect(bai2).toMatchObject({
      sFormat: 'BAI2',
      iMatched: 0,
      iAlreadyImported: 1,
      iUnmatched: 1,
      iIgnored: 1,
    });
    // 15,000.00 typed + 9,875.25 from camt.054; the BAI2 wire is the typed one.
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(2_487_525n);
  });

  it('lets the operator assign or reject an unmatched entry, once, with an audit entry', async () => {
    const customer = await newCustomer(t);
    await importFile('stmt.xml', statementFixture('camt053.xml', 'PPNOONE234'));
    await importFile('ntf.xml', statementFixture('camt054.xml', 'PPNOONE234'));
    const queue = json<UnmatchedAnswer>(await ops.call('GET', 'ops/bank-statements/unmatched'));
    expect(queue.total).toBe(4);
    const [toAssign, toReject] = queue.entries;
    if (!toAssign || !toReject) throw new Error('queue too short');

    const assigned = await ops.call(
      'POST',
      `ops/bank-statements/unmatched/${toAssign.sEntryId}/assign`,
      { sEnterpriseId: customer.enterpriseId },
    );
    expect(assigned.statusCode).toBe(200);
    expect(json(assigned)).toMatchObject({
      sStatus: 'ASSIGNED',
      sEnterpriseId: customer.enterpriseId,
    });
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(
      BigInt(Math.round(toAssign.dAmount * 100)),
    );
    const twice = await ops.call(
      'POST',
      `ops/bank-statements/unmatched/${toAssign.sEntryId}/assign`,
      { sEnterpriseId: customer.enterpriseId },
    );
    expect(twice.statusCode).toBe(409);

    const rejected = await ops.call(
      'POST',
      `ops/bank-statements/unmatched/${toReject.sEntryId}/reject`,
      { sReason: 'Returned to the sender: not a customer' },
    );
    expect(json(rejected)).toMatchObject({ sStatus: 'REJECTED' });
    const after = json<UnmatchedAnswer>(await ops.call('GET', 'ops/bank-statements/unmatched'));
    expect(after.total).toBe(2);
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['entity', 'after'])
      .where('entity', 'like', 'bank-statement-entries/%')
      .execute();
    expect(trail.map((row) => row.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sStatus: 'ASSIGNED' }),
        expect.objectContaining({ sReason: 'Returned to the sender: not a customer' }),
      ]),
    );
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(
      BigInt(Math.round(toAssign.dAmount * 100)),
    );
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const customer = await newCustomer(t);
    const before = await statementTableCounts();
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><x>&lol2;</x></Document>`;
    for (const [sContent, code] of [
      [bomb, 'STATEMENT_UNREADABLE'],
      ['not a statement', 'STATEMENT_UNREADABLE'],
      [statementFixture('bai2.txt').split('\n').slice(0, 4).join('\n'), 'STATEMENT_UNREADABLE'],
      [42, 'INVALID_INPUT'],
      ['', 'INVALID_INPUT'],
    ] as const) {
      const response = await importFile('x.xml', sContent);
      expect(response.statusCode, String(sContent).slice(0, 30)).toBe(400);
      expect(json(response)).toMatchObject({ code });
    }
    const malformed = await ops.call('POST', 'ops/bank-statements', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/ops/bank-statements',
      headers: { authorization: `Bearer ${ops.token}`, 'content-type': 'application/json' },
      payload: '{"sFileName": "a.xml", "sContent": ',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await importFile('big.txt', `01,${'9'.repeat(1_100_000)}`);
    expect(huge.statusCode).toBe(413);
    const asCustomer = await customer.call('POST', 'ops/bank-statements', {
      sFileName: 'a.xml',
      sContent: statementFixture('camt053.xml'),
    });
    expect(asCustomer.statusCode).toBe(404);
    const badAssign = await ops.call(
      'POST',
      'ops/bank-statements/unmatched/00000000-0000-4000-8000-000000000000/assign',
      { sEnterpriseId: customer.enterpriseId },
    );
    expect(badAssign.statusCode).toBe(404);
    const badReject = await ops.call('POST', 'ops/bank-statements/unmatched/x/reject', {
      sReason: 1,
    });
    expect(badReject.statusCode).toBe(400);
    expect(await statementTableCounts()).toEqual(before);
  });

  it('imports the files dropped in the watched folder once, and sets aside what it cannot read', async () => {
    const customer = await newCustomer(t);
    const dir = await mkdtemp(join(tmpdir(), 'statements-'));
    try {
      await writeFile(
        join(dir, 'bai2.txt'),
        statementFixture('bai2.txt', await depositReferenceOf(customer)),
      );
      await writeFile(join(dir, 'notes.xml'), '<html>not a statement</html>');
      await writeFile(join(dir, 'incoming.part'), 'still being written');
      const log = { info: () => {}, warn: () => {} };
      const options = { dir, maxBytes: 1_048_576, log };
      expect(await importStatementFolder(t.app.finance.bankStatements, options)).toBe(1);
      expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(1_500_000n);
      expect((await readdir(dir)).sort()).toEqual(['failed', 'imported', 'incoming.part']);
      expect(await readdir(join(dir, 'imported'))).toEqual([expect.stringMatching(/-bai2\.txt$/)]);
      expect(await readdir(join(dir, 'failed'))).toEqual([expect.stringMatching(/-notes\.xml$/)]);
      // Nothing left to take: a second scan credits nothing.
      expect(await importStatementFolder(t.app.finance.bankStatements, options)).toBe(0);
      expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(1_500_000n);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("lists the day's differences between the statements and the ledger, and says when there are none", async () => {
    const customer = await newCustomer(t);
    const reference = await depositReferenceOf(customer);
    const onTheTestDay = (text: string) => text.replaceAll('2026-11-27', '2026-11-21');
    // Typed by hand: one wire the bank never reports, one with an amount other than the bank's.
    for (const [sReference, dAmount] of [
      ['HAND-ONLY-1', 700],
      ['FW20261127-000102', 1000],
    ] as const) {
      const typed = await ops.call('POST', 'ops/deposits', {
        sEnterpriseId: customer.enterpriseId,
        dAmount,
        sReference,
      });
      expect(typed.statusCode).toBe(201);
    }
    await importFile('stmt.xml', onTheTestDay(statementFixture('camt053.xml', reference)));
    await importFile('ntf.xml', onTheTestDay(statementFixture('camt054.xml', reference)));

    const day = json<{
      dDate: string;
      iDifferences: number;
      differences: Array<Record<string, unknown>>;
    }>(await ops.call('GET', 'ops/reconciliation/bank-statements?date=2026-11-21'));
    expect(day.dDate).toBe('2026-11-21');
    expect(day.iDifferences).toBe(3);
    expect(day.differences).toEqual(
      expect.arrayContaining([
        {
          sKind: 'RECEIVED_NOT_CREDITED',
          sBankReference: 'FED-20261127-MMQFMP9A000124',
          dBankAmount: 45,
          dLedgerAmount: null,
          sEnterpriseId: null,
        },
        {
          sKind: 'AMOUNT_DIFFERS',
          sBankReference: 'FW20261127-000102',
          dBankAmount: 1200.5,
          dLedgerAmount: 1000,
          sEnterpriseId: customer.enterpriseId,
        },
        {
          sKind: 'CREDITED_NOT_IN_STATEMENT',
          sBankReference: 'HAND-ONLY-1',
          dBankAmount: null,
          dLedgerAmount: 700,
          sEnterpriseId: customer.enterpriseId,
        },
      ]),
    );

    const quiet = json<{ iDifferences: number; differences: unknown[] }>(
      await ops.call('GET', 'ops/reconciliation/bank-statements?date=2026-11-22'),
    );
    expect(quiet).toMatchObject({ iDifferences: 0, differences: [] });
    const bad = await ops.call('GET', 'ops/reconciliation/bank-statements?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
  });
});
