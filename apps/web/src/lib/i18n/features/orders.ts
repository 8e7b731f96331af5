import type { Widen } from '../translation';

/** Texts of the orders screens. English first; Spanish must have the same keys. */
export const ordersEn = {} as const;

export const ordersSp: Widen<typeof ordersEn> = {};
