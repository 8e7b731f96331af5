import type { Executor } from '../../db/database.js';

/** The paying company as a SPEI proof names it (the ordering party). */
export async function findPayer(
  db: Executor,
  enterpriseId: string,
): Promise<{ name: string; tax_id: string | null; time_zone: string } | undefined> {
  return db
    .selectFrom('enterprises')
    .select(['name', 'tax_id', 'time_zone'])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
}
