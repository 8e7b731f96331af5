import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ConversionInvoicesTable, ConversionsTable } from '../../db/schema.js';

/** Which conversions a list shows. */
export type ConversionListFilter =
  /** Every conversion, newest first (history). */
  | 'ALL'
  /** Settled conversions with MXN not yet paid out, newest first (the MXN balance screen). */
  | 'SETTLED_UNPAID'
  /** Forwards not yet settled, soonest forward date first. */
  | 'ACTIVE_FORWARDS';

export type NewConversion = Insertable<ConversionsTable>;

export async function findConversion(
  db: Executor,
  enterpriseId: string,
  conversionId: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = db
    .selectFrom('conversions')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', conversionId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertConversion(db: Executor, conversion: NewConversion) {
  return db.insertInto('conversions').values(conversion).returningAll().executeTakeFirstOrThrow();
}

export async function listConversions(
  db: Executor,
  enterpriseId: string,
  filter: ConversionListFilter,
  page: { offset: number; limit: number },
) {
  let query = db.selectFrom('conversions').selectAll().where('enterprise_id', '=', enterpriseId);
  if (filter === 'SETTLED_UNPAID') {
    query = query.where('status', '=', 'SETTLED').whereRef('paid_mxn', '<', 'mxn_cents');
  }
  if (filter === 'ACTIVE_FORWARDS') {
    query = query
      .where('type', '=', 'FORWARD')
      .where('status', '=', 'ACTIVE')
      .orderBy('forward_date', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('tracking_id', 'asc');
  } else {
    query = query.orderBy('created_at', 'desc').orderBy('tracking_id', 'desc');
  }
  return query.offset(page.offset).limit(page.limit).execute();
}

export async function markSettled(db: Executor, conversionId: string, at: Date) {
  return db
    .updateTable('conversions')
    .set({ status: 'SETTLED', settled_at: at })
    .where('id', '=', conversionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves the conversion's assigned MXN; the row's CHECK keeps it within 0..mxn. */
export async function changeConversionAssigned(
  db: Executor,
  conversionId: string,
  deltaMxn: bigint,
) {
  return db
    .updateTable('conversions')
    .set((eb) => ({ assigned_mxn: eb('assigned_mxn', '+', deltaMxn) }))
    .where('id', '=', conversionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves the conversion's paid MXN when it stays within 0..mxn; answers whether it did. */
export async function changeConversionPaid(
  db: Executor,
  conversionId: string,
  deltaMxn: bigint,
): Promise<boolean> {
  const row = await db
    .updateTable('conversions')
    .set((eb) => ({ paid_mxn: eb('paid_mxn', '+', deltaMxn) }))
    .where('id', '=', conversionId)
    .where((eb) => eb(eb('paid_mxn', '+', deltaMxn), '>=', 0n))
    .where((eb) => eb(eb('paid_mxn', '+', deltaMxn), '<=', eb.ref('mxn_cents')))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves an assignment's paid MXN when it stays within 0..amount; answers whether it did. */
export async function changeAssignmentPaid(
  db: Executor,
  conversionId: string,
  invoiceId: string,
  deltaMxn: bigint,
): Promise<boolean> {
  const row = await db
    .updateTable('conversion_invoices')
    .set((eb) => ({ paid_mxn: eb('paid_mxn', '+', deltaMxn) }))
    .where('conversion_id', '=', conversionId)
    .where('invoice_id', '=', invoiceId)
    .where((eb) => eb(eb('paid_mxn', '+', deltaMxn), '>=', 0n))
    .where((eb) => eb(eb('paid_mxn', '+', deltaMxn), '<=', eb.ref('amount_mxn')))
    .returning('invoice_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findAssignments(
  db: Executor,
  conversionId: string,
): Promise<Array<Selectable<ConversionInvoicesTable>>> {
  return db
    .selectFrom('conversion_invoices')
    .selectAll()
    .where('conversion_id', '=', conversionId)
    .orderBy('created_at')
    .orderBy('invoice_id')
    .execute();
}

/**
 * The assignments of many conversions in one query, with each invoice's protected rate
 * (read here, not through the invoices service, because the gain is computed per row).
 */
export async function findAssignmentsWithProtection(
  db: Executor,
  enterpriseId: string,
  conversionIds: string[],
) {
  if (conversionIds.length === 0) return [];
  return db
    .selectFrom('conversion_invoices as ci')
    .innerJoin('invoices as i', 'i.id', 'ci.invoice_id')
    .select([
      'ci.conversion_id',
      'ci.invoice_id',
      'ci.amount_mxn',
      'ci.paid_mxn',
      'ci.created_at',
      'i.rate_protection_micro',
    ])
    .where('ci.enterprise_id', '=', enterpriseId)
    .where('ci.conversion_id', 'in', conversionIds)
    .orderBy('ci.created_at')
    .orderBy('ci.invoice_id')
    .execute();
}

export async function findAssignment(db: Executor, conversionId: string, invoiceId: string) {
  return db
    .selectFrom('conversion_invoices')
    .selectAll()
    .where('conversion_id', '=', conversionId)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
}

/** Assigns MXN of an invoice to a conversion, adding to an existing assignment of the pair. */
export async function addAssignment(
  db: Executor,
  assignment: {
    conversionId: string;
    invoiceId: string;
    enterpriseId: string;
    amountMxn: bigint;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('conversion_invoices')
    .values({
      conversion_id: assignment.conversionId,
      invoice_id: assignment.invoiceId,
      enterprise_id: assignment.enterpriseId,
      amount_mxn: assignment.amountMxn,
      created_at: assignment.createdAt,
    })
    .onConflict((oc) =>
      oc.columns(['conversion_id', 'invoice_id']).doUpdateSet((eb) => ({
        amount_mxn: eb('conversion_invoices.amount_mxn', '+', eb.ref('excluded.amount_mxn')),
      })),
    )
    .execute();
}

export async function reduceAssignment(
  db: Executor,
  conversionId: string,
  invoiceId: string,
  amountMxn: bigint,
): Promise<void> {
  await db
    .updateTable('conversion_invoices')
    .set((eb) => ({ amount_mxn: eb('amount_mxn', '-', amountMxn) }))
    .where('conversion_id', '=', conversionId)
    .where('invoice_id', '=', invoiceId)
    .execute();
}

export async function deleteAssignment(
  db: Executor,
  conversionId: string,
  invoiceId: string,
): Promise<void> {
  await db
    .deleteFrom('conversion_invoices')
    .where('conversion_id', '=', conversionId)
    .where('invoice_id', '=', invoiceId)
    .execute();
}

/** Most payments shown in a conversion's detail. */
export const CONVERSION_PAYMENTS_CAP = 500;

/**
 * The payments made out of a conversion, newest first, with their recipient. Read from
 * the payments tables directly: the conversion detail is a read model of this module.
 */
export async function findConversionPayments(
  db: Executor,
  enterpriseId: string,
  conversionId: string,
) {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_recipients as r', 'r.id', 'p.payment_recipient_id')
    .select([
      'p.id',
      'p.tracking_id',
      'p.type',
      'p.status',
      'p.amount_mxn',
      'p.amount_usd',
      'p.rate_micro',
      'p.concept',
      'p.tracking_key',
      'p.created_at',
      'p.completed_at',
      'r.id as recipient_id',
      'r.name as recipient_name',
    ])
    .where('p.enterprise_id', '=', enterpriseId)
    .where('p.conversion_id', '=', conversionId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.tracking_id', 'desc')
    .limit(CONVERSION_PAYMENTS_CAP)
    .execute();
}

/** The invoices each of these payments paid, with the invoice name. */
export async function findPaymentInvoices(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('payment_invoices as pi')
    .innerJoin('invoices as i', 'i.id', 'pi.invoice_id')
    .select(['pi.payment_id', 'pi.invoice_id', 'pi.amount_mxn', 'i.invoice_name'])
    .where('pi.payment_id', 'in', paymentIds)
    .orderBy('i.invoice_name')
    .orderBy('pi.invoice_id')
    .execute();
}
