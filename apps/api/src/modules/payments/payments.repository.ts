import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { PaymentRecipientsTable, PaymentsTable } from '../../db/schema.js';
import { claimWithAnswerCte } from '../../ledger/idempotency.repository.js';
import { journalWithPostingsCtes } from '../../ledger/ledger.repository.js';
import type { PreparedJournal } from '../../ledger/ledger.service.js';
import type { IdempotencyClaim, StoredAnswer } from '../../ledger/money-write.js';
import type { HoldContext, TeamSettingsRow } from '../team/team.repository.js';

type Nullable<T> = { [K in keyof T]: T[K] | null };

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentStatus = PaymentsTable['status'];
export type PaymentType = PaymentsTable['type'];

export interface NewPayment {
  id: string;
  enterpriseId: string;
  type: PaymentType;
  recipientId: string;
  conversionId: string | null;
  amountMxn: bigint;
  amountUsd: bigint;
  rateMicro: bigint;
  concept: string;
  trackingKey: string;
  journalId: string;
  createdAt: Date;
}

/** The columns a new payment starts with: processing, not completed. */
export function newPaymentColumns(payment: Omit<NewPayment, 'enterpriseId' | 'journalId'>) {
  return {
    id: payment.id,
    type: payment.type,
    status: 'PROCESSING' as PaymentStatus,
    payment_recipient_id: payment.recipientId,
    conversion_id: payment.conversionId,
    amount_mxn: payment.amountMxn,
    amount_usd: payment.amountUsd,
    rate_micro: payment.rateMicro,
    concept: payment.concept,
    tracking_key: payment.trackingKey,
    created_at: payment.createdAt,
    completed_at: null,
  };
}

export async function insertPayment(db: Executor, payment: NewPayment): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      ...newPaymentColumns(payment),
      enterprise_id: payment.enterpriseId,
      journal_id: payment.journalId,
    })
    .execute();
}

export async function insertPaymentInvoices(
  db: Executor,
  rows: Array<{ paymentId: string; invoiceId: string; amountMxn: bigint }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('payment_invoices')
    .values(
      rows.map((row) => ({
        payment_id: row.paymentId,
        invoice_id: row.invoiceId,
        amount_mxn: row.amountMxn,
      })),
    )
    .execute();
}

/**
 * A payment with what its answer shows of the supplier and of the conversion it came from.
 * The joins read the suppliers' and conversions' tables for display only: one query per
 * page instead of one service call per payment.
 */
function paymentViewQuery(db: Executor, enterpriseId: string) {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_recipients as r', 'r.id', 'p.payment_recipient_id')
    .leftJoin('conversions as c', 'c.id', 'p.conversion_id')
    .select([
      'p.id',
      'p.tracking_id',
      'p.type',
      'p.status',
      'p.payment_recipient_id',
      'p.conversion_id',
      'p.amount_mxn',
      'p.amount_usd',
      'p.rate_micro',
      'p.concept',
      'p.tracking_key',
      'p.return_reason',
      'p.created_at',
      'p.completed_at',
      'r.name as recipient_name',
      'r.email as recipient_email',
      'r.bank_name as recipient_bank_name',
      'r.clabe as recipient_clabe',
      'r.tax_id as recipient_tax_id',
      'c.tracking_id as conversion_tracking_id',
      'c.type as conversion_type',
    ])
    .where('p.enterprise_id', '=', enterpriseId);
}

export type PaymentView = NonNullable<Awaited<ReturnType<typeof findPaymentView>>>;

export async function findPaymentView(db: Executor, enterpriseId: string, paymentId: string) {
  return paymentViewQuery(db, enterpriseId).where('p.id', '=', paymentId).executeTakeFirst();
}

/** These payments of the enterprise (by primary key). */
export async function findPaymentViews(db: Executor, enterpriseId: string, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return paymentViewQuery(db, enterpriseId).where('p.id', 'in', paymentIds).execute();
}

