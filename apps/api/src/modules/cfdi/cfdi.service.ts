import {
  bankNameFromClabe,
  moneyToDecimalString,
  moneyToNumber,
  normalizeRfc,
  rateToDecimalString,
  rateToNumber,
  refusedCfdiLine,
  type Language,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ApiInvoice, InvoicesService } from '../invoices/invoices.service.js';
import type { RatesService } from '../rates/rates.service.js';
import type { PaymentRecipientRow, SuppliersService } from '../suppliers/suppliers.service.js';
import {
  CFDI_MAX_FILES,
  parseCfdi,
  receptorMatches,
  type CfdiRefusal,
  type ParsedCfdi,
} from './cfdi-parser.js';
import {
  CfdiComplements,
  complementContext,
  matchComplement,
  toApiComplementPayment,
  unknownComplementInvoice,
  type ApiComplementPayment,
} from './cfdi-complements.js';
import { findComplementUuids } from './cfdi-complements.repository.js';
import { CfdiCreditNotes, judgeCreditNote } from './cfdi-credit-notes.js';
import { CfdiStatuses } from './cfdi-status.js';
import { SEAL_CHECK_TEXT, say } from './cfdi-text.js';
import * as repo from './cfdi.repository.js';
import { satExpression, type SatStatusClient } from './sat-status.js';

export { CFDI_MAX_FILES } from './cfdi-parser.js';

export type CfdiStatus = 'READY' | 'DUPLICATE' | 'REFUSED';
type DuplicateReason = 'ALREADY_IMPORTED' | 'REPEATED_IN_UPLOAD';
type SatRefusal = 'SAT_CANCELLED' | 'SAT_NOT_FOUND';
type CompanyRefusal =
  | 'RECEPTOR_MISMATCH'
  | 'CREDIT_NOTE_UNKNOWN_INVOICE'
  | 'CREDIT_NOTE_EXCEEDS'
  | 'COMPLEMENT_UNKNOWN_INVOICE';
export type CfdiWarningCode = 'FOREIGN_CURRENCY' | 'NO_COMPANY_TAX_ID' | 'SAT_STATUS_UNAVAILABLE';

/** One file's line of `POST invoices/cfdi/parse` (API.md, plus the review's extras). */
export interface CfdiParseLine {
  sFileName: string;
  sStatus: CfdiStatus;
  sReason?: string;
  sReasonCode?: CfdiRefusal | DuplicateReason | CompanyRefusal | SatRefusal;
  sUuid: string | null;
  sRfcEmisor: string | null;
  sNombreEmisor: string | null;
  sRfcReceptor: string | null;
  sInvoice: string | null;
  dPurchaseDate: string | null;
  /** MXN: the total, or for another currency the total at the CFDI's TipoCambio. */
  dTotalAmount: number | null;
  /** The total in the CFDI's own currency. */
  dTotalOriginal: number | null;
  sMoneda: string | null;
  dTipoCambio: number | null;
  sVersion: string | null;
  /** The live supplier with the issuer's RFC; null when there is none (offer a new one). */
  sPaymentRecipientId: string | null;
  sPaymentRecipientName: string | null;
  aWarnings: Array<{ sCode: CfdiWarningCode; sMessage: string }>;
  /** An invoice to import, a credit note to apply, or a payment complement to record. */
  sKind: 'INVOICE' | 'CREDIT_NOTE' | 'PAYMENT_COMPLEMENT' | null;
  /** A credit note's related invoice: its CFDI UUID and, when imported here, its id. */
  sRelatedUuid: string | null;
  sRelatedInvoiceId: string | null;
  /** A payment complement's lines: each invoice it names, and the payment it would settle. */
  aPayments: ApiComplementPayment[];
}

export interface CfdiFile {
  fileName: string;
  content: string;
}

/** A supplier to create with the invoices, for an issuer the enterprise does not have yet. */
export interface NewSupplierInput {
  name: string;
  taxId: string;
  clabe: string;
  email: string;
}

export interface CfdiImportInput {
  uuid: string;
  /** The CFDI's XML, verified again: the review's figures are the client's word. */
  content: string;
  recipientId: string | undefined;
  newSupplier: NewSupplierInput | undefined;
  invoiceName: string;
  purchaseDate: string;
  totalMxn: bigint;
  rateProtectionMicro: bigint;
  creditPeriodDays: number;
}

