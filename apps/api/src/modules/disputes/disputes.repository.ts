import type { Insertable, Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database.js';
import type { DisputeImagesTable, DisputesTable } from '../../db/schema.js';
import type { DisputeTab } from './dispute-categories.js';

export type DisputeRow = Selectable<DisputesTable>;
export type DisputeImageRow = Selectable<DisputeImagesTable>;

/** Who reads a dispute: one of its two parties, or the back office (any dispute). */
export type DisputeViewer =
  { side: 'buyer' | 'vendor'; enterpriseId: string } | { side: 'operator' };

/** The enterprise a party viewer is scoped to, on the buyer or the vendor side. */
function scopeOf(viewer: DisputeViewer): { buyer: string | null; vendor: string | null } {
  return {
    buyer: viewer.side === 'buyer' ? viewer.enterpriseId : null,
    vendor: viewer.side === 'vendor' ? viewer.enterpriseId : null,
  };
}

export async function insertDispute(trx: Trx, row: Insertable<DisputesTable>): Promise<DisputeRow> {
  return trx.insertInto('disputes').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findDispute(
  db: Executor,
  viewer: DisputeViewer,
  disputeId: string,
  options: { forUpdate?: boolean } = {},
): Promise<DisputeRow | undefined> {
  const scope = scopeOf(viewer);
  let query = db
    .selectFrom('disputes as d')
    .selectAll('d')
    .where('d.id', '=', disputeId)
    .$if(scope.buyer !== null, (qb) => qb.where('d.buyer_enterprise_id', '=', scope.buyer ?? ''))
    .$if(scope.vendor !== null, (qb) =>
      qb.where('d.vendor_enterprise_id', '=', scope.vendor ?? ''),
    );
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

function viewQuery(db: Executor, viewer: DisputeViewer) {
  const scope = scopeOf(viewer);
  return db
    .selectFrom('disputes as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .innerJoin('enterprises as b', 'b.id', 'd.buyer_enterprise_id')
    .innerJoin('enterprises as v', 'v.id', 'd.vendor_enterprise_id')
    .selectAll('d')
    .select(['o.tracking_id as order_tracking_id', 'b.name as buyer_name', 'v.name as vendor_name'])
    .select([
      'o.held_cents as order_held_cents',
      'o.refunded_cents as order_refunded_cents',
      'o.payout_usd_cents as order_payout_usd_cents',
      'o.payment_status as order_payment_status',
    ])
    .select((eb) =>
      eb
        .selectFrom('dispute_images as i')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('i.dispute_id', '=', 'd.id')
        .as('image_count'),
    )
    .$if(scope.buyer !== null, (qb) => qb.where('d.buyer_enterprise_id', '=', scope.buyer ?? ''))
    .$if(scope.vendor !== null, (qb) =>
      qb.where('d.vendor_enterprise_id', '=', scope.vendor ?? ''),
    );
}

export type DisputeView = NonNullable<Awaited<ReturnType<typeof findDisputeView>>>;

export async function findDisputeView(db: Executor, viewer: DisputeViewer, disputeId: string) {
  return viewQuery(db, viewer).where('d.id', '=', disputeId).executeTakeFirst();
}

/** A page of disputes in one tab, newest first (disputes_buyer / _vendor / _status). */
export async function listDisputeViews(
  db: Executor,
  viewer: DisputeViewer,
  tab: DisputeTab,
  page: { offset: number; limit: number },
) {
  return viewQuery(db, viewer)
    .where('d.status', '=', tab === 'finalized' ? 'FINALIZED' : 'IN_PROCESS')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countDisputes(
  db: Executor,
  viewer: DisputeViewer,
  tab: DisputeTab,
): Promise<number> {
  const scope = scopeOf(viewer);
  const row = await db
    .selectFrom('disputes as d')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('d.status', '=', tab === 'finalized' ? 'FINALIZED' : 'IN_PROCESS')
    .$if(scope.buyer !== null, (qb) => qb.where('d.buyer_enterprise_id', '=', scope.buyer ?? ''))
    .$if(scope.vendor !== null, (qb) => qb.where('d.vendor_enterprise_id', '=', scope.vendor ?? ''))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findOpenDispute(db: Executor, orderId: string) {
  return db
    .selectFrom('disputes')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'IN_PROCESS')
    .executeTakeFirst();
}

export async function updateDispute(
  trx: Trx,
  disputeId: string,
  fields: Partial<
    Pick<
      DisputeRow,
      'status' | 'in_charge' | 'resolution' | 'vendor_answer' | 'vendor_answered_at' | 'final_date'
    >
  >,
): Promise<void> {
  await trx.updateTable('disputes').set(fields).where('id', '=', disputeId).execute();
}

/** The photos one side (buyer or grower) has attached to a dispute. */
export async function countImages(
  db: Executor,
  disputeId: string,
  side: 'buyer' | 'vendor',
): Promise<number> {
  const row = await db
    .selectFrom('dispute_images')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('dispute_id', '=', disputeId)
    .where('uploaded_by', '=', side)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertImage(trx: Trx, row: Insertable<DisputeImagesTable>): Promise<void> {
  await trx.insertInto('dispute_images').values(row).execute();
}

export async function findImages(db: Executor, disputeId: string): Promise<DisputeImageRow[]> {
  return db
    .selectFrom('dispute_images')
    .selectAll()
    .where('dispute_id', '=', disputeId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findImage(
  db: Executor,
  disputeId: string,
  imageId: string,
): Promise<DisputeImageRow | undefined> {
  return db
    .selectFrom('dispute_images')
    .selectAll()
    .where('dispute_id', '=', disputeId)
    .where('id', '=', imageId)
    .executeTakeFirst();
}
