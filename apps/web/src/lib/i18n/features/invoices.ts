import type { Widen } from '../translation';

/** Texts of the invoices screens. English first; Spanish must have the same keys. */
export const invoicesEn = {} as const;

export const invoicesSp: Widen<typeof invoicesEn> = {};
