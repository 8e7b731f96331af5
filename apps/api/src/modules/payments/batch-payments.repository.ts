import type { Executor } from '../../db/database.js';
import type { PaymentBatchItemStatus } from '../../db/schema.js';

/** Payment batches and each item's outcome (`payment_batches`, `payment_batch_items`). */

export async function insertBatch(
  db: Executor,
  batch: {
    id: string;
    enterpriseId: string;
    quoteId: string;
    rateMicro: bigint;
    itemCount: number;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('payment_batches')
    .values({
      id: batch.id,
      enterprise_id: batch.enterpriseId,
      quote_id: batch.quoteId,
      rate_micro: batch.rateMicro,
      item_count: batch.itemCount,
      created_at: batch.createdAt,
    })
    .execute();
}

export async function insertBatchItems(
  db: Executor,
  batchId: string,
  items: Array<{ status: PaymentBatchItemStatus; paymentId: string | null; code: string | null }>,
): Promise<void> {
  // 1,000 items × 5 columns stays far below PostgreSQL's 65,535 parameters.
  await db
    .insertInto('payment_batch_items')
    .values(
      items.map((item, position) => ({
        batch_id: batchId,
        position,
        status: item.status,
        payment_id: item.paymentId,
        code: item.code,
      })),
    )
    .execute();
}

export async function findBatch(db: Executor, enterpriseId: string, batchId: string) {
  return db
    .selectFrom('payment_batches')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', batchId)
    .executeTakeFirst();
}

/** The items of a batch in their request order (primary key). */
export async function listBatchItems(db: Executor, batchId: string) {
  return db
    .selectFrom('payment_batch_items')
    .select(['position', 'status', 'payment_id', 'code'])
    .where('batch_id', '=', batchId)
    .orderBy('position')
    .execute();
}
