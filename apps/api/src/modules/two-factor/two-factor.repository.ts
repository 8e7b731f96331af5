import type { Executor } from '../../db/database.js';

/** SQL of second factors (TOTP secrets and recovery codes). */

export interface SecondFactorRow {
  userId: string;
  email: string;
  enterpriseId: string;
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
  requireTotp: boolean;
}

export async function findSecondFactor(
  db: Executor,
  userId: string,
): Promise<SecondFactorRow | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .select([
      'u.id as userId',
      'u.email as email',
      'u.enterprise_id as enterpriseId',
      'u.totp_secret as secret',
      'u.totp_pending_secret as pendingSecret',
      'u.totp_enabled_at as enabledAt',
      'e.require_totp as requireTotp',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function setPendingSecret(
  db: Executor,
  userId: string,
  sealed: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_pending_secret: sealed })
    .where('id', '=', userId)
    .execute();
}

/** Turns the pending secret into the user's factor; false when another request did first. */
export async function enableSecret(
  db: Executor,
  userId: string,
  sealedPending: string,
  now: Date,
  step: bigint,
): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({
      totp_secret: sealedPending,
      totp_pending_secret: null,
      totp_enabled_at: now,
      totp_last_step: step,
    })
    .where('id', '=', userId)
    .where('totp_pending_secret', '=', sealedPending)
    .where('totp_enabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes a time step once: false when that step (or a later one) was already used. */
export async function claimTimeStep(db: Executor, userId: string, step: bigint): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function clearSecondFactor(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(
      hashes.map((hash) => ({ user_id: userId, code_hash: hash, created_at: now, used_at: null })),
    )
    .execute();
}

/** Uses an unused recovery code; false when there is none with this hash. */
export async function useRecoveryCode(
  db: Executor,
  userId: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findMember(
  db: Executor,
  enterpriseId: string,
  userId: string,
): Promise<{ id: string; enabledAt: Date | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'totp_enabled_at as enabledAt'])
    .where('id', '=', userId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
}

export async function companyRequiresTotp(db: Executor, enterpriseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('enterprises')
    .select('require_totp')
    .where('id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  return row.require_totp;
}

export async function setCompanyRequiresTotp(
  db: Executor,
  enterpriseId: string,
  required: boolean,
): Promise<void> {
  await db
    .updateTable('enterprises')
    .set({ require_totp: required })
    .where('id', '=', enterpriseId)
    .execute();
}
