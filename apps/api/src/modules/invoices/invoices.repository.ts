import type { InvoiceSortKey } from '@app/domain';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database.js';
import type { InvoiceStatus, InvoicesTable } from '../../db/schema.js';

/**
 * Invoices and what covers them. Besides `invoices` and `payment_recipients` this reads
 * `conversion_invoices` + `conversions` (each assignment at its conversion's rate) and
 * `payment_invoices` + `payments` (PAY_NOW payments, which have no conversion) to value
 * an invoice, and `rate_orders` (its newest order); it writes only `invoices`.
 */

export interface InvoiceFilter {
  recipientId?: string | undefined;
  status?: InvoiceStatus | undefined;
  /** Only invoices with MXN still to assign (total − assigned > 0). */
  unassignedOnly?: boolean;
  ids?: string[];
  includeDeleted?: boolean;
  /** Only invoices of a PPD CFDI with a payment no payment complement matched yet. */
  complementDue?: boolean;
}

/** One invoice with its supplier and its covering parts ("mxnCents:rateMicro,…"). */
export interface DescribedInvoiceRow {
  id: string;
  invoice_name: string;
  payment_recipient_id: string;
  recipient_name: string;
  /** The supplier was deleted: its invoices stay listed, but nothing pays them. */
  recipient_deleted: boolean;
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
  /** The invoice's newest rate order as JSON, or null. */
  rate_order: unknown;
  /** Payments due a complement: "count:mxnCents:mismatched", or null when none can be. */
  complements_due: string | null;
}

/**
 * The payments of invoice `i` due a payment complement (its CFDI is PPD, the payment was not
 * returned, and no complement line matched it): the list's filter and counts.
 */
const COMPLEMENT_DUE_PAYMENTS = sql`
  from payment_invoices cpi join payments cp on cp.id = cpi.payment_id
  where cpi.invoice_id = i.id and cp.status <> 'RETURNED'
    and exists (select from cfdi_imports cc
                 where cc.invoice_id = i.id and cc.metodo_pago = 'PPD')
    and not exists (select from cfdi_complement_documents cd
                     where cd.payment_id = cpi.payment_id and cd.invoice_id = i.id
                       and cd.status = 'MATCHED')`;

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

export async function updateTotal(
  trx: Trx,
  invoiceId: string,
  fields: { total: bigint; status: InvoiceStatus },
): Promise<void> {
  await trx
    .updateTable('invoices')
    .set({ total_mxn: fields.total, status: fields.status })
    .where('id', '=', invoiceId)
    .execute();
}

/** The columns a user writes when creating or editing an invoice. */
export type InvoiceFields = Pick<
  InvoicesTable,
  | 'payment_recipient_id'
  | 'invoice_name'
  | 'purchase_date'
  | 'credit_period_days'
  | 'due_date'
  | 'total_mxn'
  | 'rate_protection_micro'
>;

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
  if (filter.complementDue) parts.push(sql`exists (select 1 ${COMPLEMENT_DUE_PAYMENTS})`);
  if (filter.ids !== undefined) {
    parts.push(
      filter.ids.length === 0
        ? sql`false`
        : sql`i.id in (${sql.join(filter.ids.map((id) => sql`${id}::uuid`))})`,
    );
  }
  return sql.join(parts, sql` and `);
}

export interface InvoiceOrder {
  key: InvoiceSortKey;
  direction: 'asc' | 'desc';
  /** Today's rate, to value the uncovered MXN when ordering by gain or percentage. */
  todayRateMicro: bigint;
}

const NEWEST_FIRST: InvoiceOrder = { key: 'created_at', direction: 'desc', todayRateMicro: 1n };

/**
 * round(mxn × 10⁶ / rate) half-up, for positive MXN cents and a positive micro rate: the
 * USD cents of `convertMxnToUsd`. Integer division in bigint, (2a + b) / 2b, while 2a·10⁶
 * cannot overflow (below 4·10¹² cents, every real invoice); in numeric beyond.
 */
