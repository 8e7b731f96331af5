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
