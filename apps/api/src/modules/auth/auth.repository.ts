import { sql } from 'kysely';
import type { EnterpriseType, Role, TeamRole } from '@app/domain';
import type { Executor } from '../../db/database.js';

/** SQL of accounts and sessions. Every function takes the database or a transaction first. */

export interface UserWithEnterprise {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isManager: boolean;
  teamRole: TeamRole;
  passwordHash: string;
  active: boolean;
  enterpriseId: string;
  enterpriseName: string;
  enterpriseType: EnterpriseType;
  enterpriseVerified: boolean;
  totpEnabledAt: Date | null;
  companyRequiresTotp: boolean;
  companyTimeZone: string;
}

export function selectUserWithEnterprise(db: Executor) {
  return db
    .selectFrom('users as u')
    .innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .select([
      'u.id as userId',
      'u.email as email',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.role as role',
      'u.is_manager as isManager',
      'u.team_role as teamRole',
      'u.password_hash as passwordHash',
      'u.active as active',
      'e.id as enterpriseId',
      'e.name as enterpriseName',
      'e.type as enterpriseType',
      'e.verified as enterpriseVerified',
      'u.totp_enabled_at as totpEnabledAt',
      'e.require_totp as companyRequiresTotp',
      'e.time_zone as companyTimeZone',
    ]);
}

export async function findUserByEmail(
  db: Executor,
  email: string,
): Promise<UserWithEnterprise | undefined> {
  return selectUserWithEnterprise(db).where('u.email', '=', email).executeTakeFirst();
}

export async function findUserById(
  db: Executor,
  userId: string,
): Promise<UserWithEnterprise | undefined> {
  return selectUserWithEnterprise(db).where('u.id', '=', userId).executeTakeFirst();
}

export async function emailExists(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEnterprise(
  db: Executor,
  enterprise: { id: string; name: string; type: EnterpriseType; verified?: boolean },
): Promise<void> {
  await db
    .insertInto('enterprises')
    .values({
      id: enterprise.id,
      name: enterprise.name,
      type: enterprise.type,
      verified: enterprise.verified ?? false,
      legal_address: null,
      paca_license: null,
      blue_book_number: null,
      tax_id: null,
      description: null,
    })
    .execute();
}

export async function insertUser(
  db: Executor,
  user: {
    id: string;
    enterpriseId: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    passwordHash: string;
    role: Role;
    isManager: boolean;
    /** ADMIN for a manager; otherwise PREPARER unless given. */
    teamRole?: TeamRole;
    jobTitle?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      enterprise_id: user.enterpriseId,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      job_title: user.jobTitle ?? null,
      password_hash: user.passwordHash,
      role: user.role,
      is_manager: user.isManager,
      team_role: user.isManager ? 'ADMIN' : (user.teamRole ?? 'PREPARER'),
    })
    .execute();
}

export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}

export async function insertSession(
  db: Executor,
  session: { id: string; tokenHash: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

export interface ActiveSession extends UserWithEnterprise {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The session of a token that is not revoked and has not passed either deadline. */
export async function findActiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<ActiveSession | undefined> {
  return selectUserWithEnterprise(db)
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select(['s.id as sessionId', 's.last_seen_at as lastSeenAt', 's.expires_at as expiresAt'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('u.active', '=', true)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', now)
    .execute();
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSessionsOfUser(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Rows the previous release wrote (migration 0022): nothing reads them any more. */
export async function deleteLoginFailuresBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<', before).execute();
}

export async function insertPasswordReset(
  db: Executor,
  reset: { id: string; tokenHash: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      id: reset.id,
      token_hash: reset.tokenHash,
      user_id: reset.userId,
      created_at: reset.now,
      expires_at: reset.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks an unused, unexpired reset as used and returns its user; undefined when there is none. */
export async function consumePasswordReset(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Voids every unused link (reset or invitation) of the user: one was used, or the password changed. */
export async function voidPasswordResetsOfUser(
  db: Executor,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Arbitrary first key of the advisory locks that serialize recovery requests per address. */
const RECOVERY_LOCK_NAMESPACE = 727_002;

/**
 * Records a recovery request for the address unless it has had `max` since `since`; the
 * address's advisory lock (held to the caller's commit) makes the count and the insert one
 * step across replicas. The same statements run whether the address has an account or not.
 */
export async function recordRecoveryRequest(
  trx: Executor,
  request: { id: string; email: string; now: Date; since: Date; max: number },
): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(${RECOVERY_LOCK_NAMESPACE}, hashtext(${request.email}))`.execute(
    trx,
  );
  const row = await trx
    .selectFrom('password_recovery_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('email', '=', request.email)
    .where('created_at', '>', request.since)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= request.max) return false;
  await trx
    .insertInto('password_recovery_requests')
    .values({ id: request.id, email: request.email, created_at: request.now, processed_at: null })
    .execute();
  return true;
}

/** Claims up to `limit` unprocessed recovery requests (skipping those another replica holds). */
export async function claimRecoveryRequests(
  trx: Executor,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; email: string }>> {
  return trx
    .updateTable('password_recovery_requests')
    .set({ processed_at: now })
    .where(
      'id',
      'in',
      trx
        .selectFrom('password_recovery_requests')
        .select('id')
        .where('processed_at', 'is', null)
        .orderBy('created_at')
        .limit(limit)
        .modifyEnd(sql`for update skip locked`),
    )
    .returning(['id', 'email'])
    .execute();
}

export async function deleteRecoveryRequestsBefore(db: Executor, before: Date): Promise<void> {
  await db
    .deleteFrom('password_recovery_requests')
    .where('created_at', '<', before)
    .where('processed_at', 'is not', null)
    .execute();
}
