import { createHash } from 'node:crypto';
import type { Db, Trx } from '../db/database.js';
import { AppError } from '../errors.js';
import * as repo from './idempotency.repository.js';
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

/** An Idempotency-Key and the hash of the request it came with (DESIGN §4). */
export interface IdempotencyClaim {
  enterpriseId: string;
  key: string;
  requestHash: string;
  createdAt: Date;
}

/** The request's claim when it has an Idempotency-Key; refuses a key of a bad length. */
export function idempotencyClaimOf(request: MoneyWriteRequest): IdempotencyClaim | undefined {
  const { idempotencyKey: key } = request;
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError('INVALID_INPUT', { field: 'Idempotency-Key' });
  }
  return {
    enterpriseId: request.enterpriseId,
    key,
    requestHash: requestHash(request.operation, request.body),
    createdAt: request.now,
  };
}

/** What a key's first request answered, replayed only for the same request. */
export interface StoredAnswer {
  request_hash: string;
  response_status: number;
  response_body: string;
}

export function replayStoredAnswer<T>(
  claim: IdempotencyClaim,
  stored: StoredAnswer,
): MoneyWriteResult<T> {
  if (stored.request_hash !== claim.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { status: stored.response_status, body: JSON.parse(stored.response_body) as T };
}

/**
 * Replays the answer of a key that another request claimed after this one looked for it
 * (that claim has committed with its answer, or this request would have claimed the key).
 */
export async function replayKeyClaimedMeanwhile<T>(
  db: Db,
  claim: IdempotencyClaim,
): Promise<MoneyWriteResult<T>> {
  return replayStoredAnswer<T>(
    claim,
    await repo.requireStoredAnswer(db, claim.enterpriseId, claim.key),
  );
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
  const claim = idempotencyClaimOf(request);
  try {
    return await db.transaction().execute(async (trx) => {
      if (claim !== undefined) {
        const claimed = await repo.claimIdempotencyKey(trx, claim);
        if (!claimed) {
          return replayStoredAnswer<T>(
            claim,
            await repo.requireStoredAnswer(trx, claim.enterpriseId, claim.key),
          );
        }
      }
      const result = await work(trx);
      if (claim !== undefined) {
        await repo.storeAnswer(trx, claim, {
          status: result.status,
          body: JSON.stringify(result.body),
        });
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
  await repo.deleteIdempotencyKeysBefore(db, before);
}
