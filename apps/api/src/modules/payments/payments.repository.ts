import { COMPANY_TIME_ZONE } from '@app/domain';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { PaymentRecipientsTable, PaymentsTable } from '../../db/schema.js';
import { claimWithAnswerCte } from '../../ledger/idempotency.repository.js';
import { inLockOrder, journalWithPostingsCtes } from '../../ledger/ledger.repository.js';
import type { PreparedJournal } from '../../ledger/ledger.service.js';
import type { IdempotencyClaim, StoredAnswer } from '../../ledger/money-write.js';
// eslint-disable-next-line no-restricted-imports -- the one-statement pay-now writes its audit row in its own statement
import { auditEntryCte, auditRow, type AuditEntryInsert } from '../audit/audit.repository.js';
// eslint-disable-next-line no-restricted-imports -- and reads the approval hold's context in its one read
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
  /** The account paid, copied from the supplier at this moment (its row may change later). */
  paidClabe: string;
  paidBankName: string;
  paidBeneficiaryName: string;
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
    paid_clabe: payment.paidClabe,
    paid_bank_name: payment.paidBankName,
    paid_beneficiary_name: payment.paidBeneficiaryName,
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
 * The account paid (name, bank, CLABE) is the payment's own copy, never the supplier's
 * current row, which may have changed since; the joins read the supplier's e-mail and RFC
 * and the conversion for display only: one query per page instead of one service call per
 * payment.
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
      'p.paid_beneficiary_name as recipient_name',
      'r.email as recipient_email',
      'p.paid_bank_name as recipient_bank_name',
      'p.paid_clabe as recipient_clabe',
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

