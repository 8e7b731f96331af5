import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database.js';
import type { InvoiceStatus, InvoicesTable } from '../../db/schema.js';

/**
 * Invoices and what covers them. Besides `invoices` and `payment_recipients` this reads
 * `conversion_invoices` + `conversions` (each assignment at its conversion's rate) and
 * `payment_invoices` + `payments` (PAY_NOW payments, which have no conversion) to value
 * an invoice; it writes only `invoices`.
 */

export interface InvoiceFilter {
  recipientId?: string | undefined;
  status?: InvoiceStatus | undefined;
  /** Only invoices with MXN still to assign (total − assigned > 0). */
  unassignedOnly?: boolean;
  ids?: string[];
  includeDeleted?: boolean;
}

/** One invoice with its supplier and its covering parts ("mxnCents:rateMicro,…"). */
export interface DescribedInvoiceRow {
  id: string;
  invoice_name: string;
  payment_recipient_id: string;
  recipient_name: string;
  clabe: string;
  purchase_date: string;
  credit_period_days: number;
  due_date: string;
  total_mxn: bigint;
  assigned_mxn: bigint;
  paid_mxn: bigint;
  rate_protection_micro: bigint;
  status: InvoiceStatus;
  created_at: Date;
  conversion_parts: string | null;
  pay_now_parts: string | null;
}

