import type { Widen } from '../translation';

/** Texts of the exchange screens. English first; Spanish must have the same keys. */
export const exchangeEn = {} as const;

export const exchangeSp: Widen<typeof exchangeEn> = {};