/**
 * CFDI import: reads CFDI files into invoices to review (`parse`, which writes
 * nothing), then creates the reviewed invoices, and the suppliers new to the enterprise,
 * in one transaction (`importInvoices`). Each fiscal folio (UUID) is imported once per
 * enterprise. Credit notes (`CfdiCreditNotes`), payment complements (`CfdiComplements`) and
 * the SAT's status (`CfdiStatuses`) are read here and applied by their own services.
 */
export class CfdiService {
  constructor(
    protected readonly db: Db,
    protected readonly suppliers: SuppliersService,
    protected readonly invoices: InvoicesService,
    protected readonly rates: RatesService,
    protected readonly now: () => Date,
    /** The SAT's status service, or null when `SAT_STATUS_CHECK` is off. */
    satStatus: SatStatusClient | null = null,
  ) {
    this.creditNotes = new CfdiCreditNotes(db, invoices, rates, now);
    this.statuses = new CfdiStatuses(db, satStatus, now);
    this.complements = new CfdiComplements(db, invoices, this.statuses, now);
  }

  readonly creditNotes: CfdiCreditNotes;
  readonly complements: CfdiComplements;
  readonly statuses: CfdiStatuses;

  applyCreditNotes(enterpriseId: string, contents: string[]): Promise<ApiInvoice[]> {
    return this.creditNotes.apply(enterpriseId, contents);
  }

  creditNotesOf(enterpriseId: string, invoiceId: string) {
    return this.creditNotes.of(enterpriseId, invoiceId);
  }

  recheckSatStatuses(limit = 50): Promise<number> {
    return this.statuses.recheck(limit);
  }

  /** `GET invoices/{id}/cfdi`: the invoice's CFDI, its SAT status and complements. */
  cfdiOf(enterpriseId: string, invoiceId: string) {
    return this.complements.ofInvoice(enterpriseId, invoiceId);
  }

  /** `POST invoices/payment-complements` (`CfdiComplements.importFiles`). */
  applyComplements(enterpriseId: string, contents: string[], language: Language) {
    return this.complements.importFiles(enterpriseId, contents, language);
  }

