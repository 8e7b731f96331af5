import { sql } from 'kysely';
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
  /**
   * MXN per USD (micro) to value the journal's MXN in dollars: the journal's own rate, or the
   * market's mid rate at its moment for a journal without one (a peso deposit).
   */
  rate_micro: bigint | null;
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
      sql<bigint | null>`coalesce(
        j.rate_micro,
        (select t.mid_micro from rate_ticks t where t.observed_at <= j.created_at
          order by t.observed_at desc limit 1),
        (select t.mid_micro from rate_ticks t where t.observed_at > j.created_at
          order by t.observed_at limit 1)
      )`.as('rate_micro'),
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

export interface JournalPaymentRow {
  journal_id: string;
  /** True for the payment's own journal; false for a later one about it (a return). */
  own_journal: boolean;
  supplier_name: string;
  invoice_amount_mxn: bigint | null;
  protected_rate_micro: bigint | null;
}

/**
 * The supplier payments the journals are about (by their journal, or for a later journal
 * such as a return, by its tracking key), with each invoice part the payment settled and
 * that invoice's protected rate.
 */
export async function paymentsOfJournals(
  db: Executor,
  enterpriseId: string,
  journalIds: string[],
): Promise<JournalPaymentRow[]> {
  if (journalIds.length === 0) return [];
  return db
    .selectFrom('journals as j')
    .innerJoin('payments as p', (join) =>
      join.on((eb) =>
        eb.or([
          eb('p.journal_id', '=', eb.ref('j.id')),
          eb('p.tracking_key', '=', eb.ref('j.reference')),
        ]),
      ),
    )
    .innerJoin('payment_recipients as r', 'r.id', 'p.payment_recipient_id')
    .leftJoin('payment_invoices as pi', 'pi.payment_id', 'p.id')
    .leftJoin('invoices as i', 'i.id', 'pi.invoice_id')
    .select([
      'j.id as journal_id',
      sql<boolean>`p.journal_id = j.id`.as('own_journal'),
      'r.name as supplier_name',
      'pi.amount_mxn as invoice_amount_mxn',
      'i.rate_protection_micro as protected_rate_micro',
    ])
    .where('j.id', 'in', journalIds)
    .where('p.enterprise_id', '=', enterpriseId)
    .orderBy('j.id')
    .orderBy('pi.invoice_id')
    .execute() as Promise<JournalPaymentRow[]>;
}
