import { moneyToDecimalString, moneyToNumber, type Language } from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ApiInvoice, InvoicesService } from '../invoices/invoices.service.js';
import type { RatesService } from '../rates/rates.service.js';
import { CFDI_MAX_FILES, parseCfdi, receptorMatches, type ParsedCfdi } from './cfdi-parser.js';
import { say } from './cfdi-text.js';
import * as repo from './cfdi.repository.js';
import type { CfdiParseLine } from './cfdi.service.js';

/** A credit note's line: READY for a live imported invoice of its issuer with enough open. */
export function judgeCreditNote(
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
 * Credit notes (CFDI Egreso with CfdiRelacionados 01, 03 or 07): each lowers the imported
 * invoice it names by at most what is still open, and is one of its credit lines.
 */
export class CfdiCreditNotes {
  constructor(
    private readonly db: Db,
    private readonly invoices: InvoicesService,
    private readonly rates: RatesService,
    private readonly now: () => Date,
  ) {}

  /**
   * `POST invoices/credit-notes`: applies stamped credit notes to the invoices they name, in
   * one transaction: each is verified again as `parse` reads it, must name a live invoice
   * of its issuer imported here, and lowers its total by at most what is open. Anything
   * wrong refuses the whole request and writes nothing.
   */
  async apply(enterpriseId: string, contents: string[]): Promise<ApiInvoice[]> {
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
  async of(enterpriseId: string, invoiceId: string) {
    await this.invoices.requireInvoice(this.db, enterpriseId, invoiceId);
    const rows = await repo.listCreditNotes(this.db, enterpriseId, invoiceId);
    return rows.map((row) => ({
      sUuid: row.uuid,
      sRelation: row.relation,
      dAmount: moneyToNumber(row.amount_mxn),
      dIssuedOn: row.issued_on,
    }));
  }
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
