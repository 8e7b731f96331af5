import type { Executor } from '../../db/database.js';
import type { PaymentRecipientsTable } from '../../db/schema.js';

export type RecipientFields = Pick<
  PaymentRecipientsTable,
  'name' | 'email' | 'bank_name' | 'clabe' | 'tax_id' | 'entity_business'
>;

/** The enterprise's supplier by id (soft-deleted ones too); undefined for another enterprise's. */
export async function findRecipient(
  db: Executor,
  enterpriseId: string,
  recipientId: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<PaymentRecipientsTable | undefined> {
  let query = db
    .selectFrom('payment_recipients')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', recipientId);
  if (options.lock === 'update') query = query.forUpdate();
  if (options.lock === 'share') query = query.forShare();
  return query.executeTakeFirst();
}

/** Live suppliers by name (uses the partial index payment_recipients_enterprise). */
export async function listLiveRecipients(
  db: Executor,
  enterpriseId: string,
  page: { offset: number; limit: number },
): Promise<PaymentRecipientsTable[]> {
  return db
    .selectFrom('payment_recipients')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** The enterprise's oldest live supplier paid to this CLABE (a marketplace grower's payee). */
export async function findLiveRecipientByClabe(
  db: Executor,
  enterpriseId: string,
  clabe: string,
): Promise<PaymentRecipientsTable | undefined> {
  return db
    .selectFrom('payment_recipients')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('deleted_at', 'is', null)
    .where('clabe', '=', clabe)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Live suppliers with these RFCs, oldest first (a CFDI's issuer is matched by RFC). */
export async function findLiveRecipientsByTaxIds(
  db: Executor,
  enterpriseId: string,
  taxIds: string[],
): Promise<PaymentRecipientsTable[]> {
  if (taxIds.length === 0) return [];
  return db
    .selectFrom('payment_recipients')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('deleted_at', 'is', null)
    .where('tax_id', 'in', taxIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertRecipient(
  db: Executor,
  row: RecipientFields & { id: string; enterprise_id: string; created_at: Date },
): Promise<PaymentRecipientsTable> {
  return db
    .insertInto('payment_recipients')
    .values({ ...row, deleted_at: null, payments_held_until: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRecipient(
  db: Executor,
  enterpriseId: string,
  recipientId: string,
  fields: RecipientFields,
): Promise<PaymentRecipientsTable | undefined> {
  return db
    .updateTable('payment_recipients')
    .set(fields)
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', recipientId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Soft delete; answers whether a live row was deleted. */
export async function softDeleteRecipient(
  db: Executor,
  enterpriseId: string,
  recipientId: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_recipients')
    .set({ deleted_at: at })
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', recipientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Holds payments to the supplier until `until` (the cooling-off after a bank change). */
export async function holdPayments(
  db: Executor,
  recipientId: string,
  until: Date,
): Promise<PaymentRecipientsTable> {
  return db
    .updateTable('payment_recipients')
    .set({ payments_held_until: until })
    .where('id', '=', recipientId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