  async parse(
    enterpriseId: string,
    files: CfdiFile[],
    language: Language,
  ): Promise<CfdiParseLine[]> {
    if (files.length > CFDI_MAX_FILES) throw new AppError('TOO_MANY_FILES', { field: 'files' });
    const parsed = files.map((file) => ({ file, result: parseCfdi(file.content) }));
    const read = parsed.flatMap(({ result }) => (result.ok ? [result.cfdi] : []));
    const creditNotes = read.filter((cfdi) => cfdi.kind === 'E');
    const complementCfdis = read.filter((cfdi) => cfdi.kind === 'P');
    const [imported, recipients, companyTaxId, applied, related, complements, recorded] =
      await Promise.all([
        repo.findLiveImportedUuids(
          this.db,
          enterpriseId,
          read.map((cfdi) => cfdi.uuid),
        ),
        this.suppliers.findLiveByTaxIds(
          this.db,
          enterpriseId,
          read.map((cfdi) => cfdi.rfcEmisor),
        ),
        repo.findEnterpriseTaxId(this.db, enterpriseId),
        repo.findCreditNoteUuids(
          this.db,
          enterpriseId,
          creditNotes.map((cfdi) => cfdi.uuid),
        ),
        repo.findImportedInvoices(
          this.db,
          enterpriseId,
          creditNotes.flatMap((cfdi) => (cfdi.related ? [cfdi.related.uuid] : [])),
        ),
        complementContext(this.db, enterpriseId, complementCfdis),
        findComplementUuids(
          this.db,
          enterpriseId,
          complementCfdis.map((cfdi) => cfdi.uuid),
        ),
      ]);
    const seen = new Set<string>();
    const lines = parsed.map(({ file, result }) => {
      const line: CfdiParseLine = refusedCfdiLine(file.fileName);
      if (!result.ok) {
        line.sReasonCode = result.reason;
        const field = result.field ?? '';
        line.sReason = say(language, result.reason, {
          field,
          check: SEAL_CHECK_TEXT[language][field] ?? field,
        });
        return line;
      }
      const cfdi = result.cfdi;
      describeCfdi(line, cfdi, recipients.get(cfdi.rfcEmisor));
      line.aWarnings = warningsOf(cfdi, companyTaxId, language);
      if (companyTaxId && companyTaxId.trim() !== '' && !receptorMatches(cfdi, companyTaxId)) {
        // A CFDI issued to another company is that company's expense: paying it here would
        // pay a debt that is not ours, so it is refused, not merely flagged.
        line.sStatus = 'REFUSED';
        line.sReasonCode = 'RECEPTOR_MISMATCH';
        line.sReason = say(language, 'RECEPTOR_MISMATCH', {
          receptor: receptorOf(cfdi),
          company: companyTaxId,
        });
      } else if (cfdi.kind === 'P') {
        const duplicate = recorded.has(cfdi.uuid) || seen.has(cfdi.uuid);
        const unknown = unknownComplementInvoice(cfdi, complements.invoices);
        if (duplicate) {
          line.sStatus = 'DUPLICATE';
          line.sReasonCode = recorded.has(cfdi.uuid) ? 'ALREADY_IMPORTED' : 'REPEATED_IN_UPLOAD';
          line.sReason = say(language, line.sReasonCode, { uuid: cfdi.uuid });
        } else if (unknown !== null) {
          line.sStatus = 'REFUSED';
          line.sReasonCode = 'COMPLEMENT_UNKNOWN_INVOICE';
          line.sReason = say(language, 'COMPLEMENT_UNKNOWN_INVOICE', { uuid: unknown });
        } else {
          line.sStatus = 'READY';
          line.aPayments = matchComplement(cfdi, complements.invoices, complements.awaiting).map(
            (match) => toApiComplementPayment(match, language),
          );
        }
      } else if (cfdi.kind === 'E') {
        judgeCreditNote(
          line,
          cfdi,
          applied.has(cfdi.uuid) || seen.has(cfdi.uuid),
          related,
          language,
        );
      } else if (imported.has(cfdi.uuid) || seen.has(cfdi.uuid)) {
        const code = imported.has(cfdi.uuid) ? 'ALREADY_IMPORTED' : 'REPEATED_IN_UPLOAD';
        line.sStatus = 'DUPLICATE';
        line.sReasonCode = code;
        line.sReason = say(language, code, { uuid: cfdi.uuid });
      } else {
        line.sStatus = 'READY';
      }
      seen.add(cfdi.uuid);
      return line;
    });
    const ready = parsed.flatMap(({ result }, index) =>
      result.ok && lines[index]?.sStatus === 'READY' ? [result.cfdi] : [],
    );
    const statuses = await this.statuses.of(ready);
    for (const line of lines) {
      const status = line.sUuid ? statuses.get(line.sUuid) : undefined;
      if (status === 'CANCELADO' || status === 'NO_ENCONTRADO') {
        const code = status === 'CANCELADO' ? 'SAT_CANCELLED' : 'SAT_NOT_FOUND';
        line.sStatus = 'REFUSED';
        line.sReasonCode = code;
        line.sReason = say(language, code, { uuid: line.sUuid ?? '' });
      } else if (status === 'UNKNOWN') {
        line.aWarnings.push({
          sCode: 'SAT_STATUS_UNAVAILABLE',
          sMessage: say(language, 'SAT_STATUS_UNAVAILABLE'),
        });
      }
    }
    return lines;
  }

