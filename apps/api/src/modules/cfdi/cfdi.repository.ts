import type { Executor } from '../../db/database.js';

/** CFDI folios imported by an enterprise (`cfdi_imports`, keyed by enterprise and UUID). */

/** Those of these UUIDs the enterprise has imported into an invoice it still has. */
export async function findLiveImportedUuids(
  db: Executor,
  enterpriseId: string,
  uuids: string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .selectFrom('cfdi_imports as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .select('c.uuid')
    .where('c.enterprise_id', '=', enterpriseId)
    .where('c.uuid', 'in', uuids)
    .where('i.deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.uuid));
}

/**
 * Frees these UUIDs where their invoice was deleted since, so a CFDI whose invoice the user
 * deleted (a wrong protected rate, say) can be imported again.
 */
export async function releaseUuidsOfDeletedInvoices(
  db: Executor,
  enterpriseId: string,
  uuids: string[],
): Promise<void> {
  if (uuids.length === 0) return;
  await db
    .deleteFrom('cfdi_imports')
    .where('enterprise_id', '=', enterpriseId)
    .where('uuid', 'in', uuids)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('invoices as i')
          .select('i.id')
          .whereRef('i.id', '=', 'cfdi_imports.invoice_id')
          .where('i.deleted_at', 'is not', null),
      ),
    )
    .execute();
}

export async function insertImports(
  db: Executor,
  rows: Array<{
    enterpriseId: string;
    uuid: string;
    invoiceId: string;
    rfcEmisor: string;
    importedAt: Date;
    sat?: { status: string; expression: string } | undefined;
    metodoPago: string | null;
    currency: string;
    exchangeRateMicro: bigint | null;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('cfdi_imports')
    .values(
      rows.map((row) => ({
        enterprise_id: row.enterpriseId,
        uuid: row.uuid,
        invoice_id: row.invoiceId,
        rfc_emisor: row.rfcEmisor,
        imported_at: row.importedAt,
        sat_status: row.sat?.status ?? null,
        sat_expression: row.sat?.expression ?? null,
        sat_checked_at: row.sat ? row.importedAt : null,
        metodo_pago: row.metodoPago,
        currency: row.currency,
        exchange_rate_micro: row.exchangeRateMicro,
      })),
    )
    .execute();
}

/** The enterprise's own tax id (RFC or foreign tax id), to check each CFDI's receptor. */
export async function findEnterpriseTaxId(
  db: Executor,
  enterpriseId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('enterprises')
    .select('tax_id')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.tax_id ?? null;
}

/** Whether a database error is the primary key of `cfdi_imports` (a concurrent import). */
export function isDuplicateImportViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'constraint' in error &&
    error.constraint === 'cfdi_imports_pkey'
  );
}

export interface ImportedInvoiceRow {
  uuid: string;
  invoice_id: string;
  rfc_emisor: string;
  total_mxn: bigint;
  assigned_mxn: bigint;
  paid_mxn: bigint;
  invoice_name: string;
  metodo_pago: string | null;
  currency: string | null;
}

/** The live invoices the enterprise imported from these CFDI UUIDs, by UUID. */
export async function findImportedInvoices(
  db: Executor,
  enterpriseId: string,
  uuids: string[],
): Promise<Map<string, ImportedInvoiceRow>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('cfdi_imports as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .select([
      'c.uuid',
      'c.invoice_id',
      'c.rfc_emisor',
      'i.total_mxn',
      'i.assigned_mxn',
      'i.paid_mxn',
      'i.invoice_name',
      'c.metodo_pago',
      'c.currency',
    ])
    .where('c.enterprise_id', '=', enterpriseId)
    .where('c.uuid', 'in', uuids)
    .where('i.deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.uuid, row]));
}

/** Those of these credit-note UUIDs the enterprise has applied already. */
export async function findCreditNoteUuids(
  db: Executor,
  enterpriseId: string,
  uuids: string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .selectFrom('cfdi_credit_notes')
    .select('uuid')
    .where('enterprise_id', '=', enterpriseId)
    .where('uuid', 'in', uuids)
    .execute();
  return new Set(rows.map((row) => row.uuid));
}

export async function insertCreditNote(
  db: Executor,
  row: {
    enterpriseId: string;
    uuid: string;
    invoiceId: string;
    relatedUuid: string;
    relation: string;
    rfcEmisor: string;
    amountMxn: bigint;
    issuedOn: string;
    importedAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('cfdi_credit_notes')
    .values({
      enterprise_id: row.enterpriseId,
      uuid: row.uuid,
      invoice_id: row.invoiceId,
      related_uuid: row.relatedUuid,
      relation: row.relation,
      rfc_emisor: row.rfcEmisor,
      amount_mxn: row.amountMxn,
      issued_on: row.issuedOn,
      imported_at: row.importedAt,
    })
    .execute();
}

/** An invoice's credit notes, oldest first (an invoice has a handful at most). */
export async function listCreditNotes(db: Executor, enterpriseId: string, invoiceId: string) {
  return db
    .selectFrom('cfdi_credit_notes')
    .select(['uuid', 'relation', 'amount_mxn', 'issued_on', 'imported_at'])
    .where('enterprise_id', '=', enterpriseId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('imported_at')
    .orderBy('uuid')
    .execute();
}

/** Whether a database error is the primary key of `cfdi_credit_notes` (applied twice at once). */
export function isDuplicateCreditNoteViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'constraint' in error &&
    error.constraint === 'cfdi_credit_notes_pkey'
  );
}

/** Records what the SAT's status service said of an imported CFDI. */
export async function updateSatStatus(
  db: Executor,
  key: { enterpriseId: string; uuid: string },
  status: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('cfdi_imports')
    .set({ sat_status: status, sat_checked_at: at })
    .where('enterprise_id', '=', key.enterpriseId)
    .where('uuid', '=', key.uuid)
    .execute();
}

/**
 * Imported CFDIs to ask the SAT about again: those whose last call failed, and those of
 * invoices not paid yet last asked before `staleBefore` (a CFDI may be cancelled after
 * import), oldest first.
 */
export async function findSatRechecks(db: Executor, staleBefore: Date, limit: number) {
  return db
    .selectFrom('cfdi_imports as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .select(['c.enterprise_id', 'c.uuid', 'c.sat_expression'])
    .where('c.sat_expression', 'is not', null)
    .where('i.deleted_at', 'is', null)
    .where('i.status', '!=', 'PAID')
    .where((eb) =>
      eb.or([eb('c.sat_status', '=', 'UNKNOWN'), eb('c.sat_checked_at', '<', staleBefore)]),
    )
    .orderBy('c.sat_checked_at')
    .limit(limit)
    .execute();
}

/** What the SAT last said of an invoice's CFDI, and when; null for an invoice not imported. */
export async function findInvoiceSatStatus(db: Executor, enterpriseId: string, invoiceId: string) {
  return (
    (await db
      .selectFrom('cfdi_imports')
      .select(['uuid', 'sat_status', 'sat_checked_at', 'metodo_pago'])
      .where('enterprise_id', '=', enterpriseId)
      .where('invoice_id', '=', invoiceId)
      .executeTakeFirst()) ?? null
  );
}

/** Whether the SAT last said this invoice's CFDI was cancelled. */
export async function isInvoiceCfdiCancelled(db: Executor, invoiceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('cfdi_imports')
    .select('uuid')
    .where('invoice_id', '=', invoiceId)
    .where('sat_status', '=', 'CANCELADO')
    .executeTakeFirst();
  return row !== undefined;
}
