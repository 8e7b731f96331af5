import { sql } from 'kysely';
import type { EnterpriseType, Role } from '@app/domain';
import type { Executor } from '../../db/database.js';

/** SQL of accounts and sessions. Every function takes the database or a transaction first. */

export interface UserWithEnterprise {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isManager: boolean;
  passwordHash: string;
  active: boolean;
  enterpriseId: string;
  enterpriseName: string;
  enterpriseType: EnterpriseType;
  enterpriseVerified: boolean;
}

function selectUserWithEnterprise(db: Executor) {
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
      'u.password_hash as passwordHash',
      'u.active as active',
      'e.id as enterpriseId',
      'e.name as enterpriseName',
      'e.type as enterpriseType',
      'e.verified as enterpriseVerified',
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

export async function recordLoginFailure(
  db: Executor,
  failure: { email: string; ip: string; at: Date },
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ email: failure.email, ip: failure.ip, created_at: failure.at })
    .execute();
}

export async function countLoginFailures(
  db: Executor,
  by: { email: string; ip: string; since: Date },
): Promise<{ byEmail: number; byIp: number }> {
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<string>`count(*) filter (where email = ${by.email})`.as('byEmail'),
      sql<string>`count(*) filter (where ip = ${by.ip})`.as('byIp'),
    ])
    .where('created_at', '>', by.since)
    .where((eb) => eb.or([eb('email', '=', by.email), eb('ip', '=', by.ip)]))
    .executeTakeFirstOrThrow();
  return { byEmail: Number(row.byEmail), byIp: Number(row.byIp) };
}

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
