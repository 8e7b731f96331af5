import type { Executor } from '../../db/database.js';

/**
 * Payment complements (`cfdi_complement_documents`, migration 0049) and the payments of
 * imported PPD invoices they settle. A payment counts until it is returned.
 */

/** Those of these complement UUIDs the enterprise has imported already. */
export async function findComplementUuids(
  db: Executor,
  enterpriseId: string,
  uuids: string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .selectFrom('cfdi_complement_documents')
    .select('complement_uuid')
    .distinct()
    .where('enterprise_id', '=', enterpriseId)
    .where('complement_uuid', 'in', uuids)
    .execute();
  return new Set(rows.map((row) => row.complement_uuid));
}

export interface AwaitingPayment {
  invoice_id: string;
  payment_id: string;
  amount_mxn: bigint;
  created_at: Date;
}

/**
 * The payments of these invoices no complement has matched yet, oldest first: what a new
 * complement's lines are matched against.
 */
export async function findAwaitingPayments(
  db: Executor,
  invoiceIds: string[],
): Promise<AwaitingPayment[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('payment_invoices as pi')
    .innerJoin('payments as p', 'p.id', 'pi.payment_id')
    .select(['pi.invoice_id', 'pi.payment_id', 'pi.amount_mxn', 'p.created_at'])
    .where('pi.invoice_id', 'in', invoiceIds)
    .where('p.status', '!=', 'RETURNED')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('cfdi_complement_documents as d')
            .select('d.line')
            .whereRef('d.payment_id', '=', 'pi.payment_id')
            .whereRef('d.invoice_id', '=', 'pi.invoice_id')
            .where('d.status', '=', 'MATCHED'),
        ),
      ),
    )
    .orderBy('p.created_at')
    .orderBy('pi.payment_id')
    .execute();
}

export interface ComplementDocumentRow {
  enterpriseId: string;
  complementUuid: string;
  line: number;
  invoiceId: string;
  relatedUuid: string;
  rfcEmisor: string;
  paidOn: string;
  installment: number | null;
  currency: string;
  amount: bigint;
  amountMxn: bigint;
  paymentId: string | null;
  status: 'MATCHED' | 'MISMATCH';
  importedAt: Date;
}

export async function insertComplementDocuments(
  db: Executor,
  rows: ComplementDocumentRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('cfdi_complement_documents')
    .values(
      rows.map((row) => ({
        enterprise_id: row.enterpriseId,
        complement_uuid: row.complementUuid,
        line: row.line,
        invoice_id: row.invoiceId,
        related_uuid: row.relatedUuid,
        rfc_emisor: row.rfcEmisor,
        paid_on: row.paidOn,
        installment: row.installment,
        currency: row.currency,
        amount: row.amount,
        amount_mxn: row.amountMxn,
        payment_id: row.paymentId,
        status: row.status,
        imported_at: row.importedAt,
      })),
    )
    .execute();
}

/** Whether a database error is a complement imported twice at once (its key or a payment matched twice). */
export function isDuplicateComplementViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'constraint' in error &&
    (error.constraint === 'cfdi_complement_documents_pkey' ||
      error.constraint === 'cfdi_complement_documents_matched')
  );
}

/** An invoice's payments (returned ones left out), oldest first, with the complement that matched each. */
export async function listInvoicePayments(db: Executor, invoiceId: string) {
  return db
    .selectFrom('payment_invoices as pi')
    .innerJoin('payments as p', 'p.id', 'pi.payment_id')
    .select(['pi.payment_id', 'pi.amount_mxn', 'p.created_at'])
    .where('pi.invoice_id', '=', invoiceId)
    .where('p.status', '!=', 'RETURNED')
    .orderBy('p.created_at')
    .orderBy('pi.payment_id')
    .execute();
}

/** The complement lines naming an invoice, in the order they were imported. */
export async function listInvoiceComplements(db: Executor, invoiceId: string) {
  return db
    .selectFrom('cfdi_complement_documents')
    .select([
      'complement_uuid',
      'payment_id',
      'status',
      'paid_on',
      'installment',
      'currency',
      'amount',
      'amount_mxn',
      'imported_at',
    ])
    .where('invoice_id', '=', invoiceId)
    .orderBy('imported_at')
    .orderBy('complement_uuid')
    .orderBy('line')
    .execute();
}
