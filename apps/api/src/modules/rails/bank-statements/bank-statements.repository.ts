import type { Executor } from '../../../db/database.js';
import type {
  BankStatementEntriesTable,
  BankStatementFilesTable,
  BankStatementEntryStatus,
} from '../../../db/schema.js';

export type StatementEntryRow = BankStatementEntriesTable;

export async function insertFile(db: Executor, file: BankStatementFilesTable): Promise<void> {
  await db.insertInto('bank_statement_files').values(file).execute();
}

export async function findEntryByReference(
  db: Executor,
  bankReference: string,
): Promise<StatementEntryRow | undefined> {
  return db
    .selectFrom('bank_statement_entries')
    .selectAll()
    .where('bank_reference', '=', bankReference)
    .executeTakeFirst();
}

export async function insertEntry(db: Executor, entry: StatementEntryRow): Promise<void> {
  await db.insertInto('bank_statement_entries').values(entry).execute();
}

/** Enterprises whose deposit reference is one of these (customers only: never the house). */
export async function findEnterprisesByDepositReference(
  db: Executor,
  references: string[],
): Promise<Array<{ id: string; deposit_reference: string | null }>> {
  if (references.length === 0) return [];
  return db
    .selectFrom('enterprises')
    .select(['id', 'deposit_reference'])
    .where('deposit_reference', 'in', references)
    .where('type', '!=', 'operator')
    .execute();
}

export async function lockEntry(
  db: Executor,
  entryId: string,
): Promise<StatementEntryRow | undefined> {
  return db
    .selectFrom('bank_statement_entries')
    .selectAll()
    .where('id', '=', entryId)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideEntry(
  db: Executor,
  entryId: string,
  decision: {
    status: BankStatementEntryStatus;
    enterpriseId: string | null;
    userId: string;
    at: Date;
    rejectReason: string | null;
  },
): Promise<void> {
  await db
    .updateTable('bank_statement_entries')
    .set({
      status: decision.status,
      enterprise_id: decision.enterpriseId,
      decided_by_user_id: decision.userId,
      decided_at: decision.at,
      reject_reason: decision.rejectReason,
    })
    .where('id', '=', entryId)
    .execute();
}

/** The waiting entries, oldest first, with the file each came in (partial index). */
export async function listUnmatched(db: Executor, page: { offset: number; limit: number }) {
  return db
    .selectFrom('bank_statement_entries as e')
    .innerJoin('bank_statement_files as f', 'f.id', 'e.file_id')
    .select([
      'e.id',
      'e.bank_reference',
      'e.amount_usd',
      'e.booking_date',
      'e.debtor_name',
      'e.end_to_end_id',
      'e.remittance',
      'e.created_at',
      'f.file_name',
      'f.format',
    ])
    .where('e.status', '=', 'UNMATCHED')
    .orderBy('e.created_at')
    .orderBy('e.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countUnmatched(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('bank_statement_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'UNMATCHED')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The day's booked credits that no one has credited yet (received at the bank, not here). */
export async function listUncreditedOn(db: Executor, day: string) {
  return (
    db
      .selectFrom('bank_statement_entries as e')
      // An entry whose reference was credited by hand with another amount is a difference
      // of amounts, not an uncredited one.
      .leftJoin('deposits as d', 'd.bank_reference', 'e.bank_reference')
      .select(['e.id', 'e.bank_reference', 'e.amount_usd', 'e.remittance'])
      .where('e.booking_date', '=', day)
      .where('e.status', '=', 'UNMATCHED')
      .where('d.bank_reference', 'is', null)
      .orderBy('e.created_at')
      .limit(1000)
      .execute()
  );
}

/** The day's entries whose bank reference was credited here with another amount. */
export async function listAmountMismatchesOn(db: Executor, day: string) {
  return db
    .selectFrom('bank_statement_entries as e')
    .innerJoin('deposits as d', 'd.bank_reference', 'e.bank_reference')
    .select([
      'e.id',
      'e.bank_reference',
      'e.amount_usd',
      'd.amount_usd as credited_usd',
      'd.enterprise_id',
    ])
    .where('e.booking_date', '=', day)
    .where('e.status', '!=', 'REJECTED')
    .whereRef('d.amount_usd', '!=', 'e.amount_usd')
    .limit(1000)
    .execute();
}

/** Credits made in [from, to) whose bank reference no imported statement holds. */
export async function listCreditsWithoutStatement(db: Executor, from: Date, to: Date) {
  return db
    .selectFrom('deposits as d')
    .leftJoin('bank_statement_entries as e', 'e.bank_reference', 'd.bank_reference')
    .select(['d.bank_reference', 'd.amount_usd', 'd.enterprise_id'])
    .where('d.created_at', '>=', from)
    .where('d.created_at', '<', to)
    .where('e.id', 'is', null)
    .orderBy('d.created_at')
    .limit(1000)
    .execute();
}
