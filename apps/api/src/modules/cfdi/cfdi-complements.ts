import { moneyToDecimalString, moneyToNumber, type Language } from '@app/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import {
  CFDI_MAX_FILES,
  parseCfdi,
  receptorMatches,
  type ComplementDocument,
  type ParsedCfdi,
} from './cfdi-parser.js';
import type { CfdiStatuses } from './cfdi-status.js';
import * as complements from './cfdi-complements.repository.js';
import type { ImportedInvoiceRow } from './cfdi.repository.js';
import * as repo from './cfdi.repository.js';
import { say } from './cfdi-text.js';

/** What one DoctoRelacionado of a complement settles: a payment, or a flagged mismatch. */
export interface ComplementMatch {
  document: ComplementDocument;
  invoice: ImportedInvoiceRow;
  /** The payment matched, or for a mismatch the one it was checked against (null: none). */
  payment: complements.AwaitingPayment | null;
  status: 'MATCHED' | 'MISMATCH';
}

/** One line of a complement as the review and the import answer show it. */
export interface ApiComplementPayment {
  sRelatedUuid: string;
  sRelatedInvoiceId: string;
  sInvoice: string;
  sCurrency: string;
  dAmount: number;
  dAmountMxn: number;
  sMatch: 'MATCHED' | 'MISMATCH';
  dPaymentAmount: number | null;
  sMessage: string | null;
}

/**
 * The UUID of the first invoice a complement names that is not a live invoice of its issuer
 * imported here, or null. Another company's invoice is never among this enterprise's
 * imports, so a complement naming one is refused here.
 */
export function unknownComplementInvoice(
  cfdi: ParsedCfdi,
  invoices: Map<string, ImportedInvoiceRow>,
): string | null {
  for (const document of cfdi.payments) {
    const invoice = invoices.get(document.uuid);
    if (!invoice || invoice.rfc_emisor !== cfdi.rfcEmisor) return document.uuid;
  }
  return null;
}

/**
 * Matches each line of a complement with a payment of its invoice that no complement has
 * settled, oldest first, of the same MXN (within the complement's rounding). A line with
 * no such payment, or in another currency than the invoice's, is a MISMATCH against the
 * oldest payment still awaiting one: kept and shown, never taken as settling it. Matched
 * payments leave `awaiting`, so several complements of one upload share it.
 */
export function matchComplement(
  cfdi: ParsedCfdi,
  invoices: Map<string, ImportedInvoiceRow>,
  awaiting: complements.AwaitingPayment[],
): ComplementMatch[] {
  return cfdi.payments.flatMap((document): ComplementMatch[] => {
    const invoice = invoices.get(document.uuid);
    if (!invoice) return [];
    const candidates = awaiting.filter((payment) => payment.invoice_id === invoice.invoice_id);
    const sameCurrency = invoice.currency === null || invoice.currency === document.currency;
    const found = sameCurrency
      ? candidates.find((payment) => {
          const difference = payment.amount_mxn - document.amountMxn;
          return (difference < 0n ? -difference : difference) <= document.toleranceMxn;
        })
      : undefined;
    if (found) {
      awaiting.splice(awaiting.indexOf(found), 1);
      return [{ document, invoice, payment: found, status: 'MATCHED' }];
    }
    return [{ document, invoice, payment: candidates[0] ?? null, status: 'MISMATCH' }];
  });
}

export function toApiComplementPayment(
  match: ComplementMatch,
  language: Language,
): ApiComplementPayment {
  const amount = moneyToDecimalString(match.document.amountMxn);
  let message: string | null = null;
  if (match.status === 'MISMATCH') {
    message = match.payment
      ? say(language, 'COMPLEMENT_MISMATCH', {
          amount,
          invoice: match.invoice.invoice_name,
          payment: moneyToDecimalString(match.payment.amount_mxn),
        })
      : say(language, 'COMPLEMENT_NO_PAYMENT', { amount, invoice: match.invoice.invoice_name });
  }
  return {
    sRelatedUuid: match.document.uuid,
    sRelatedInvoiceId: match.invoice.invoice_id,
    sInvoice: match.invoice.invoice_name,
    sCurrency: match.document.currency,
    dAmount: moneyToNumber(match.document.amount),
    dAmountMxn: moneyToNumber(match.document.amountMxn),
    sMatch: match.status,
    dPaymentAmount: match.payment ? moneyToNumber(match.payment.amount_mxn) : null,
    sMessage: message,
  };
}