function usdAtRate(mxnCents: RawBuilder<unknown>, rateMicro: RawBuilder<unknown>) {
  return sql`(case when ${mxnCents} < 4000000000000
    then ((2 * ${mxnCents} * 1000000 + ${rateMicro}) / (2 * ${rateMicro}))::numeric
    else div(2 * ${mxnCents}::numeric * 1000000 + ${rateMicro}, 2 * ${rateMicro}::numeric) end)`;
}

/** USD cents an invoice was budgeted at: total / protected rate. */
const BUDGET_USD = usdAtRate(sql`i.total_mxn`, sql`i.rate_protection_micro`);

/**
 * USD cents an invoice costs (DESIGN §5): Σ covered partsᵢ / their rates + the uncovered rest
 * at today's rate, exact and rounded once (as `coveredActualUsd`). An invoice with nothing
 * assigned has no covering part (paid ≤ assigned, and every part adds to assigned), so it
 * skips the sub-select: most of a large list takes the integer path.
 */
function actualUsd(todayRateMicro: bigint): RawBuilder<unknown> {
  const today = sql`${todayRateMicro.toString()}::bigint`;
  return sql`(case when i.assigned_mxn = 0 and i.paid_mxn = 0
    then ${usdAtRate(sql`i.total_mxn`, today)}
    else (select round(
        coalesce(sum(part.usd), 0)
        + greatest(i.total_mxn - coalesce(sum(part.mxn), 0), 0)::numeric(60, 30)
          * 1000000 / ${today})
      from (
        select ci.amount_mxn as mxn,
               ci.amount_mxn::numeric(60, 30) * 1000000 / c.rate_micro as usd
          from conversion_invoices ci join conversions c on c.id = ci.conversion_id
         where ci.invoice_id = i.id
        union all
        select pi.amount_mxn, pi.amount_mxn::numeric(60, 30) * 1000000 / p.rate_micro
          from payment_invoices pi join payments p on p.id = pi.payment_id
         where pi.invoice_id = i.id and p.conversion_id is null and p.status <> 'RETURNED'
      ) part)
    end)`;
}

function orderExpression(order: InvoiceOrder): RawBuilder<unknown> {
  switch (order.key) {
    case 'created_at':
      return sql`i.created_at`;
    case 'sInvoice':
      return sql`i.invoice_name`;
    case 'sName':
      return sql`r.name`;
    case 'dPurchaseDate':
      return sql`i.purchase_date`;
    case 'dDueDate':
      return sql`i.due_date`;
    case 'iCreditPeriod':
      return sql`i.credit_period_days`;
    case 'dTotalAmount':
      return sql`i.total_mxn`;
    case 'dRateProtection':
      return sql`i.rate_protection_micro`;
    case 'sStatusId':
      return sql`i.status`;
    case 'dCurrencyGain':
      return sql`(${BUDGET_USD} - ${actualUsd(order.todayRateMicro)})`;
    case 'dProfitPercentage':
      return sql`((${BUDGET_USD} - ${actualUsd(order.todayRateMicro)}) / ${BUDGET_USD})`;
  }
}

/** The enterprise's invoice list version (migration 0019); 0 before its first change. */
export async function listVersion(db: Executor, enterpriseId: string): Promise<bigint> {
  const row = await db
    .selectFrom('invoice_list_versions')
    .select('version')
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.version ?? 0n;
}

/**
 * The invoices of a filter, newest first unless an order is given (ties newest first), each
 * with its supplier and covering parts, in one statement (the parts are correlated
 * sub-selects on the invoice_id indexes).
 */