/** Newest first (index payments_enterprise_created). */
export async function listPaymentViews(
  db: Executor,
  enterpriseId: string,
  page: { offset: number; limit: number },
) {
  return paymentViewQuery(db, enterpriseId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.tracking_id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** What each of these payments paid of which invoice (index payment_invoices primary key). */
export async function listPaymentInvoices(
  db: Executor,
  enterpriseId: string,
  paymentIds: string[],
): Promise<Array<{ payment_id: string; invoice_id: string; amount_mxn: bigint }>> {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('payment_invoices as pi')
    .innerJoin('payments as p', 'p.id', 'pi.payment_id')
    .select(['pi.payment_id', 'pi.invoice_id', 'pi.amount_mxn'])
    .where('p.enterprise_id', '=', enterpriseId)
    .where('pi.payment_id', 'in', paymentIds)
    .orderBy('pi.payment_id')
    .orderBy('pi.invoice_id')
    .execute();
}

export async function findEnterpriseName(
  db: Executor,
  enterpriseId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('enterprises')
    .select('name')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.name;
}

/** Locks a payment by id, whatever its enterprise (the payout rail's callbacks). */
export async function lockPayment(
  db: Executor,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Claims the oldest processing payment created before `cutoff` that no other transaction
 * holds (index payments_status). `skip locked` lets several replicas settle side by side
 * without settling one payment twice.
 */
export async function claimDuePayment(db: Executor, cutoff: Date): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'PROCESSING')
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function setPaymentStatus(
  db: Executor,
  paymentId: string,
  status: PaymentStatus,
  completedAt: Date | null,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status, completed_at: completedAt })
    .where('id', '=', paymentId)
    .execute();
}

/** Why the receiving bank returned a payout (SPEI devolución). */
export async function setReturnReason(
  db: Executor,
  paymentId: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ return_reason: reason })
    .where('id', '=', paymentId)
    .execute();
}

/** payment_invoices rows of one payment (for undoing a returned payout). */
export async function findInvoicePartsOfPayment(
  db: Executor,
  paymentId: string,
): Promise<Array<{ invoice_id: string; amount_mxn: bigint }>> {
  return db
    .selectFrom('payment_invoices')
    .select(['invoice_id', 'amount_mxn'])
    .where('payment_id', '=', paymentId)
    .orderBy('invoice_id')
    .execute();
}

/** A pay-now payment: its journal is written with it, and its tracking number taken ahead. */
export type NewPayNowPayment = Omit<NewPayment, 'journalId'> & { trackingId: bigint };

/** What a pay-now reads before it writes, in one round trip. */
export interface PayNowContext {
  /** The payment's tracking number, taken ahead from the column's sequence. */
  trackingId: bigint;
  /** The enterprise's supplier of that id, deleted or not. */
  recipient: PaymentRecipientsTable | undefined;
  /** The answer already stored under the request's Idempotency-Key. */
  storedAnswer: StoredAnswer | undefined;
  /** Whether the call is held for an approval: the team's settings, and the key's approval. */
  hold: HoldContext;
}

/**
 * A pay-now's one read: a tracking number, the supplier (scoped by enterprise), the stored
 * answer of its Idempotency-Key, and what deciding on an approval hold needs (the
 * enterprise's settings, and whether a `PAY_NOW` approval was asked with that key). A
 * recipient id that is not a uuid finds nothing.
 */
