import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { IdempotencyClaim, StoredAnswer } from './money-write.js';

/**
 * Claims the key with an empty answer, filled in by `storeAnswer` before the claiming
 * transaction commits. A concurrent claim of the same key waits for that transaction and
 * then finds the key taken (or free again, if it rolled back). Answers whether it claimed.
 */
export async function claimIdempotencyKey(db: Executor, claim: IdempotencyClaim): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      enterprise_id: claim.enterpriseId,
      key: claim.key,
      request_hash: claim.requestHash,
      response_status: 0,
      response_body: '',
      created_at: claim.createdAt,
    })
    .onConflict((oc) => oc.columns(['enterprise_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function storeAnswer(
  db: Executor,
  claim: IdempotencyClaim,
  answer: { status: number; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: answer.status, response_body: answer.body })
    .where('enterprise_id', '=', claim.enterpriseId)
    .where('key', '=', claim.key)
    .execute();
}

export async function findStoredAnswer(
  db: Executor,
  enterpriseId: string,
  key: string,
): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('enterprise_id', '=', enterpriseId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The answer of a key found taken (its claim has committed, so it is there). */
export async function requireStoredAnswer(
  db: Executor,
  enterpriseId: string,
  key: string,
): Promise<StoredAnswer> {
  const stored = await findStoredAnswer(db, enterpriseId, key);
  if (!stored) throw new Error(`Idempotency key ${key} is taken but not stored`);
  return stored;
}

/**
 * A `claim` CTE for a write made in one statement: it claims the key with the answer
 * already in it, and returns a row only when this statement claimed it. The statement's
 * other parts write only `where exists (select from claim)`.
 */
export function claimWithAnswerCte(
  claim: IdempotencyClaim,
  answer: { status: number; body: string },
): RawBuilder<unknown> {
  return sql`claim as (
    insert into idempotency_keys
      (enterprise_id, key, request_hash, response_status, response_body, created_at)
    values (${claim.enterpriseId}::uuid, ${claim.key}, ${claim.requestHash}, ${answer.status},
      ${answer.body}, ${claim.createdAt}::timestamptz)
    on conflict (enterprise_id, key) do nothing
    returning key)`;
}

export async function deleteIdempotencyKeysBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
