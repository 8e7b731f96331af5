import type { Widen } from '../translation';

/** Texts of the payments screens. English first; Spanish must have the same keys. */
export const paymentsEn = {} as const;

export const paymentsSp: Widen<typeof paymentsEn> = {};
