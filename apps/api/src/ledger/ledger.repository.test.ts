import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
} from '../test/finance-fixtures.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/test-app.js';
import {
  ensureCustomerAccounts,
  ensureHouseAccounts,
  findCustomerAccountIds,
  findHouseAccountIds,
  insertJournalWithPostings,
  type NewJournal,
  type NewPosting,
} from './ledger.repository.js';

let t: TestApp;

function journalOf(enterpriseId: string, createdAt = t.clock.now()): NewJournal {
  return {
    id: randomUUID(),
    enterpriseId,
    kind: 'ADD_FUNDS',
    description: 'Test',
    reference: null,
    quoteId: null,
    rateMicro: null,
    createdAt,
  };
}

/** An enterprise's USD account and the house bank's, and a posting maker for them. */
async function accountsOf(enterpriseId: string) {
  await ensureCustomerAccounts(t.db, enterpriseId);
  await ensureHouseAccounts(t.db);
  const customer = await findCustomerAccountIds(t.db, enterpriseId);
  const house = await findHouseAccountIds(t.db);
  const usd = customer.USD_AVAILABLE as string;
  const bank = house.HOUSE_BANK_USD;
  const posting = (accountId: string, cents: bigint): NewPosting => ({
    accountId,
    currency: 'USD',
    amount: cents,
  });
  return { usd, bank, posting };
}

async function dayRows(accountId: string) {
  const { rows } = await sql<{ day: string; debits: string; credits: string; movements: string }>`
    select day::text, debits::text, credits::text, movements::text from account_days
    where account_id = ${accountId} order by day`.execute(t.db);
  return rows;
}

/** The database's own rules on postings (migration 0020), whatever code writes them. */
describe(`the ledger's rules in the database on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('refuses a journal that does not sum to zero, and writes nothing', async () => {
    const customer = await newCustomer(t, { usd: '100.00' });
    const { usd, bank, posting } = await accountsOf(customer.enterpriseId);
    const before = await moneyTableCounts(t);
    await expect(
      insertJournalWithPostings(t.db, journalOf(customer.enterpriseId), [
        posting(bank, -500n),
        posting(usd, 499n),
      ]),
    ).rejects.toThrow(/does not balance/);
    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(10_000n);
  });

  it("refuses postings that unbalance a journal written before, counting the journal's earlier postings", async () => {
    const customer = await newCustomer(t);
    const { usd, bank, posting } = await accountsOf(customer.enterpriseId);
    const journal = journalOf(customer.enterpriseId);
    await insertJournalWithPostings(t.db, journal, [posting(bank, -300n), posting(usd, 300n)]);
    // A second statement adding to the same journal: balanced on its own, accepted…
    await sql`insert into postings (journal_id, account_id, currency, amount, created_at)
      values (${journal.id}, ${bank}, 'USD', -5, now()), (${journal.id}, ${usd}, 'USD', 5, now())`.execute(
      t.db,
    );
    // …one posting alone is refused, even though the statement's rows are all it adds.
    await expect(
      sql`insert into postings (journal_id, account_id, currency, amount, created_at)
        values (${journal.id}, ${usd}, 'USD', 1, now())`.execute(t.db),
    ).rejects.toThrow(/does not balance/);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(305n);
  });

  it('moves a balance by what a statement nets on it, and refuses one that nets below zero', async () => {
    const customer = await newCustomer(t, { usd: '1.00' });
    const { usd, bank, posting } = await accountsOf(customer.enterpriseId);
    // 2.50 out and 2.00 in, in that order: alone the debit would overdraw; the journal nets -0.50.
    await insertJournalWithPostings(t.db, journalOf(customer.enterpriseId), [
      posting(usd, -250n),
      posting(bank, 250n),
      posting(usd, 200n),
      posting(bank, -200n),
    ]);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(50n);
    const error = await insertJournalWithPostings(t.db, journalOf(customer.enterpriseId), [
      posting(usd, -51n),
      posting(bank, 51n),
    ]).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ constraint: 'customer_balance_not_negative' });
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(50n);
  });

  it('keeps balances and day rows for many journals of many accounts written in one statement', async () => {
    const first = await newCustomer(t);
    const second = await newCustomer(t);
    const a = await accountsOf(first.enterpriseId);
    const b = await accountsOf(second.enterpriseId);
    const noon = t.clock.now();
    const nextDay = new Date(noon.getTime() + 24 * 3600 * 1000);
    const journals = [
      { journal: journalOf(first.enterpriseId, noon), postings: [a.posting(a.usd, 700n)] },
      { journal: journalOf(second.enterpriseId, noon), postings: [b.posting(b.usd, 40n)] },
      { journal: journalOf(first.enterpriseId, nextDay), postings: [a.posting(a.usd, 60n)] },
      { journal: journalOf(first.enterpriseId, nextDay), postings: [a.posting(a.usd, -100n)] },
    ].map(({ journal, postings }) => ({
      journal,
      // Each journal balanced against the house bank.
      postings: [
        ...postings,
        a.posting(a.bank, -postings.reduce((sum, { amount }) => sum + amount, 0n)),
      ],
    }));
    const values = journals.flatMap(({ journal, postings }) =>
      postings.map(
        (line) =>
          sql`(${journal.id}::uuid, ${line.accountId}::uuid, 'USD', ${line.amount}::bigint, ${journal.createdAt}::timestamptz)`,
      ),
    );
    await t.db.transaction().execute(async (trx) => {
      for (const { journal } of journals) {
        await sql`insert into journals (id, enterprise_id, kind, description, created_at)
          values (${journal.id}, ${journal.enterpriseId}, 'ADD_FUNDS', 'Test', ${journal.createdAt})`.execute(
          trx,
        );
      }
      await sql`insert into postings (journal_id, account_id, currency, amount, created_at)
        values ${sql.join(values)}`.execute(trx);
    });
    expect((await balancesOf(t, first.enterpriseId)).USD_AVAILABLE).toBe(660n);
    expect((await balancesOf(t, second.enterpriseId)).USD_AVAILABLE).toBe(40n);
    expect(await dayRows(a.usd)).toEqual([
      { day: '2026-11-21', debits: '0', credits: '700', movements: '1' },
      { day: '2026-11-22', debits: '100', credits: '60', movements: '2' },
    ]);
    expect(await dayRows(b.usd)).toEqual([
      { day: '2026-11-21', debits: '0', credits: '40', movements: '1' },
    ]);
    // House accounts keep no day rows and no cached balance.
    expect(await dayRows(a.bank)).toEqual([]);
  });
});
