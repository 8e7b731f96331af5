import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export async function findDepositReference(
  db: Executor,
  enterpriseId: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('enterprises')
    .select('deposit_reference')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.deposit_reference;
}

/** Sets the reference unless one is set; answers whether this call set it. */
export async function setDepositReference(
  db: Executor,
  enterpriseId: string,
  reference: string,
): Promise<void> {
  await db
    .updateTable('enterprises')
    .set({ deposit_reference: reference })
    .where('id', '=', enterpriseId)
    .where('deposit_reference', 'is', null)
    .execute();
}

export async function enterpriseExists(db: Executor, enterpriseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('enterprises')
    .select('id')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findDeposit(db: Executor, bankReference: string) {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('bank_reference', '=', bankReference)
    .executeTakeFirst();
}

export async function insertDeposit(
  db: Executor,
  deposit: {
    bankReference: string;
    enterpriseId: string;
    amountUsd: bigint;
    journalId: string;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('deposits')
    .values({
      bank_reference: deposit.bankReference,
      enterprise_id: deposit.enterpriseId,
      amount_usd: deposit.amountUsd,
      journal_id: deposit.journalId,
      created_at: deposit.createdAt,
    })
    .execute();
}

/** Lock so two credits of one bank reference queue instead of racing. */
export async function lockBankReference(db: Executor, bankReference: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${bankReference}))`.execute(db);
}

export async function listEnterprisesWithBalances(
  db: Executor,
  page: { offset: number; limit: number },
) {
  return db
    .selectFrom('enterprises as e')
    .leftJoin('ledger_accounts as usd', (join) =>
      join.onRef('usd.enterprise_id', '=', 'e.id').on('usd.kind', '=', 'USD_AVAILABLE'),
    )
    .leftJoin('ledger_accounts as mxn', (join) =>
      join.onRef('mxn.enterprise_id', '=', 'e.id').on('mxn.kind', '=', 'MXN_AVAILABLE'),
    )
    .leftJoin('ledger_accounts as held', (join) =>
      join.onRef('held.enterprise_id', '=', 'e.id').on('held.kind', '=', 'USD_FORWARD_DEPOSIT'),
    )
    .select([
      'e.id',
      'e.name',
      'e.type',
      'e.verified',
      'e.deposit_reference',
      'usd.balance as usd',
      'mxn.balance as mxn',
      'held.balance as held',
    ])
    .where('e.type', '!=', 'operator')
    .orderBy('e.name')
    .orderBy('e.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countEnterprises(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('enterprises')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('type', '!=', 'operator')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
