import type { Executor } from '../../db/database.js';

/** SQL of the back office's verification of companies (a grower sells only once verified). */

/** A marketplace company (never the operator) with what its verification rests on, locked. */
export async function lockCompany(db: Executor, enterpriseId: string) {
  return db
    .selectFrom('enterprises')
    .select([
      'id',
      'type',
      'verified',
      'paca_license',
      'tax_id',
      'clabe',
      'verification_reason',
      'verification_changed_at',
    ])
    .where('id', '=', enterpriseId)
    .where('type', '!=', 'operator')
    .forUpdate()
    .executeTakeFirst();
}

export async function findCompany(db: Executor, enterpriseId: string) {
  return db
    .selectFrom('enterprises')
    .select([
      'id',
      'type',
      'verified',
      'paca_license',
      'tax_id',
      'clabe',
      'verification_reason',
      'verification_changed_at',
    ])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
}

export async function setVerification(
  db: Executor,
  enterpriseId: string,
  decision: { verified: boolean; reason: string; at: Date },
): Promise<void> {
  await db
    .updateTable('enterprises')
    .set({
      verified: decision.verified,
      verification_reason: decision.reason,
      verification_changed_at: decision.at,
    })
    .where('id', '=', enterpriseId)
    .execute();
}