/** What a company's documents print at their head: its name, and the clock its times are on. */
export async function findEnterpriseHeading(
  db: Executor,
  enterpriseId: string,
): Promise<{ name: string; timeZone: string }> {
  const row = await db
    .selectFrom('enterprises')
    .select(['name', 'time_zone'])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return { name: row?.name ?? '', timeZone: row?.time_zone ?? COMPANY_TIME_ZONE };
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

/** Whose pay-now context to read: a recipient id that is not a uuid is given as null. */
export interface PayNowContextInput {
  enterpriseId: string;
  recipientId: string | null;
  idempotencyKey: string | null;
}

/**
 * Pay-nows' one read, for several at once (one statement whatever their number): for each, a
 * tracking number, the supplier (scoped by its enterprise), the stored answer of its
 * Idempotency-Key, and what deciding on an approval hold needs (the enterprise's settings,
 * and whether a `PAY_NOW` approval was asked with that key). Every join is on the item's own
 * enterprise. Answers in the order asked.
 */
export async function findPayNowContexts(
  db: Executor,
  inputs: PayNowContextInput[],
): Promise<PayNowContext[]> {
  const items = inputs.map((input, idx) => ({
    idx,
    enterprise_id: input.enterpriseId,
    recipient_id: input.recipientId,
    key: input.idempotencyKey,
  }));
  const result = await sql<
    Nullable<PaymentRecipientsTable> &
      Nullable<StoredAnswer> &
      Nullable<TeamSettingsRow> & {
        idx: number;
        tracking_id: bigint;
        recipient_found: boolean;
        enterprise_found: boolean;
        key_has_approval: boolean;
      }
  >`
    select i.idx, nextval(pg_get_serial_sequence('payments', 'tracking_id')) as tracking_id,
      r.id is not null as recipient_found, r.*,
      k.request_hash, k.response_status, k.response_body,
      e.id is not null as enterprise_found, e.approval_threshold_usd_cents,
      e.approval_expiry_hours, e.cooling_off_hours, e.approval_levels,
      exists (select from approvals a where a.enterprise_id = i.enterprise_id
        and a.kind = ${'PAY_NOW'}::text and a.idempotency_key = i.key) as key_has_approval
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
      as i (idx int, enterprise_id uuid, recipient_id uuid, key text)
    left join payment_recipients r on r.enterprise_id = i.enterprise_id and r.id = i.recipient_id
    left join idempotency_keys k on k.enterprise_id = i.enterprise_id and k.key = i.key
    left join enterprises e on e.id = i.enterprise_id`.execute(db);
  const contexts = new Map<number, PayNowContext>();
  for (const row of result.rows) {
    const {
      idx,
      tracking_id,
      recipient_found,
      request_hash,
      response_status,
      response_body,
      enterprise_found,
      approval_threshold_usd_cents,
      approval_expiry_hours,
      cooling_off_hours,
      approval_levels,
      key_has_approval,
      ...r
    } = row;
    contexts.set(idx, {
      trackingId: tracking_id,
      recipient: recipient_found ? (r as PaymentRecipientsTable) : undefined,
      storedAnswer:
        request_hash !== null && response_status !== null && response_body !== null
          ? { request_hash, response_status, response_body }
          : undefined,
      hold: {
        settings:
          enterprise_found && approval_expiry_hours !== null && cooling_off_hours !== null
            ? {
                approval_threshold_usd_cents,
                approval_expiry_hours,
                cooling_off_hours,
                approval_levels: approval_levels ?? [],
              }
            : undefined,
        keyHasApproval: key_has_approval,
      },
    });
  }
  return inputs.map((_input, idx) => {
    const context = contexts.get(idx);
    if (!context) throw new Error('The pay-now context query answered no row for a call');
    return context;
  });
}

/** One pay-now's context (`findPayNowContexts` for one). */
export async function findPayNowContext(
  db: Executor,
  input: PayNowContextInput,
): Promise<PayNowContext> {
  const [context] = await findPayNowContexts(db, [input]);
  if (!context) throw new Error('The pay-now context query answered no row');
  return context;
}

/** One pay-now to write: `insertPayNowInOneStatement` alone, or several together. */
export interface PayNowWrite {
  /** The request's Idempotency-Key, claimed with the answer this write gives. */
  idempotency: { claim: IdempotencyClaim; answer: { status: number; body: string } } | undefined;
  journal: PreparedJournal;
  payment: NewPayNowPayment;
  /** The request's audit entry, written with the payment (and only with it). */
  audit: AuditEntryInsert | undefined;
}

/**
 * A whole pay-now in one statement, so in one transaction of its own: the key's claim
 * with its answer (when there is a key), the journal, its postings (whose trigger locks
 * and moves the customer's balance, refused below zero), the payment and its audit entry.
 * With a claim, nothing is written unless this statement claimed the key. Answers whether
 * it wrote.
 */
export async function insertPayNowInOneStatement(
  db: Executor,
  input: PayNowWrite,
): Promise<boolean> {
  const { idempotency, journal, payment, audit } = input;
  const onlyIf = idempotency ? sql`exists (select from claim)` : sql`true`;
  const ctes = [
    ...(idempotency ? [claimWithAnswerCte(idempotency.claim, idempotency.answer)] : []),
    journalWithPostingsCtes(journal.journal, journal.postings, onlyIf),
    ...(audit ? [auditEntryCte(audit, onlyIf)] : []),
    sql`payment as (
      insert into payments (id, enterprise_id, tracking_id, type, status, payment_recipient_id,
        conversion_id, amount_mxn, amount_usd, rate_micro, concept, tracking_key, journal_id,
        created_at, completed_at, paid_clabe, paid_bank_name, paid_beneficiary_name)
      overriding system value
      select ${payment.id}::uuid, ${payment.enterpriseId}::uuid, ${payment.trackingId}::bigint,
        ${payment.type}::text, ${'PROCESSING' satisfies PaymentStatus}::text,
        ${payment.recipientId}::uuid, ${payment.conversionId}::uuid,
        ${payment.amountMxn}::bigint, ${payment.amountUsd}::bigint, ${payment.rateMicro}::bigint,
        ${payment.concept}::text, ${payment.trackingKey}::text, ${journal.journal.id}::uuid,
        ${payment.createdAt}::timestamptz, null, ${payment.paidClabe}::text,
        ${payment.paidBankName}::text, ${payment.paidBeneficiaryName}::text
      where ${onlyIf})`,
  ];
  const result = await sql<{ written: boolean }>`
    with ${sql.join(ctes)} select ${onlyIf} as written`.execute(db);
  return result.rows[0]?.written === true;
}

/** A bigint as JSON text (exact: PostgreSQL reads the string back as a bigint). */
const bigintText = (value: bigint | null): string | null =>
  value === null ? null : value.toString();

/**
 * Several pay-nows in one statement, so in one transaction and one commit: what
 * `insertPayNowInOneStatement` writes for each, sent as two JSON parameters (one text and
 * one plan whatever their number). Each writes only if it claimed its key (of two with the
 * same key, the first). All customer postings of the batch go in account id order, so two
 * batches lock balances in the same order. One write that fails (funds, above all) fails
 * them all: the caller then writes each alone. Answers, in order, whether each wrote.
 */
export async function insertPayNowsInOneStatement(
  db: Executor,
  writes: PayNowWrite[],
): Promise<boolean[]> {
  const items = writes.map(({ idempotency, journal: { journal }, payment, audit }, idx) => {
    const entry = audit && auditRow(audit);
    return {
      idx,
      enterprise_id: payment.enterpriseId,
      key: idempotency?.claim.key ?? null,
      request_hash: idempotency?.claim.requestHash ?? null,
      response_status: idempotency?.answer.status ?? null,
      response_body: idempotency?.answer.body ?? null,
      key_created_at: idempotency?.claim.createdAt ?? null,
      journal_id: journal.id,
      kind: journal.kind,
      description: journal.description,
      description_code: journal.descriptionCode ?? null,
      description_params: journal.descriptionParams ?? null,
      reference: journal.reference,
      quote_id: journal.quoteId,
      rate_micro: bigintText(journal.rateMicro),
      journal_created_at: journal.createdAt,
      payment_id: payment.id,
      tracking_id: bigintText(payment.trackingId),
      type: payment.type,
      recipient_id: payment.recipientId,
      conversion_id: payment.conversionId,
      amount_mxn: bigintText(payment.amountMxn),
      amount_usd: bigintText(payment.amountUsd),
      payment_rate_micro: bigintText(payment.rateMicro),
      concept: payment.concept,
      tracking_key: payment.trackingKey,
      created_at: payment.createdAt,
      paid_clabe: payment.paidClabe,
      paid_bank_name: payment.paidBankName,
      paid_beneficiary_name: payment.paidBeneficiaryName,
      audit_enterprise_id: entry?.enterprise_id ?? null,
      audit_user_id: entry?.user_id ?? null,
      audit_at: entry?.at ?? null,
      audit_ip: entry?.ip ?? null,
      audit_user_agent: entry?.user_agent ?? null,
      audit_action: entry?.action ?? null,
      audit_entity: entry?.entity ?? null,
      audit_before: entry?.before ?? null,
      audit_after: entry?.after ?? null,
      audit_outcome: entry?.outcome ?? null,
      audit_status: entry?.status ?? null,
    };
  });
  // One lock order across the whole batch, the same as within a journal.
  const lines = writes
    .flatMap(({ journal }) =>
      journal.postings.map((posting) => ({ ...posting, journalId: journal.journal.id })),
    )
    .sort(inLockOrder)
    .map((line, ord) => ({
      ord,
      journal_id: line.journalId,
      account_id: line.accountId,
      currency: line.currency,
      amount: line.amount.toString(),
    }));
  const result = await sql<{ idx: number }>`
    with item as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as i (
        idx int, enterprise_id uuid, key text, request_hash text, response_status int,
        response_body text, key_created_at timestamptz, journal_id uuid, kind text,
        description text, description_code text, description_params jsonb, reference text,
        quote_id uuid, rate_micro bigint, journal_created_at timestamptz, payment_id uuid,
        tracking_id bigint, type text, recipient_id uuid, conversion_id uuid, amount_mxn bigint,
        amount_usd bigint, payment_rate_micro bigint, concept text, tracking_key text,
        created_at timestamptz, paid_clabe text, paid_bank_name text,
        paid_beneficiary_name text, audit_enterprise_id uuid, audit_user_id uuid,
        audit_at timestamptz, audit_ip text, audit_user_agent text, audit_action text,
        audit_entity text, audit_before text, audit_after text, audit_outcome text,
        audit_status int)),
    claim as (
      insert into idempotency_keys
        (enterprise_id, key, request_hash, response_status, response_body, created_at)
      select enterprise_id, key, request_hash, response_status, response_body, key_created_at
      from item where key is not null order by idx
      on conflict (enterprise_id, key) do nothing
      returning enterprise_id, key),
    written as (
      select * from item i
      where i.key is null
        or (exists (select from claim c where c.enterprise_id = i.enterprise_id and c.key = i.key)
          and i.idx = (select min(j.idx) from item j
            where j.enterprise_id = i.enterprise_id and j.key = i.key))),
    journal as (
      insert into journals
        (id, enterprise_id, kind, description, description_code, description_params, reference,
          quote_id, rate_micro, created_at)
      select journal_id, enterprise_id, kind, description, description_code, description_params,
        reference, quote_id, rate_micro, journal_created_at
      from written),
    postings as (
      insert into postings (journal_id, account_id, currency, amount, created_at)
      select line.journal_id, line.account_id, line.currency, line.amount, w.journal_created_at
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        as line (ord int, journal_id uuid, account_id uuid, currency text, amount bigint)
      join written w on w.journal_id = line.journal_id
      order by line.ord),
    payment as (
      insert into payments (id, enterprise_id, tracking_id, type, status, payment_recipient_id,
        conversion_id, amount_mxn, amount_usd, rate_micro, concept, tracking_key, journal_id,
        created_at, completed_at, paid_clabe, paid_bank_name, paid_beneficiary_name)
      overriding system value
      select payment_id, enterprise_id, tracking_id, type,
        ${'PROCESSING' satisfies PaymentStatus}::text, recipient_id, conversion_id, amount_mxn,
        amount_usd, payment_rate_micro, concept, tracking_key, journal_id, created_at, null,
        paid_clabe, paid_bank_name, paid_beneficiary_name
      from written),
    audit as (
      insert into audit_log (enterprise_id, user_id, at, ip, user_agent, action, entity, before,
        after, outcome, status)
      select audit_enterprise_id, audit_user_id, audit_at, audit_ip, audit_user_agent,
        audit_action, audit_entity, audit_before::jsonb, audit_after::jsonb, audit_outcome,
        audit_status
      from written where audit_action is not null order by idx)
    select idx from written`.execute(db);
  const written = new Set(result.rows.map((row) => row.idx));
  return writes.map((_write, idx) => written.has(idx));
}