/** The invoices a set of complements name and the payments of them awaiting one. */
export async function complementContext(
  db: Executor,
  enterpriseId: string,
  cfdis: ParsedCfdi[],
): Promise<{
  invoices: Map<string, ImportedInvoiceRow>;
  awaiting: complements.AwaitingPayment[];
}> {
  const invoices = await repo.findImportedInvoices(
    db,
    enterpriseId,
    cfdis.flatMap((cfdi) => cfdi.payments.map((document) => document.uuid)),
  );
  const awaiting = await complements.findAwaitingPayments(
    db,
    [...invoices.values()].map((invoice) => invoice.invoice_id),
  );
  return { invoices, awaiting };
}

/**
 * Payment complements (CFDI Pago): each payment of an invoice imported from a PPD CFDI is
 * due one until a complement's line naming the invoice with that payment's amount is
 * imported. `apply` stores the lines of verified complements, matched or flagged;
 * `ofInvoice` is what an invoice's page shows.
 */
export class CfdiComplements {
  constructor(
    private readonly db: Db,
    private readonly invoices: InvoicesService,
    private readonly statuses: CfdiStatuses,
    private readonly now: () => Date,
  ) {}

  /**
   * `POST invoices/payment-complements`: each file verified again as `parse` reads it (the
   * seal, a Pago issued to this company, the SAT's status), then matched with the payments
   * of the invoices it names. Anything wrong refuses the request and writes nothing.
   */
  async importFiles(enterpriseId: string, contents: string[], language: Language) {
    if (contents.length > CFDI_MAX_FILES) {
      throw new AppError('TOO_MANY_FILES', { field: 'complements' });
    }
    const companyTaxId = await repo.findEnterpriseTaxId(this.db, enterpriseId);
    const cfdis = contents.map((content, index) => {
      const result = parseCfdi(content);
      if (
        !result.ok ||
        result.cfdi.kind !== 'P' ||
        (companyTaxId && companyTaxId.trim() !== '' && !receptorMatches(result.cfdi, companyTaxId))
      ) {
        throw new AppError('CFDI_NOT_VERIFIED', { field: `complements.${index}.sContent` });
      }
      return result.cfdi;
    });
    const statuses = await this.statuses.of(cfdis);
    cfdis.forEach((cfdi, index) => {
      const status = statuses.get(cfdi.uuid);
      if (status === 'CANCELADO' || status === 'NO_ENCONTRADO') {
        throw new AppError('CFDI_CANCELLED', { field: `complements.${index}.sContent` });
      }
    });
    return this.apply(enterpriseId, cfdis, language);
  }

