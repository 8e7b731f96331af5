import type { Widen } from '../translation';

/** Texts of the suppliers screens. English first; Spanish must have the same keys. */
export const suppliersEn = {} as const;

export const suppliersSp: Widen<typeof suppliersEn> = {};
