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
import { parseCfdi, receptorMatches, type CfdiRefusal, type ParsedCfdi } from './cfdi-parser.js';
import * as repo from './cfdi.repository.js';
import { satExpression, type SatCfdiStatus, type SatStatusClient } from './sat-status.js';

/** Most files one parse or import takes. */
export const CFDI_MAX_FILES = 200;

export type CfdiStatus = 'READY' | 'DUPLICATE' | 'REFUSED';
type DuplicateReason = 'ALREADY_IMPORTED' | 'REPEATED_IN_UPLOAD';
type SatRefusal = 'SAT_CANCELLED' | 'SAT_NOT_FOUND';
type CompanyRefusal = 'RECEPTOR_MISMATCH' | 'CREDIT_NOTE_UNKNOWN_INVOICE' | 'CREDIT_NOTE_EXCEEDS';
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
  /** An invoice to import, or a credit note to apply to an imported one. */
  sKind: 'INVOICE' | 'CREDIT_NOTE' | null;
  /** A credit note's related invoice: its CFDI UUID and, when imported here, its id. */
  sRelatedUuid: string | null;
  sRelatedInvoiceId: string | null;
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

const TEXT = {
  en: {
    FILE_TOO_LARGE: 'The file is larger than 1 MB.',
    INVALID_XML: 'The file is not well-formed XML.',
    NOT_A_CFDI: 'The file is not a CFDI: its root must be cfdi:Comprobante, version 4.0 or 3.3.',
    MISSING_STAMP:
      'The CFDI has no TimbreFiscalDigital (the SAT stamp with its UUID): it is not a valid CFDI.',
    BAD_SEAL:
      'The CFDI’s seal does not verify ({{check}}): it was changed after the issuer signed it, or is not the issuer’s. Ask the supplier for the XML exactly as stamped.',
    MISSING_FIELD: 'A required field of the CFDI is missing or malformed: {{field}}.',
    NOT_AN_INCOME_INVOICE:
      'Only income invoices (TipoDeComprobante "I") and credit notes ("E") can be imported; this is a payment or other kind.',
    UNSUPPORTED_CREDIT_NOTE:
      'This credit note must name exactly one invoice in CfdiRelacionados, as a credit note (01), return (03) or advance (07). Ask the supplier for one credit note per invoice.',
    CREDIT_NOTE_UNKNOWN_INVOICE:
      'This credit note lowers invoice {{uuid}}, which is not an invoice of this supplier imported here. Import that invoice first.',
    CREDIT_NOTE_EXCEEDS:
      'This credit note ({{amount}} MXN) is more than is still open on invoice {{uuid}} ({{open}} MXN), or its whole total. Check it with the supplier.',
    MISSING_EXCHANGE_RATE: 'The CFDI is not in MXN and has no TipoCambio.',
    ALREADY_IMPORTED: 'This CFDI (UUID {{uuid}}) was already imported.',
    REPEATED_IN_UPLOAD: 'The same CFDI (UUID {{uuid}}) appears twice in this upload.',
    FOREIGN_CURRENCY:
      'This CFDI is in {{currency}} ({{total}}). Invoices are paid in MXN: the total shown is at the CFDI’s exchange rate {{rate}}. Check it with the supplier before importing.',
    RECEPTOR_MISMATCH:
      'This CFDI was issued to another company ({{receptor}}), not yours (tax id {{company}}): it cannot be imported. Ask the supplier to issue it to your company.',
    NO_COMPANY_TAX_ID:
      'Your company has no tax id on file, so the receptor ({{receptor}}) could not be checked.',
    SAT_CANCELLED:
      'The SAT reports this CFDI as cancelled by its issuer: it cannot be imported. Ask the supplier for the CFDI that replaces it.',
    SAT_NOT_FOUND:
      'The SAT does not know this CFDI (UUID {{uuid}}): it cannot be imported. Ask the supplier to confirm it was stamped.',
    SAT_STATUS_UNAVAILABLE:
      'The SAT’s status service could not be reached: the CFDI can be imported, and its status will be asked again before it is paid.',
  },
  sp: {
    FILE_TOO_LARGE: 'El archivo pesa más de 1 MB.',
    INVALID_XML: 'El archivo no es un XML bien formado.',
    NOT_A_CFDI: 'El archivo no es un CFDI: su raíz debe ser cfdi:Comprobante, versión 4.0 o 3.3.',
    MISSING_STAMP:
      'El CFDI no tiene TimbreFiscalDigital (el timbre del SAT con su UUID): no es un CFDI válido.',
    BAD_SEAL:
      'El sello del CFDI no es válido ({{check}}): el archivo se modificó después de firmarse o no es del emisor. Pide al proveedor el XML tal como se timbró.',
    MISSING_FIELD: 'Falta o está mal formado un campo obligatorio del CFDI: {{field}}.',
    NOT_AN_INCOME_INVOICE:
      'Solo se importan facturas de ingreso (TipoDeComprobante "I") y notas de crédito ("E"); este es un pago u otro tipo.',
    UNSUPPORTED_CREDIT_NOTE:
      'Esta nota de crédito debe relacionar exactamente una factura en CfdiRelacionados, como nota de crédito (01), devolución (03) o anticipo (07). Pide al proveedor una nota por factura.',
    CREDIT_NOTE_UNKNOWN_INVOICE:
      'Esta nota de crédito disminuye la factura {{uuid}}, que no es una factura de este proveedor importada aquí. Importa primero esa factura.',
    CREDIT_NOTE_EXCEEDS:
      'Esta nota de crédito ({{amount}} MXN) es mayor que lo pendiente de la factura {{uuid}} ({{open}} MXN), o que todo su total. Revísala con el proveedor.',
    MISSING_EXCHANGE_RATE: 'El CFDI no está en MXN y no tiene TipoCambio.',
    ALREADY_IMPORTED: 'Este CFDI (UUID {{uuid}}) ya fue importado.',
    REPEATED_IN_UPLOAD: 'El mismo CFDI (UUID {{uuid}}) aparece dos veces en esta carga.',
    FOREIGN_CURRENCY:
      'Este CFDI está en {{currency}} ({{total}}). Las facturas se pagan en MXN: el total mostrado usa el tipo de cambio del CFDI, {{rate}}. Confírmalo con el proveedor antes de importar.',
    RECEPTOR_MISMATCH:
      'Este CFDI se emitió a otra empresa ({{receptor}}), no a la tuya (identificación fiscal {{company}}): no se puede importar. Pide al proveedor que lo emita a tu empresa.',
    NO_COMPANY_TAX_ID:
      'Tu empresa no tiene identificación fiscal registrada: no se pudo verificar el receptor ({{receptor}}).',
    SAT_CANCELLED:
      'El SAT informa que este CFDI fue cancelado por su emisor: no se puede importar. Pide al proveedor el CFDI que lo sustituye.',
    SAT_NOT_FOUND:
      'El SAT no encuentra este CFDI (UUID {{uuid}}): no se puede importar. Pide al proveedor que confirme que se timbró.',
    SAT_STATUS_UNAVAILABLE:
      'No se pudo consultar el servicio de estado del SAT: el CFDI se puede importar y su estado se consultará de nuevo antes de pagarlo.',
  },
} as const;

