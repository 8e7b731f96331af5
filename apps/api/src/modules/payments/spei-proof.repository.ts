import type { Executor } from '../../db/database.js';

/** The paying company as a SPEI proof names it (the ordering party). */
export async function findPayer(
  db: Executor,
  enterpriseId: string,
): Promise<{ name: string; tax_id: string | null } | undefined> {
  return db
    .selectFrom('enterprises')
    .select(['name', 'tax_id'])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
}
