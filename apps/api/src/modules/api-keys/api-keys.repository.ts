import type { Executor } from '../../db/database.js';
// eslint-disable-next-line no-restricted-imports -- a key acts as its creator: the same user-and-company row a session resolves, in the key's own query
import { selectUserWithEnterprise, type UserWithEnterprise } from '../auth/auth.repository.js';

/** SQL of the integrators' API keys. */

export interface ApiKeyRow {
  id: string;
  enterprise_id: string;
  created_by: string;
  name: string;
  scopes: string[];
  prefix: string;
  expires_at: Date;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = [
  'id',
  'enterprise_id',
  'created_by',
  'name',
  'scopes',
  'prefix',
  'expires_at',
  'created_at',
  'last_used_at',
  'revoked_at',
] as const;

export async function insertApiKey(
  db: Executor,
  row: Omit<ApiKeyRow, 'last_used_at' | 'revoked_at'> & { secret_hash: string },
): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ ...row, scopes: JSON.stringify(row.scopes) })
    .execute();
}

/** The company's keys, newest first, each with the name of the admin who created it. */
export async function listApiKeys(
  db: Executor,
  enterpriseId: string,
): Promise<Array<ApiKeyRow & { creator_first_name: string; creator_last_name: string }>> {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .select(COLUMNS.map((column) => `k.${column}` as const))
    .select(['u.first_name as creator_first_name', 'u.last_name as creator_last_name'])
    .where('k.enterprise_id', '=', enterpriseId)
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id')
    .execute();
}

export async function findApiKey(
  db: Executor,
  enterpriseId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Revokes a live key; answers whether it was live. */
export async function revokeApiKey(db: Executor, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface LiveKey extends UserWithEnterprise {
  keyId: string;
  keyName: string;
  scopes: string[];
  lastUsedAt: Date | null;
}

/**
 * The key of a secret hash that is neither revoked nor expired, with its creator (who must
 * still be an active ADMIN of the key's company).
 */
export async function findLiveKey(
  db: Executor,
  secretHash: string,
  now: Date,
): Promise<LiveKey | undefined> {
  return (
    selectUserWithEnterprise(db)
      .innerJoin('api_keys as k', (join) =>
        join.onRef('k.created_by', '=', 'u.id').onRef('k.enterprise_id', '=', 'u.enterprise_id'),
      )
      .select([
        'k.id as keyId',
        'k.name as keyName',
        'k.scopes as scopes',
        'k.last_used_at as lastUsedAt',
      ])
      .where('k.secret_hash', '=', secretHash)
      .where('k.revoked_at', 'is', null)
      .where('k.expires_at', '>', now)
      .where('u.active', '=', true)
      // A key stands for its creator's ADMIN role: it stops when the creator's role does.
      .where('u.team_role', '=', 'ADMIN')
      .executeTakeFirst()
  );
}

export async function touchApiKey(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