type TextKey = keyof (typeof TEXT)['en'];

/** What each failed seal check means, for the BAD_SEAL line. */
const SEAL_CHECK_TEXT: Record<Language, Record<string, string>> = {
  en: {
    Sello: 'the seal is missing or not base64',
    SelloSAT: 'the stamp’s seals are missing or not base64',
    NoCertificado: 'the certificate number is missing or not 20 digits',
    Certificado: 'the certificate is missing or not base64',
    CERTIFICATE: 'the certificate cannot be read',
    CERTIFICATE_RFC: 'the certificate belongs to another RFC than the issuer’s',
    CERTIFICATE_NUMBER: 'the certificate’s serial is not NoCertificado',
    CERTIFICATE_NOT_IN_FORCE: 'the certificate was not in force at the CFDI’s date',
    SIGNATURE: 'the seal is not the signature of this content',
  },
  sp: {
    Sello: 'el sello falta o no está en base64',
    SelloSAT: 'los sellos del timbre faltan o no están en base64',
    NoCertificado: 'el número de certificado falta o no tiene 20 dígitos',
    Certificado: 'el certificado falta o no está en base64',
    CERTIFICATE: 'el certificado no se puede leer',
    CERTIFICATE_RFC: 'el certificado es de otro RFC que el del emisor',
    CERTIFICATE_NUMBER: 'el número de serie del certificado no es NoCertificado',
    CERTIFICATE_NOT_IN_FORCE: 'el certificado no estaba vigente en la fecha del CFDI',
    SIGNATURE: 'el sello no es la firma de este contenido',
  },
};

function say(language: Language, key: TextKey, values: Record<string, string> = {}): string {
  return TEXT[language][key].replace(
    /\{\{(\w+)\}\}/g,
    (_match, name: string) => values[name] ?? '',
  );
}

