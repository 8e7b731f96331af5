import type { Executor } from '../../db/database.js';

export async function findAccountNames(
  db: Executor,
  enterpriseId: string,
): Promise<Record<string, string>> {
  const row = await db
    .selectFrom('enterprises')
    .select('accounting_accounts')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.accounting_accounts ?? {};
}

export async function saveAccountNames(
  db: Executor,
  enterpriseId: string,
  names: Record<string, string>,
): Promise<void> {
  await db
    .updateTable('enterprises')
    .set({ accounting_accounts: JSON.stringify(names) })
    .where('id', '=', enterpriseId)
    .execute();
}

export interface JournalLineRow {
  journal_id: string;
  journal_kind: string;
  created_at: Date;
  account_kind: string;
  /** The account's company: null for the house, another company's id for a counterparty. */
  account_enterprise_id: string | null;
  currency: 'USD' | 'MXN';
  amount: bigint;
}

/**
 * Every posting of the journals in [start, end) that touch one of the company's accounts,
 * both sides: the company's accounts and their counterparts. Oldest first.
 */
export async function journalLines(
  db: Executor,
  enterpriseId: string,
  start: Date,
  end: Date,
): Promise<JournalLineRow[]> {
  return db
    .selectFrom('postings as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select([
      'j.id as journal_id',
      'j.kind as journal_kind',
      'j.created_at',
      'a.kind as account_kind',
      'a.enterprise_id as account_enterprise_id',
      'p.currency',
      'p.amount',
    ])
    .where('j.created_at', '>=', start)
    .where('j.created_at', '<', end)
    .where('p.journal_id', 'in', (eb) =>
      eb
        .selectFrom('postings as own')
        .innerJoin('ledger_accounts as oa', 'oa.id', 'own.account_id')
        .select('own.journal_id')
        .where('oa.enterprise_id', '=', enterpriseId),
    )
    .orderBy('j.created_at')
    .orderBy('j.id')
    .orderBy('p.id')
    .execute() as Promise<JournalLineRow[]>;
}