export async function findPayNowContext(
  db: Executor,
  input: { enterpriseId: string; recipientId: string | null; idempotencyKey: string | null },
): Promise<PayNowContext> {
  const result = await sql<
    Nullable<PaymentRecipientsTable> &
      Nullable<StoredAnswer> &
      Nullable<TeamSettingsRow> & {
        tracking_id: bigint;
        recipient_found: boolean;
        enterprise_found: boolean;
        key_has_approval: boolean;
      }
  >`
    select nextval(pg_get_serial_sequence('payments', 'tracking_id')) as tracking_id,
      r.id is not null as recipient_found, r.*,
      k.request_hash, k.response_status, k.response_body,
      e.id is not null as enterprise_found, e.approval_threshold_usd_cents,
      e.approval_expiry_hours, e.cooling_off_hours,
      exists (select from approvals a where a.enterprise_id = ${input.enterpriseId}::uuid
        and a.kind = ${'PAY_NOW'}::text
        and a.idempotency_key = ${input.idempotencyKey}::text) as key_has_approval
    from (select 1) as one
    left join payment_recipients r
      on r.enterprise_id = ${input.enterpriseId}::uuid and r.id = ${input.recipientId}::uuid
    left join idempotency_keys k
      on k.enterprise_id = ${input.enterpriseId}::uuid and k.key = ${input.idempotencyKey}::text
    left join enterprises e on e.id = ${input.enterpriseId}::uuid`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('The pay-now context query answered no row');
  const {
    tracking_id,
    recipient_found,
    request_hash,
    response_status,
    response_body,
    enterprise_found,
    approval_threshold_usd_cents,
    approval_expiry_hours,
    cooling_off_hours,
    key_has_approval,
    ...r
  } = row;
  return {
    trackingId: tracking_id,
    recipient: recipient_found ? (r as PaymentRecipientsTable) : undefined,
    storedAnswer:
      request_hash !== null && response_status !== null && response_body !== null
        ? { request_hash, response_status, response_body }
        : undefined,
    hold: {
      settings:
        enterprise_found && approval_expiry_hours !== null && cooling_off_hours !== null
          ? { approval_threshold_usd_cents, approval_expiry_hours, cooling_off_hours }
          : undefined,
      keyHasApproval: key_has_approval,
    },
  };
}

/**
 * A whole pay-now in one statement, so in one transaction of its own: the key's claim
 * with its answer (when there is a key), the journal, its postings (whose trigger locks
 * and moves the customer's balance, refused below zero), and the payment. With a claim,
 * nothing is written unless this statement claimed the key. Answers whether it wrote.
 */
export async function insertPayNowInOneStatement(
  db: Executor,
  input: {
    /** The request's Idempotency-Key, claimed with the answer this write gives. */
    idempotency: { claim: IdempotencyClaim; answer: { status: number; body: string } } | undefined;
    journal: PreparedJournal;
    payment: NewPayNowPayment;
  },
): Promise<boolean> {
  const { idempotency, journal, payment } = input;
  const onlyIf = idempotency ? sql`exists (select from claim)` : sql`true`;
  const ctes = [
    ...(idempotency ? [claimWithAnswerCte(idempotency.claim, idempotency.answer)] : []),
    journalWithPostingsCtes(journal.journal, journal.postings, onlyIf),
    sql`payment as (
      insert into payments (id, enterprise_id, tracking_id, type, status, payment_recipient_id,
        conversion_id, amount_mxn, amount_usd, rate_micro, concept, tracking_key, journal_id,
        created_at, completed_at)
      overriding system value
      select ${payment.id}::uuid, ${payment.enterpriseId}::uuid, ${payment.trackingId}::bigint,
        ${payment.type}::text, ${'PROCESSING' satisfies PaymentStatus}::text,
        ${payment.recipientId}::uuid, ${payment.conversionId}::uuid,
        ${payment.amountMxn}::bigint, ${payment.amountUsd}::bigint, ${payment.rateMicro}::bigint,
        ${payment.concept}::text, ${payment.trackingKey}::text, ${journal.journal.id}::uuid,
        ${payment.createdAt}::timestamptz, null
      where ${onlyIf})`,
  ];
  const result = await sql<{ written: boolean }>`
    with ${sql.join(ctes)} select ${onlyIf} as written`.execute(db);
  return result.rows[0]?.written === true;
}
