import { createHash } from 'node:crypto';
import type { Db, Trx } from '../db/database.js';
import { AppError } from '../errors.js';
import { isNegativeBalanceViolation } from './ledger.service.js';

export interface MoneyWriteResult<T> {
  status: number;
  body: T;
}

export interface MoneyWriteRequest {
  enterpriseId: string;
  /** The `Idempotency-Key` header, when the client sent one. */
  idempotencyKey: string | undefined;
  /** Names the operation, so one key cannot be replayed against another endpoint. */
  operation: string;
  /** The parsed request body (bigints allowed). */
  body: unknown;
  now: Date;
}

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

function requestHash(operation: string, body: unknown): string {
  const canonical = JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(`${operation}\n${canonical}`).digest('hex');
}

/**
 * Runs one money write as one transaction. With an Idempotency-Key the key is claimed
 * first (a concurrent request with the same key waits on the claim), and the answer is
 * stored with the write: the same key and body replay that answer and move money once;
 * the same key with another body is refused. A write that fails stores nothing, so a
 * retry runs it again.
 */
export async function runMoneyWrite<T>(
  db: Db,
  request: MoneyWriteRequest,
  work: (trx: Trx) => Promise<MoneyWriteResult<T>>,
): Promise<MoneyWriteResult<T>> {
  const { idempotencyKey: key } = request;
  if (key !== undefined && (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH)) {
    throw new AppError('INVALID_INPUT', { field: 'Idempotency-Key' });
  }
  const hash = requestHash(request.operation, request.body);
  try {
    return await db.transaction().execute(async (trx) => {
      if (key !== undefined) {
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({
            enterprise_id: request.enterpriseId,
            key,
            request_hash: hash,
            response_status: 0,
            response_body: '',
            created_at: request.now,
          })
          .onConflict((oc) => oc.columns(['enterprise_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!claimed) {
          const previous = await trx
            .selectFrom('idempotency_keys')
            .select(['request_hash', 'response_status', 'response_body'])
            .where('enterprise_id', '=', request.enterpriseId)
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          if (previous.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          return {
            status: previous.response_status,
            body: JSON.parse(previous.response_body) as T,
          };
        }
      }
      const result = await work(trx);
      if (key !== undefined) {
        await trx
          .updateTable('idempotency_keys')
          .set({ response_status: result.status, response_body: JSON.stringify(result.body) })
          .where('enterprise_id', '=', request.enterpriseId)
          .where('key', '=', key)
          .execute();
      }
      return result;
    });
  } catch (error) {
    // The ledger checks balances under lock; the database CHECK is the last guard.
    if (isNegativeBalanceViolation(error)) throw new AppError('INSUFFICIENT_FUNDS');
    throw error;
  }
}

/** Drops keys older than their 24-hour life. */
export async function deleteExpiredIdempotencyKeys(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