export async function listDescribed(
  db: Executor,
  enterpriseId: string,
  filter: InvoiceFilter,
  page: { offset: number; limit: number },
  order: InvoiceOrder = NEWEST_FIRST,
): Promise<DescribedInvoiceRow[]> {
  const direction = order.direction === 'asc' ? sql`asc` : sql`desc`;
  const orderBy =
    order.key === 'created_at'
      ? sql`i.created_at ${direction}, i.id ${direction}`
      : sql`${orderExpression(order)} ${direction}, i.created_at desc, i.id desc`;
  // The sub-selects run only where they can find something: covering parts only for an
  // invoice with MXN assigned or paid (every part adds to assigned: the summary's rule), and
  // rate orders only when the enterprise has one (a single probe for the whole page).
  // Without the guards they were most of the statement's cost on a page of 50.
  const result = await sql<DescribedInvoiceRow>`
    select i.id, i.invoice_name, i.payment_recipient_id, r.name as recipient_name,
      r.deleted_at is not null as recipient_deleted, r.clabe,
      i.purchase_date, i.credit_period_days, i.due_date, i.total_mxn, i.assigned_mxn,
      i.paid_mxn, i.rate_protection_micro, i.status, i.created_at,
      case when i.assigned_mxn = 0 and i.paid_mxn = 0 then null else
      (select string_agg(ci.amount_mxn::text || ':' || c.rate_micro::text, ',')
         from conversion_invoices ci join conversions c on c.id = ci.conversion_id
        where ci.invoice_id = i.id) end as conversion_parts,
      case when i.assigned_mxn = 0 and i.paid_mxn = 0 then null else
      (select string_agg(pi.amount_mxn::text || ':' || p.rate_micro::text, ',')
         from payment_invoices pi join payments p on p.id = pi.payment_id
        where pi.invoice_id = i.id and p.conversion_id is null
          and p.status <> 'RETURNED') end as pay_now_parts,
      case when exists (select from rate_orders where enterprise_id = ${enterpriseId}) then
      (select json_build_object('id', ro.id, 'invoice_id', ro.invoice_id,
              'target_rate_micro', ro.target_rate_micro::text, 'expires_on', ro.expires_on::text,
              'status', ro.status, 'reason', ro.reason, 'conversion_id', ro.conversion_id,
              'fill_rate_micro', ro.fill_rate_micro::text, 'approval_id', ro.approval_id,
              'created_at', to_char(ro.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'closed_at', to_char(ro.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         from rate_orders ro where ro.invoice_id = i.id
        order by ro.created_at desc, ro.seq desc limit 1) end as rate_order,
      case when i.paid_mxn = 0 then null else
      (select count(*)::text || ':' || coalesce(sum(cpi.amount_mxn), 0)::text || ':'
              || count(*) filter (where exists (select from cfdi_complement_documents md
                   where md.payment_id = cpi.payment_id and md.invoice_id = i.id
                     and md.status = 'MISMATCH'))::text
        ${COMPLEMENT_DUE_PAYMENTS}) end as complements_due
    from invoices i
    join payment_recipients r on r.id = i.payment_recipient_id
    where ${conditions(enterpriseId, filter)}
    order by ${orderBy}
    offset ${page.offset} limit ${page.limit}`.execute(db);
  return result.rows;
}

/**
 * How many invoices a filter holds, and Σ currency gain (USD cents) of all of them, in SQL
 * with the same rule as the rows: budget = round(total / Rp); actual = round(Σ covered parts
 * / their rates + uncovered / today), each rounded once per invoice (half-up), so the
 * result matches the exact rational arithmetic of `coveredActualUsd`.
 */
export async function summarize(
  db: Executor,
  enterpriseId: string,
  filter: InvoiceFilter,
  todayRateMicro: bigint,
): Promise<{ count: number; gainUsd: bigint }> {
  const today = sql`${todayRateMicro.toString()}::bigint`;
  // Most invoices have nothing assigned and fit bigint: their gain is summed in bigint alone
  // (numeric costs about half the time of the whole statement); the rest take the full rule.
  const plain = sql`(i.total_mxn < 4000000000000 and i.assigned_mxn = 0 and i.paid_mxn = 0)`;
  const result = await sql<{ count: string; gain: string }>`
    select count(*)::text as count,
      (coalesce(sum(case when ${plain} then
          (2 * i.total_mxn * 1000000 + i.rate_protection_micro) / (2 * i.rate_protection_micro)
          - (2 * i.total_mxn * 1000000 + ${today}) / (2 * ${today}) end), 0)
       + coalesce(sum(case when not ${plain} then
          ${BUDGET_USD} - ${actualUsd(todayRateMicro)} end), 0))::text as gain
    from invoices i
    where ${conditions(enterpriseId, filter)}`.execute(db);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), gainUsd: BigInt(row?.gain ?? '0') };
}
