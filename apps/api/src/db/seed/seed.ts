import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { PasswordHasher } from '../../modules/auth/password-hasher.js';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.js';

/** Arbitrary constant for the advisory lock that keeps two starting replicas from both seeding. */
const SEED_LOCK_ID = 727_001;

/**
 * Loads the demo data into an empty database (no users yet). Each feature adds its own
 * seed step here, after the accounts.
 */
export async function seedDemoDataIfEmpty(db: Db, hasher: PasswordHasher): Promise<boolean> {
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (anyUser) return false;
    await seedDemoAccounts(trx, passwordHash);
    return true;
  });
}

export async function enterpriseIdOfUser(db: Db, email: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('enterprise_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.enterprise_id;
}