/**
 * CFDI import: reads CFDI files into invoices to review (`parse`, which writes
 * nothing), then creates the reviewed invoices, and the suppliers new to the enterprise,
 * in one transaction (`importInvoices`). Each fiscal folio (UUID) is imported once per
 * enterprise.
 */
export class CfdiService {
  constructor(
    protected readonly db: Db,
    protected readonly suppliers: SuppliersService,
    protected readonly invoices: InvoicesService,
    protected readonly rates: RatesService,
    protected readonly now: () => Date,
    /** The SAT's status service, or null when `SAT_STATUS_CHECK` is off. */
    protected readonly satStatus: SatStatusClient | null = null,
  ) {}

  /** Asks the SAT of each CFDI, a few at a time (the service is slow and rate-limited). */
  private async satStatuses(cfdis: ParsedCfdi[]): Promise<Map<string, SatCfdiStatus>> {
    const statuses = new Map<string, SatCfdiStatus>();
    const client = this.satStatus;
    if (!client) return statuses;
    const queue = [...cfdis];
    const worker = async () => {
      for (let cfdi = queue.shift(); cfdi; cfdi = queue.shift()) {
        statuses.set(cfdi.uuid, await client.status(satExpression(cfdi)));
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return statuses;
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
    const [imported, recipients, companyTaxId, applied, related] = await Promise.all([
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
      } else if (cfdi.kind === 'E') {
        this.judgeCreditNote(
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
    const statuses = await this.satStatuses(ready);
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
    const sat = await this.verifyImportItems(enterpriseId, items);
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

  /** A credit note's line: READY for a live imported invoice of its issuer with enough open. */
  private judgeCreditNote(
    line: CfdiParseLine,
    cfdi: ParsedCfdi,
    duplicate: boolean,
    related: Map<string, repo.ImportedInvoiceRow>,
    language: Language,
  ): void {
    const relatedUuid = cfdi.related?.uuid ?? '';
    const invoice = related.get(relatedUuid);
    line.sRelatedInvoiceId = invoice?.invoice_id ?? null;
    if (duplicate) {
      line.sStatus = 'DUPLICATE';
      line.sReasonCode = 'ALREADY_IMPORTED';
      line.sReason = say(language, 'ALREADY_IMPORTED', { uuid: cfdi.uuid });
      return;
    }
    const refusal = creditNoteRefusal(cfdi, invoice);
    if (refusal) {
      line.sStatus = 'REFUSED';
      line.sReasonCode = refusal;
      line.sReason = say(language, refusal, {
        uuid: relatedUuid,
        amount: moneyToDecimalString(cfdi.totalMxn),
        open: invoice ? moneyToDecimalString(openOf(invoice)) : '0.00',
      });
      return;
    }
    line.sStatus = 'READY';
  }

  /**
   * `POST invoices/credit-notes`: applies stamped credit notes to the invoices they name, in
   * one transaction: each is verified again as `parse` reads it, must name a live invoice
   * of its issuer imported here, and lowers its total by at most what is open. Anything
   * wrong refuses the whole request and writes nothing.
   */
  async applyCreditNotes(enterpriseId: string, contents: string[]): Promise<ApiInvoice[]> {
    if (contents.length > CFDI_MAX_FILES) {
      throw new AppError('TOO_MANY_FILES', { field: 'creditNotes' });
    }
    const companyTaxId = await repo.findEnterpriseTaxId(this.db, enterpriseId);
    let invoiceIds: string[];
    try {
      invoiceIds = await this.db.transaction().execute(async (trx) => {
        const ids: string[] = [];
        for (const [index, content] of contents.entries()) {
          const field = `creditNotes.${index}.sContent`;
          const result = parseCfdi(content);
          if (
            !result.ok ||
            result.cfdi.kind !== 'E' ||
            !result.cfdi.related ||
            (companyTaxId &&
              companyTaxId.trim() !== '' &&
              !receptorMatches(result.cfdi, companyTaxId))
          ) {
            throw new AppError('CFDI_NOT_VERIFIED', { field });
          }
          const cfdi = result.cfdi;
          const related = cfdi.related as NonNullable<ParsedCfdi['related']>;
          const applied = await repo.findCreditNoteUuids(trx, enterpriseId, [cfdi.uuid]);
          if (applied.has(cfdi.uuid)) throw new AppError('DUPLICATE_CFDI', { field });
          const invoice = (await repo.findImportedInvoices(trx, enterpriseId, [related.uuid])).get(
            related.uuid,
          );
          if (!invoice || invoice.rfc_emisor !== cfdi.rfcEmisor) {
            throw new AppError('CFDI_NOT_VERIFIED', { field });
          }
          await this.invoices.lowerTotal(
            trx,
            enterpriseId,
            invoice.invoice_id,
            cfdi.totalMxn,
            field,
          );
          await repo.insertCreditNote(trx, {
            enterpriseId,
            uuid: cfdi.uuid,
            invoiceId: invoice.invoice_id,
            relatedUuid: related.uuid,
            relation: related.relation,
            rfcEmisor: cfdi.rfcEmisor,
            amountMxn: cfdi.totalMxn,
            issuedOn: cfdi.purchaseDate,
            importedAt: this.now(),
          });
          if (!ids.includes(invoice.invoice_id)) ids.push(invoice.invoice_id);
        }
        return ids;
      });
    } catch (error) {
      if (repo.isDuplicateCreditNoteViolation(error)) throw new AppError('DUPLICATE_CFDI');
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

  /** `GET invoices/{id}/credit-notes`: the credit lines of a live invoice. */
  async creditNotesOf(enterpriseId: string, invoiceId: string) {
    await this.invoices.requireInvoice(this.db, enterpriseId, invoiceId);
    const rows = await repo.listCreditNotes(this.db, enterpriseId, invoiceId);
    return rows.map((row) => ({
      sUuid: row.uuid,
      sRelation: row.relation,
      dAmount: moneyToNumber(row.amount_mxn),
      dIssuedOn: row.issued_on,
    }));
  }

  /**
   * Each item's CFDI again, as `parse` reads it: the seal must verify, the receptor be this
   * company, and the UUID, MXN total and day be those the item asks to create; so a call
   * that skips the review, or edits its figures, writes nothing.
   */
  private async verifyImportItems(
    enterpriseId: string,
    items: CfdiImportInput[],
  ): Promise<Map<string, { status: string; expression: string }>> {
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
    const statuses = await this.satStatuses(verified);
    const sat = new Map<string, { status: string; expression: string }>();
    verified.forEach((cfdi, index) => {
      const status = statuses.get(cfdi.uuid);
      if (status === undefined) return;
      if (status === 'CANCELADO' || status === 'NO_ENCONTRADO') {
        throw new AppError('CFDI_CANCELLED', { field: `invoices.${index}.sContent` });
      }
      sat.set(cfdi.uuid, { status, expression: satExpression(cfdi) });
    });
    return sat;
  }

  /**
   * The `cfdi.sat-status` job: asks the SAT again of imported CFDIs whose last call failed,
   * or whose invoice is unpaid and was last asked over six hours ago, so a CFDI cancelled
   * after import stops its payment. Answers how many it asked.
   */
  async recheckSatStatuses(limit = 50): Promise<number> {
    const client = this.satStatus;
    if (!client) return 0;
    const now = this.now();
    const due = await repo.findSatRechecks(this.db, new Date(now.getTime() - 6 * 3_600_000), limit);
    for (const row of due) {
      const status = await client.status(row.sat_expression ?? '');
      await repo.updateSatStatus(
        this.db,
        { enterpriseId: row.enterprise_id, uuid: row.uuid },
        status === 'NO_ENCONTRADO' ? 'CANCELADO' : status,
        this.now(),
      );
    }
    return due.length;
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
  line.sKind = cfdi.kind === 'E' ? 'CREDIT_NOTE' : 'INVOICE';
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

function openOf(invoice: repo.ImportedInvoiceRow): bigint {
  const covered = invoice.assigned_mxn > invoice.paid_mxn ? invoice.assigned_mxn : invoice.paid_mxn;
  return invoice.total_mxn - covered;
}

/** Why a credit note cannot lower the invoice it names, or null when it can. */
function creditNoteRefusal(
  cfdi: ParsedCfdi,
  invoice: repo.ImportedInvoiceRow | undefined,
): 'CREDIT_NOTE_UNKNOWN_INVOICE' | 'CREDIT_NOTE_EXCEEDS' | null {
  // Another company's invoice is not among this enterprise's imports, so it is unknown here.
  if (!invoice || invoice.rfc_emisor !== cfdi.rfcEmisor) return 'CREDIT_NOTE_UNKNOWN_INVOICE';
  if (cfdi.totalMxn > openOf(invoice) || cfdi.totalMxn >= invoice.total_mxn) {
    return 'CREDIT_NOTE_EXCEEDS';
  }
  return null;
}

function receptorOf(cfdi: ParsedCfdi): string {
  return cfdi.rfcReceptor === 'XEXX010101000' && cfdi.numRegIdTribReceptor
    ? `${cfdi.rfcReceptor} / ${cfdi.numRegIdTribReceptor}`
    : cfdi.rfcReceptor;
}