  /**
   * Creates the reviewed invoices in one transaction, with the suppliers new to the
   * enterprise (one per RFC; an RFC that has a live supplier by now uses it). A UUID
   * imported before (into an invoice still there), or twice in the request, refuses the
   * whole import with DUPLICATE_CFDI: nothing is written.
   */
  async importInvoices(enterpriseId: string, items: CfdiImportInput[]): Promise<ApiInvoice[]> {
    if (items.length > CFDI_MAX_FILES) throw new AppError('TOO_MANY_FILES', { field: 'invoices' });
    const uuids = items.map((item) => item.uuid);
    uuids.forEach((uuid, index) => {
      if (uuids.indexOf(uuid) !== index) {
        throw new AppError('DUPLICATE_CFDI', { field: `invoices.${index}.sUuid` });
      }
    });
    const { sat, cfdis } = await this.verifyImportItems(enterpriseId, items);
    let invoiceIds: string[];
    try {
      invoiceIds = await this.db.transaction().execute(async (trx) => {
        await repo.releaseUuidsOfDeletedInvoices(trx, enterpriseId, uuids);
        const imported = await repo.findLiveImportedUuids(trx, enterpriseId, uuids);
        const duplicate = items.findIndex((item) => imported.has(item.uuid));
        if (duplicate >= 0) {
          throw new AppError('DUPLICATE_CFDI', { field: `invoices.${duplicate}.sUuid` });
        }
        const existing = await this.suppliers.findLiveByTaxIds(
          trx,
          enterpriseId,
          items.flatMap((item) => (item.newSupplier ? [item.newSupplier.taxId] : [])),
        );
        const created = new Map<string, { id: string; taxId: string }>();
        const ids: string[] = [];
        const records: Parameters<typeof repo.insertImports>[1] = [];
        for (const [index, item] of items.entries()) {
          let recipient: { id: string; taxId: string };
          if (item.newSupplier) {
            const { taxId } = item.newSupplier;
            const found = existing.get(taxId);
            recipient = found
              ? { id: found.id, taxId: found.tax_id }
              : (created.get(taxId) ??
                (await this.createSupplier(trx, enterpriseId, item.newSupplier)));
            created.set(taxId, recipient);
          } else {
            const row = await this.suppliers.requireRecipient(
              trx,
              enterpriseId,
              item.recipientId ?? '',
              { field: `invoices.${index}.sPaymentRecipientId` },
            );
            recipient = { id: row.id, taxId: row.tax_id };
          }
          const invoiceId = await this.invoices.createInTransaction(trx, enterpriseId, {
            purchaseDate: item.purchaseDate,
            recipientId: recipient.id,
            invoiceName: item.invoiceName,
            totalMxn: item.totalMxn,
            rateProtectionMicro: item.rateProtectionMicro,
            creditPeriodDays: item.creditPeriodDays,
          });
          ids.push(invoiceId);
          records.push({
            enterpriseId,
            uuid: item.uuid,
            invoiceId,
            rfcEmisor: recipient.taxId,
            importedAt: this.now(),
            sat: sat.get(item.uuid),
            metodoPago: cfdis[index]?.metodoPago ?? null,
            currency: cfdis[index]?.currency ?? 'MXN',
            exchangeRateMicro: cfdis[index]?.exchangeRateMicro ?? null,
          });
        }
        await repo.insertImports(trx, records);
        return ids;
      });
    } catch (error) {
      // Two imports of one CFDI at once: the second meets the first's key at commit.
      if (repo.isDuplicateImportViolation(error)) throw new AppError('DUPLICATE_CFDI');
      throw error;
    }
    const described = await this.invoices.describeInvoices(
      this.db,
      enterpriseId,
      invoiceIds,
      this.rates.customerRateAt(this.now()),
    );
    return invoiceIds.flatMap((id) => {
      const invoice = described.get(id);
      return invoice ? [invoice] : [];
    });
  }

  /**
   * Each item's CFDI again, as `parse` reads it: the seal must verify, the receptor be this
   * company, and the UUID, MXN total and day be those the item asks to create; so a call
   * that skips the review, or edits its figures, writes nothing.
   */
  private async verifyImportItems(
    enterpriseId: string,
    items: CfdiImportInput[],
  ): Promise<{ sat: Map<string, { status: string; expression: string }>; cfdis: ParsedCfdi[] }> {
    const companyTaxId = await repo.findEnterpriseTaxId(this.db, enterpriseId);
    const verified = items.map((item, index) => {
      const result = parseCfdi(item.content);
      const matches =
        result.ok &&
        result.cfdi.kind === 'I' &&
        result.cfdi.uuid === item.uuid &&
        result.cfdi.totalMxn === item.totalMxn &&
        result.cfdi.purchaseDate === item.purchaseDate &&
        (item.newSupplier === undefined ||
          normalizeRfc(item.newSupplier.taxId) === result.cfdi.rfcEmisor) &&
        (!companyTaxId || companyTaxId.trim() === '' || receptorMatches(result.cfdi, companyTaxId));
      if (!matches)
        throw new AppError('CFDI_NOT_VERIFIED', { field: `invoices.${index}.sContent` });
      return result.cfdi;
    });
    // The SAT is asked again at import: a CFDI may be cancelled between review and import.
    const statuses = await this.statuses.of(verified);
    const sat = new Map<string, { status: string; expression: string }>();
    verified.forEach((cfdi, index) => {
      const status = statuses.get(cfdi.uuid);
      if (status === undefined) return;
      if (status === 'CANCELADO' || status === 'NO_ENCONTRADO') {
        throw new AppError('CFDI_CANCELLED', { field: `invoices.${index}.sContent` });
      }
      sat.set(cfdi.uuid, { status, expression: satExpression(cfdi) });
    });
    return { sat, cfdis: verified };
  }

