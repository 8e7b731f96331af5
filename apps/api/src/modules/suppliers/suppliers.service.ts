import { randomUUID } from 'node:crypto';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { PaymentRecipientsTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { startBankChangeCoolingOff } from '../bank-changes/bank-change.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './suppliers.repository.js';

export type PaymentRecipientRow = PaymentRecipientsTable;

/** The PaymentRecipient of the API contract (API.md), JSON-ready. */
export interface ApiPaymentRecipient {
  sPaymentRecipientId: string;
  sName: string;
  sEmail: string;
  sBankName: string;
  sAccountNumber: string;
  sTaxId: string;
  sEntityBusiness: string;
  /** Payments to it are held until then: the cooling-off after its CLABE changed. */
  dPaymentsHeldUntil: string | null;
}

/** Validated supplier fields (CLABE checked, RFC normalized, e-mail lowercased). */
export interface RecipientInput {
  name: string;
  email: string;
  bankName: string;
  clabe: string;
  taxId: string;
  entityBusiness: string;
}

/** Default and maximum size of the supplier list. */
export const RECIPIENT_LIST_CAP = 500;

/** Suppliers (payment recipients) of an enterprise. */
export class SuppliersService {
  constructor(
    protected readonly db: Db,
    protected readonly now: () => Date,
  ) {}

  /**
   * The enterprise's supplier, or 404 NOT_FOUND (also for another enterprise's id or a
   * malformed id). Soft-deleted suppliers are refused unless `includeDeleted`. `forShare`
   * (inside a transaction) keeps it from being deleted or edited until commit.
   */
  async requireRecipient(
    db: Executor,
    enterpriseId: string,
    recipientId: string,
    options: { field?: string; includeDeleted?: boolean; forShare?: boolean } = {},
  ): Promise<PaymentRecipientRow> {
    const row = isUuid(recipientId)
      ? await repo.findRecipient(db, enterpriseId, recipientId, {
          ...(options.forShare ? { lock: 'share' as const } : {}),
        })
      : undefined;
    return this.payableRecipient(row, options);
  }

  /**
   * A supplier found by the caller (scoped by its enterprise) that can be paid: found, and
   * not deleted unless `includeDeleted`.
   */
  payableRecipient(
    row: PaymentRecipientRow | undefined,
    options: { field?: string; includeDeleted?: boolean } = {},
  ): PaymentRecipientRow {
    if (!row || (row.deleted_at !== null && !options.includeDeleted)) {
      throw new AppError('NOT_FOUND', { field: options.field ?? 'sPaymentRecipientId' });
    }
    return row;
  }

  /**
   * A supplier a payment goes to must be live: a deleted supplier is paid on no payment
   * path (409 SUPPLIER_DELETED, which says why), even through the invoices it still has.
   */
  refuseDeleted(row: PaymentRecipientRow, field = 'sPaymentRecipientId'): PaymentRecipientRow {
    if (row.deleted_at !== null) throw new AppError('SUPPLIER_DELETED', { field });
    // The cooling-off after a CLABE change: the classic fraud path is a changed
    // bank account paid at once, so nothing is paid to it until the company's hours pass.
    if (row.payments_held_until !== null && row.payments_held_until > this.now()) {
      throw new AppError('SUPPLIER_COOLING_OFF', { field });
    }
    return row;
  }

  /** Whether `clabe` is not the live supplier's current account (a bank change). */
  async isBankChange(enterpriseId: string, recipientId: string, clabe: string): Promise<boolean> {
    const row = isUuid(recipientId)
      ? await repo.findRecipient(this.db, enterpriseId, recipientId, {})
      : undefined;
    return row !== undefined && row.deleted_at === null && row.clabe !== clabe;
  }

  async list(
    enterpriseId: string,
    page: { page?: number | undefined; limit?: number | undefined } = {},
  ): Promise<ApiPaymentRecipient[]> {
    const limit = Math.min(page.limit ?? RECIPIENT_LIST_CAP, RECIPIENT_LIST_CAP);
    const offset = page.page ? (page.page - 1) * limit : 0;
    const rows = await repo.listLiveRecipients(this.db, enterpriseId, { offset, limit });
    return rows.map(toApiRecipient);
  }

  async create(
    enterpriseId: string,
    input: RecipientInput,
    db: Executor = this.db,
  ): Promise<ApiPaymentRecipient> {
    const row = await repo.insertRecipient(db, {
      id: randomUUID(),
      enterprise_id: enterpriseId,
      created_at: this.now(),
      ...toColumns(input),
    });
    return toApiRecipient(row);
  }

  /**
   * The enterprise's live supplier paid to `input.clabe`, made with these fields when it
   * has none (a marketplace order pays its grower through one). Runs in the caller's
   * transaction.
   */
  async ensureRecipient(
    db: Executor,
    enterpriseId: string,
    input: RecipientInput,
  ): Promise<PaymentRecipientRow> {
    const existing = await repo.findLiveRecipientByClabe(db, enterpriseId, input.clabe);
    if (existing) return existing;
    return repo.insertRecipient(db, {
      id: randomUUID(),
      enterprise_id: enterpriseId,
      created_at: this.now(),
      ...toColumns(input),
    });
  }

  /** The enterprise's supplier as the API shows it (deleted ones too), or undefined. */
  async find(enterpriseId: string, recipientId: string): Promise<ApiPaymentRecipient | undefined> {
    const row = isUuid(recipientId)
      ? await repo.findRecipient(this.db, enterpriseId, recipientId, {})
      : undefined;
    return row ? toApiRecipient(row) : undefined;
  }

  /**
   * Edits a live supplier; past invoices and payments keep pointing at the same record. A new
   * CLABE starts the company's cooling-off (payments to it held) and tells every ADMIN by
   * e-mail, written to the outbox in the same transaction.
   */
  async update(
    enterpriseId: string,
    recipientId: string,
    input: RecipientInput,
  ): Promise<ApiPaymentRecipient> {
    return this.db
      .transaction()
      .execute((trx) => this.updateInTransaction(trx, enterpriseId, recipientId, input));
  }

  /** `update` in the caller's transaction (an approved bank change is decided in the same one). */
  async updateInTransaction(
    trx: Trx,
    enterpriseId: string,
    recipientId: string,
    input: RecipientInput,
  ): Promise<ApiPaymentRecipient> {
    if (!isUuid(recipientId)) throw new AppError('NOT_FOUND', { field: 'sPaymentRecipientId' });
    const row = await this.changeRecipient(trx, enterpriseId, recipientId, input);
    if (!row) throw new AppError('NOT_FOUND', { field: 'sPaymentRecipientId' });
    return toApiRecipient(row);
  }

  private async changeRecipient(
    trx: Trx,
    enterpriseId: string,
    recipientId: string,
    input: RecipientInput,
  ): Promise<PaymentRecipientRow | undefined> {
    const before = await repo.findRecipient(trx, enterpriseId, recipientId, { lock: 'update' });
    if (!before || before.deleted_at !== null) return undefined;
    const updated = await repo.updateRecipient(trx, enterpriseId, recipientId, toColumns(input));
    if (!updated || before.clabe === input.clabe) return updated;
    const heldUntil = await startBankChangeCoolingOff(trx, {
      enterpriseId,
      kind: 'SUPPLIER',
      recipientId,
      ownerName: before.name,
      oldClabe: before.clabe,
      newClabe: input.clabe,
      now: this.now(),
    });
    return repo.holdPayments(trx, recipientId, heldUntil);
  }

  /** The enterprise's oldest live supplier of each of these RFCs (normalized). */
  async findLiveByTaxIds(
    db: Executor,
    enterpriseId: string,
    taxIds: string[],
  ): Promise<Map<string, PaymentRecipientRow>> {
    const rows = await repo.findLiveRecipientsByTaxIds(db, enterpriseId, [...new Set(taxIds)]);
    const byTaxId = new Map<string, PaymentRecipientRow>();
    for (const row of rows) if (!byTaxId.has(row.tax_id)) byTaxId.set(row.tax_id, row);
    return byTaxId;
  }

  /** Soft delete: history stays, the supplier leaves the list and takes no new invoices. */
  async remove(enterpriseId: string, recipientId: string): Promise<void> {
    const deleted =
      isUuid(recipientId) &&
      (await repo.softDeleteRecipient(this.db, enterpriseId, recipientId, this.now()));
    if (!deleted) throw new AppError('NOT_FOUND', { field: 'sPaymentRecipientId' });
  }
}

function toColumns(input: RecipientInput): repo.RecipientFields {
  return {
    name: input.name,
    email: input.email,
    bank_name: input.bankName,
    clabe: input.clabe,
    tax_id: input.taxId,
    entity_business: input.entityBusiness,
  };
}

export function toApiRecipient(row: PaymentRecipientRow): ApiPaymentRecipient {
  return {
    sPaymentRecipientId: row.id,
    sName: row.name,
    sEmail: row.email,
    sBankName: row.bank_name,
    sAccountNumber: row.clabe,
    sTaxId: row.tax_id,
    sEntityBusiness: row.entity_business,
    dPaymentsHeldUntil: row.payments_held_until ? row.payments_held_until.toISOString() : null,
  };
}
