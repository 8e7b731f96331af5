import type { Widen } from '../translation';

/** Texts of the cart screens. English first; Spanish must have the same keys. */
export const cartEn = {} as const;

export const cartSp: Widen<typeof cartEn> = {};