  private async createSupplier(
    trx: Parameters<SuppliersService['create']>[2],
    enterpriseId: string,
    input: NewSupplierInput,
  ): Promise<{ id: string; taxId: string }> {
    const created = await this.suppliers.create(
      enterpriseId,
      {
        name: input.name,
        email: input.email,
        bankName: bankNameFromClabe(input.clabe) ?? 'SPEI',
        clabe: input.clabe,
        taxId: input.taxId,
        entityBusiness: input.taxId.length === 13 ? 'PERSON' : 'COMPANY',
      },
      trx,
    );
    return { id: created.sPaymentRecipientId, taxId: created.sTaxId };
  }
}

function describeCfdi(
  line: CfdiParseLine,
  cfdi: ParsedCfdi,
  recipient: PaymentRecipientRow | undefined,
): void {
  line.sUuid = cfdi.uuid;
  line.sRfcEmisor = cfdi.rfcEmisor;
  // A 3.3 file may have no issuer name: the supplier's name, or the RFC itself, stands in.
  line.sNombreEmisor = cfdi.nombreEmisor ?? recipient?.name ?? cfdi.rfcEmisor;
  line.sRfcReceptor = cfdi.rfcReceptor;
  line.sInvoice = cfdi.invoiceNumber;
  line.dPurchaseDate = cfdi.purchaseDate;
  line.dTotalAmount = moneyToNumber(cfdi.totalMxn);
  line.dTotalOriginal = moneyToNumber(cfdi.total);
  line.sMoneda = cfdi.currency;
  line.dTipoCambio = cfdi.exchangeRateMicro === null ? null : rateToNumber(cfdi.exchangeRateMicro);
  line.sVersion = cfdi.version;
  line.sPaymentRecipientId = recipient?.id ?? null;
  line.sPaymentRecipientName = recipient?.name ?? null;
  line.sKind =
    cfdi.kind === 'E' ? 'CREDIT_NOTE' : cfdi.kind === 'P' ? 'PAYMENT_COMPLEMENT' : 'INVOICE';
  line.sRelatedUuid = cfdi.related?.uuid ?? null;
}

function warningsOf(
  cfdi: ParsedCfdi,
  companyTaxId: string | null,
  language: Language,
): CfdiParseLine['aWarnings'] {
  const warnings: CfdiParseLine['aWarnings'] = [];
  if (cfdi.currency !== 'MXN' && cfdi.exchangeRateMicro !== null) {
    warnings.push({
      sCode: 'FOREIGN_CURRENCY',
      sMessage: say(language, 'FOREIGN_CURRENCY', {
        currency: cfdi.currency,
        total: `${moneyToDecimalString(cfdi.total)} ${cfdi.currency}`,
        rate: rateToDecimalString(cfdi.exchangeRateMicro).replace(/0+$/, '').replace(/\.$/, ''),
      }),
    });
  }
  if (!companyTaxId || companyTaxId.trim() === '') {
    warnings.push({
      sCode: 'NO_COMPANY_TAX_ID',
      sMessage: say(language, 'NO_COMPANY_TAX_ID', { receptor: receptorOf(cfdi) }),
    });
  }
  return warnings;
}

function receptorOf(cfdi: ParsedCfdi): string {
  return cfdi.rfcReceptor === 'XEXX010101000' && cfdi.numRegIdTribReceptor
    ? `${cfdi.rfcReceptor} / ${cfdi.numRegIdTribReceptor}`
    : cfdi.rfcReceptor;
}