export async function findInvoice(
  db: Executor,
  enterpriseId: string,
  invoiceId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Selectable<InvoicesTable> | undefined> {
  let query = db
    .selectFrom('invoices')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', invoiceId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Locks an invoice by id alone (for callers that already checked the tenant). */
export async function lockInvoice(
  trx: Trx,
  invoiceId: string,
): Promise<Selectable<InvoicesTable> | undefined> {
  return trx
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateAmounts(
  trx: Trx,
  invoiceId: string,
  amounts: { assigned: bigint; paid: bigint; status: InvoiceStatus },
): Promise<void> {
  await trx
    .updateTable('invoices')
    .set({ assigned_mxn: amounts.assigned, paid_mxn: amounts.paid, status: amounts.status })
    .where('id', '=', invoiceId)
    .execute();
}

export interface InvoiceFields {
  payment_recipient_id: string;
  invoice_name: string;
  purchase_date: string;
  credit_period_days: number;
  due_date: string;
  total_mxn: bigint;
  rate_protection_micro: bigint;
}

export async function insertInvoice(
  db: Executor,
  row: InvoiceFields & { id: string; enterprise_id: string; created_at: Date },
): Promise<void> {
  await db
    .insertInto('invoices')
    .values({ ...row, status: 'TO_PAY', deleted_at: null })
    .execute();
}

export async function updateInvoice(
  trx: Trx,
  enterpriseId: string,
  invoiceId: string,
  fields: InvoiceFields & { status: InvoiceStatus },
): Promise<void> {
  await trx
    .updateTable('invoices')
    .set(fields)
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', invoiceId)
    .execute();
}

export async function softDeleteInvoice(
  trx: Trx,
  enterpriseId: string,
  invoiceId: string,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('invoices')
    .set({ deleted_at: at })
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', invoiceId)
    .execute();
}

/** Whether the invoice is attached to this enterprise's conversion. */
export async function isAttachedToConversion(
  db: Executor,
  enterpriseId: string,
  conversionId: string,
  invoiceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('conversion_invoices as ci')
    .innerJoin('conversions as c', 'c.id', 'ci.conversion_id')
    .select('ci.invoice_id')
    .where('c.enterprise_id', '=', enterpriseId)
    .where('ci.enterprise_id', '=', enterpriseId)
    .where('ci.conversion_id', '=', conversionId)
    .where('ci.invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return row !== undefined;
}

function conditions(enterpriseId: string, filter: InvoiceFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`i.enterprise_id = ${enterpriseId}`];
  if (!filter.includeDeleted) parts.push(sql`i.deleted_at is null`);
  if (filter.recipientId !== undefined) {
    parts.push(sql`i.payment_recipient_id = ${filter.recipientId}`);
  }
  if (filter.status !== undefined) parts.push(sql`i.status = ${filter.status}`);
  if (filter.unassignedOnly) parts.push(sql`i.assigned_mxn < i.total_mxn`);
  if (filter.ids !== undefined) {
    parts.push(
      filter.ids.length === 0
        ? sql`false`
        : sql`i.id in (${sql.join(filter.ids.map((id) => sql`${id}::uuid`))})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * The invoices of a filter, newest first, each with its supplier and covering parts, in
 * one statement (the parts are correlated sub-selects on the invoice_id indexes).
 */
export async function listDescribed(
  db: Executor,
  enterpriseId: string,
  filter: InvoiceFilter,
  page: { offset: number; limit: number },
): Promise<DescribedInvoiceRow[]> {
  const result = await sql<DescribedInvoiceRow>`
    select i.id, i.invoice_name, i.payment_recipient_id, r.name as recipient_name, r.clabe,
      i.purchase_date, i.credit_period_days, i.due_date, i.total_mxn, i.assigned_mxn,
      i.paid_mxn, i.rate_protection_micro, i.status, i.created_at,
      (select string_agg(ci.amount_mxn::text || ':' || c.rate_micro::text, ',')
         from conversion_invoices ci join conversions c on c.id = ci.conversion_id
        where ci.invoice_id = i.id) as conversion_parts,
      (select string_agg(pi.amount_mxn::text || ':' || p.rate_micro::text, ',')
         from payment_invoices pi join payments p on p.id = pi.payment_id
        where pi.invoice_id = i.id and p.conversion_id is null
          and p.status <> 'RETURNED') as pay_now_parts
    from invoices i
    join payment_recipients r on r.id = i.payment_recipient_id
    where ${conditions(enterpriseId, filter)}
    order by i.created_at desc, i.id desc
    offset ${page.offset} limit ${page.limit}`.execute(db);
  return result.rows;
}

/**
 * Σ currency gain (USD cents) of every invoice of a filter, in SQL, with the same rule as
 * the rows: budget = round(total / Rp); actual = round(Σ covered parts / their rates +
 * uncovered / today). The divisions run in numeric with 30 decimals and are rounded once
 * per invoice (half away from zero, i.e. half-up for these positive amounts), so the
 * result matches the exact rational arithmetic of `coveredActualUsd`.
 */
export async function sumCurrencyGain(
  db: Executor,
  enterpriseId: string,
  filter: InvoiceFilter,
  todayRateMicro: bigint,
): Promise<bigint> {
  const result = await sql<{ gain: string | null }>`
    select sum(budget - actual)::text as gain from (
      select
        round(i.total_mxn::numeric(60, 30) * 1000000 / i.rate_protection_micro) as budget,
        round(
          coalesce(cv.usd, 0) + coalesce(pn.usd, 0)
          + greatest(i.total_mxn - coalesce(cv.mxn, 0) - coalesce(pn.mxn, 0), 0)::numeric(60, 30)
            * 1000000 / ${todayRateMicro}::bigint
        ) as actual
      from invoices i
      left join lateral (
        select sum(ci.amount_mxn) as mxn,
               sum(ci.amount_mxn::numeric(60, 30) * 1000000 / c.rate_micro) as usd
          from conversion_invoices ci join conversions c on c.id = ci.conversion_id
         where ci.invoice_id = i.id
      ) cv on true
      left join lateral (
        select sum(pi.amount_mxn) as mxn,
               sum(pi.amount_mxn::numeric(60, 30) * 1000000 / p.rate_micro) as usd
          from payment_invoices pi join payments p on p.id = pi.payment_id
         where pi.invoice_id = i.id and p.conversion_id is null and p.status <> 'RETURNED'
      ) pn on true
      where ${conditions(enterpriseId, filter)}
    ) gains`.execute(db);
  const gain = result.rows[0]?.gain;
  return gain ? BigInt(gain) : 0n;
}
