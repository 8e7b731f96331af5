import { moneyToNumber, parseMoney } from '@app/domain';
import type { InvoiceCfdi, InvoiceCreditNote } from './api/cfdi';

/**
 * The SAT's answer as the dialog names it: `unasked` until the SAT was first asked,
 * `unknown` when the last call failed (nothing then says the CFDI is valid).
 */
export type SatState = 'valid' | 'cancelled' | 'notFound' | 'unknown' | 'unasked';

const SAT_STATES: Record<string, SatState> = {
  VIGENTE: 'valid',
  CANCELADO: 'cancelled',
  NO_ENCONTRADO: 'notFound',
};

export function satStateOf(sSatStatus: string | null): SatState {
  if (sSatStatus === null) return 'unasked';
  return SAT_STATES[sSatStatus] ?? 'unknown';
}

/** A credit note with what was left to pay on the invoice once it was applied. */
export interface CreditNoteLine {
  sUuid: string;
  dIssuedOn: string;
  dAmount: number;
  dRemaining: number;
}

/**
 * The credit notes oldest first, each with the payable left after it. The invoice's total
 * is already lowered by every note, so the total before them is it plus all of them; what
 * was paid is taken off too, and nothing left is shown as zero, never a negative payable.
 */
export function creditNoteLines(
  invoice: { dTotalAmount: number; dPaidAmount: number },
  notes: readonly InvoiceCreditNote[],
): CreditNoteLine[] {
  const sorted = [...notes].sort((a, b) =>
    a.dIssuedOn === b.dIssuedOn
      ? a.sUuid.localeCompare(b.sUuid)
      : a.dIssuedOn < b.dIssuedOn
        ? -1
        : 1,
  );
  const credited = sorted.reduce((sum, note) => sum + parseMoney(note.dAmount), 0n);
  let payable = parseMoney(invoice.dTotalAmount) + credited - parseMoney(invoice.dPaidAmount);
  return sorted.map((note) => {
    payable -= parseMoney(note.dAmount);
    return { ...note, dRemaining: moneyToNumber(payable > 0n ? payable : 0n) };
  });
}

/** Where a payment stands with its payment complement. */
export type ComplementState = 'due' | 'received' | 'mismatch' | 'notRequired';

export interface PaymentLine {
  sPaymentId: string;
  dPaidAt: string;
  dAmount: number;
  state: ComplementState;
  sComplementUuid: string | null;
  /** For a mismatch: the MXN the complement says, against the payment's amount. */
  dComplementAmount: number | null;
}

const STATES = {
  DUE: 'due',
  MATCHED: 'received',
  MISMATCH: 'mismatch',
  NOT_REQUIRED: 'notRequired',
} as const satisfies Record<InvoiceCfdi['aPayments'][number]['sComplement'], ComplementState>;

/** The invoice's payments oldest first, each with its complement's state. */
export function paymentLines(cfdi: Pick<InvoiceCfdi, 'aPayments'>): PaymentLine[] {
  return [...cfdi.aPayments]
    .sort((a, b) => (a.dPaidAt < b.dPaidAt ? -1 : a.dPaidAt > b.dPaidAt ? 1 : 0))
    .map((payment) => ({
      sPaymentId: payment.sPaymentId,
      dPaidAt: payment.dPaidAt,
      dAmount: payment.dAmount,
      state: STATES[payment.sComplement],
      sComplementUuid: payment.sComplementUuid,
      dComplementAmount: payment.dComplementAmount,
    }));
}

/** A PPD CFDI is paid in parts, each needing its complement; a PUE one needs none. */
export function isPpd(cfdi: Pick<InvoiceCfdi, 'sMetodoPago'>): boolean {
  return cfdi.sMetodoPago === 'PPD';
}