  /**
   * Stores verified complements in one transaction (the caller verified each file as `parse`
   * does: seal, receptor, SAT status). The invoices they name are locked, so two imports
   * cannot match one payment twice. A complement imported before answers DUPLICATE_CFDI and
   * one naming an invoice that is not its issuer's here CFDI_NOT_VERIFIED; nothing is written.
   */
  async apply(
    enterpriseId: string,
    cfdis: ParsedCfdi[],
    language: Language,
  ): Promise<Array<{ sUuid: string; aPayments: ApiComplementPayment[] }>> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const applied = await complements.findComplementUuids(
          trx,
          enterpriseId,
          cfdis.map((cfdi) => cfdi.uuid),
        );
        const seen = new Set<string>();
        cfdis.forEach((cfdi, index) => {
          if (applied.has(cfdi.uuid) || seen.has(cfdi.uuid)) {
            throw new AppError('DUPLICATE_CFDI', { field: `complements.${index}.sContent` });
          }
          seen.add(cfdi.uuid);
        });
        const named = await repo.findImportedInvoices(
          trx,
          enterpriseId,
          cfdis.flatMap((cfdi) => cfdi.payments.map((document) => document.uuid)),
        );
        for (const invoiceId of [
          ...new Set([...named.values()].map((row) => row.invoice_id)),
        ].sort()) {
          await this.invoices.requireInvoice(trx, enterpriseId, invoiceId, { forUpdate: true });
        }
        const { invoices, awaiting } = await complementContext(trx, enterpriseId, cfdis);
        const answer: Array<{ sUuid: string; aPayments: ApiComplementPayment[] }> = [];
        for (const [index, cfdi] of cfdis.entries()) {
          if (unknownComplementInvoice(cfdi, invoices) !== null) {
            throw new AppError('CFDI_NOT_VERIFIED', { field: `complements.${index}.sContent` });
          }
          const matches = matchComplement(cfdi, invoices, awaiting);
          await complements.insertComplementDocuments(
            trx,
            matches.map((match, line) => ({
              enterpriseId,
              complementUuid: cfdi.uuid,
              line: line + 1,
              invoiceId: match.invoice.invoice_id,
              relatedUuid: match.document.uuid,
              rfcEmisor: cfdi.rfcEmisor,
              paidOn: match.document.paidOn,
              installment: match.document.installment,
              currency: match.document.currency,
              amount: match.document.amount,
              amountMxn: match.document.amountMxn,
              paymentId: match.payment?.payment_id ?? null,
              status: match.status,
              importedAt: this.now(),
            })),
          );
          answer.push({
            sUuid: cfdi.uuid,
            aPayments: matches.map((match) => toApiComplementPayment(match, language)),
          });
        }
        return answer;
      });
    } catch (error) {
      if (complements.isDuplicateComplementViolation(error)) throw new AppError('DUPLICATE_CFDI');
      throw error;
    }
  }

  /**
   * `GET invoices/{id}/cfdi`: an invoice's CFDI (null when it was not imported from one),
   * what the SAT last said of it, and for a PPD CFDI each payment with its complement.
   */
  async ofInvoice(enterpriseId: string, invoiceId: string) {
    await this.invoices.requireInvoice(this.db, enterpriseId, invoiceId);
    const cfdi = await repo.findInvoiceSatStatus(this.db, enterpriseId, invoiceId);
    if (!cfdi) return null;
    const [payments, lines] = await Promise.all([
      complements.listInvoicePayments(this.db, invoiceId),
      complements.listInvoiceComplements(this.db, invoiceId),
    ]);
    const ppd = cfdi.metodo_pago === 'PPD';
    return {
      sUuid: cfdi.uuid,
      sMetodoPago: cfdi.metodo_pago,
      sSatStatus: cfdi.sat_status,
      dSatCheckedAt: cfdi.sat_checked_at?.toISOString() ?? null,
      aPayments: payments.map((payment) => {
        const matched = lines.find(
          (line) => line.payment_id === payment.payment_id && line.status === 'MATCHED',
        );
        const flagged = lines.find(
          (line) => line.payment_id === payment.payment_id && line.status === 'MISMATCH',
        );
        const line = matched ?? flagged;
        return {
          sPaymentId: payment.payment_id,
          dAmount: moneyToNumber(payment.amount_mxn),
          dPaidAt: payment.created_at.toISOString(),
          sComplement: complementState(Boolean(matched), Boolean(flagged), ppd),
          sComplementUuid: line?.complement_uuid ?? null,
          dComplementAmount: line ? moneyToNumber(line.amount_mxn) : null,
        };
      }),
      aUnmatchedComplements: lines
        .filter((line) => line.payment_id === null)
        .map((line) => ({
          sComplementUuid: line.complement_uuid,
          dPaidOn: line.paid_on,
          dAmount: moneyToNumber(line.amount_mxn),
        })),
    };
  }
}

function complementState(
  matched: boolean,
  flagged: boolean,
  ppd: boolean,
): 'MATCHED' | 'MISMATCH' | 'DUE' | 'NOT_REQUIRED' {
  if (matched) return 'MATCHED';
  if (flagged) return 'MISMATCH';
  return ppd ? 'DUE' : 'NOT_REQUIRED';
}
