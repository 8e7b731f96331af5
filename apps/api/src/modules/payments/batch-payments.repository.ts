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
  items: Array<{
    status: PaymentBatchItemStatus;
    paymentId: string | null;
    code: string | null;
    asked: BatchItemAsked;
  }>,
): Promise<void> {
  // 1,000 items × 9 columns stays far below PostgreSQL's 65,535 parameters.
  await db
    .insertInto('payment_batch_items')
    .values(
      items.map((item, position) => ({
        batch_id: batchId,
        position,
        status: item.status,
        payment_id: item.paymentId,
        code: item.code,
        invoice_name: item.asked.invoiceName,
        payee_name: item.asked.payeeName,
        amount_mxn: item.asked.amountMxn,
        concept: item.asked.concept,
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
    .select([
      'position',
      'status',
      'payment_id',
      'code',
      'invoice_name',
      'payee_name',
      'amount_mxn',
      'concept',
    ])
    .where('batch_id', '=', batchId)
    .orderBy('position')
    .execute();
}

/** What one item asked for, as it stood when the batch ran. */
export interface BatchItemAsked {
  invoiceName: string | null;
  payeeName: string | null;
  amountMxn: bigint | null;
  concept: string | null;
}

/**
 * The company's invoices (their number, payee and what is left to pay) and suppliers (their
 * name) that a batch names, deleted ones included; ids of nothing of the company's are absent.
 */
export async function findAskedOf(
  db: Executor,
  enterpriseId: string,
  ids: { invoiceIds: string[]; recipientIds: string[] },
) {
  const [invoices, recipients] = await Promise.all([
    ids.invoiceIds.length === 0
      ? []
      : db
          .selectFrom('invoices as i')
          .innerJoin('payment_recipients as r', 'r.id', 'i.payment_recipient_id')
          .select(['i.id', 'i.invoice_name', 'r.name as payee_name', 'i.total_mxn', 'i.paid_mxn'])
          .where('i.enterprise_id', '=', enterpriseId)
          .where('i.id', 'in', ids.invoiceIds)
          .execute(),
    ids.recipientIds.length === 0
      ? []
      : db
          .selectFrom('payment_recipients')
          .select(['id', 'name'])
          .where('enterprise_id', '=', enterpriseId)
          .where('id', 'in', ids.recipientIds)
          .execute(),
  ]);
  return {
    invoices: new Map(invoices.map((row) => [row.id, row])),
    recipients: new Map(recipients.map((row) => [row.id, row.name])),
  };
}
