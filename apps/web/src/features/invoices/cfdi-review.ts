import { DomainInputError, parseRate, validateClabe } from '@app/domain';
import type { CfdiImportItem, CfdiParseLine } from './api/cfdi';

/** Most files one import takes (the API's limit). */
export const CFDI_MAX_FILES = 200;

/** A line of the review, with the file's text the import sends back to be verified again. */
export type CfdiReviewLine = CfdiParseLine & { sContent?: string };

/** What the user fills in for one READY line of the review. */
export interface CfdiRowInput {
  include: boolean;
  rate: string;
  credit: string;
}

export interface CfdiRowErrors {
  rate?: boolean;
  credit?: boolean;
  clabe?: boolean;
}

export function isValidRate(text: string): boolean {
  try {
    return parseRate(text.trim()) > 0n;
  } catch (error) {
    if (error instanceof DomainInputError) return false;
    throw error;
  }
}

export function isValidCredit(text: string): boolean {
  return /^\d{1,4}$/.test(text.trim()) && Number(text.trim()) <= 3650;
}

/** The errors of one included line (CLABE only for a supplier to create). */
export function rowErrors(
  line: CfdiParseLine,
  input: CfdiRowInput,
  clabes: Record<string, string>,
): CfdiRowErrors {
  const errors: CfdiRowErrors = {};
  // A credit note or a payment complement concerns an invoice already imported: it takes
  // no rate, period or CLABE.
  if (line.sKind === 'CREDIT_NOTE' || line.sKind === 'PAYMENT_COMPLEMENT') return errors;
  if (!isValidRate(input.rate)) errors.rate = true;
  if (!isValidCredit(input.credit)) errors.credit = true;
  if (
    !line.sPaymentRecipientId &&
    !validateClabe((clabes[line.sRfcEmisor ?? ''] ?? '').trim()).ok
  ) {
    errors.clabe = true;
  }
  return errors;
}

/** The import request of the included READY lines; undefined while any has an error. */
export function importItemsOf(
  lines: CfdiReviewLine[],
  inputs: Record<string, CfdiRowInput>,
  clabes: Record<string, string>,
): CfdiImportItem[] | undefined {
  const items: CfdiImportItem[] = [];
  for (const line of lines) {
    const input = line.sUuid ? inputs[line.sUuid] : undefined;
    if (line.sStatus !== 'READY' || !input?.include || !line.sUuid || !line.sContent) continue;
    if (line.sKind === 'CREDIT_NOTE' || line.sKind === 'PAYMENT_COMPLEMENT') continue;
    if (Object.keys(rowErrors(line, input, clabes)).length > 0) return undefined;
    const rfc = line.sRfcEmisor ?? '';
    items.push({
      sUuid: line.sUuid,
      sContent: line.sContent,
      ...(line.sPaymentRecipientId
        ? { sPaymentRecipientId: line.sPaymentRecipientId }
        : {
            newSupplier: {
              sName: line.sNombreEmisor ?? rfc,
              sTaxId: rfc,
              sAccountNumber: (clabes[rfc] ?? '').trim(),
            },
          }),
      sInvoice: line.sInvoice ?? line.sUuid,
      dPurchaseDate: line.dPurchaseDate ?? '',
      dTotalAmount: line.dTotalAmount ?? 0,
      // The API reads numbers through their shortest text: '18.75' arrives as 18.75 exactly.
      dRateProtection: Number(input.rate.trim()),
      iCreditPeriod: Number(input.credit.trim()),
    });
  }
  return items;
}

/** The files of the included READY credit notes, for `POST invoices/credit-notes`. */
export function creditNotesOf(
  lines: CfdiReviewLine[],
  inputs: Record<string, CfdiRowInput>,
): string[] {
  return filesOfKind(lines, inputs, 'CREDIT_NOTE');
}

/** The files of the included READY payment complements, for `POST invoices/payment-complements`. */
export function complementsOf(
  lines: CfdiReviewLine[],
  inputs: Record<string, CfdiRowInput>,
): string[] {
  return filesOfKind(lines, inputs, 'PAYMENT_COMPLEMENT');
}

function filesOfKind(
  lines: CfdiReviewLine[],
  inputs: Record<string, CfdiRowInput>,
  kind: CfdiParseLine['sKind'],
): string[] {
  return lines.flatMap((line) =>
    line.sKind === kind &&
    line.sStatus === 'READY' &&
    line.sUuid &&
    inputs[line.sUuid]?.include &&
    line.sContent
      ? [line.sContent]
      : [],
  );
}
