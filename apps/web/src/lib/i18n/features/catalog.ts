import type { Widen } from '../translation';

/** Texts of the catalog screens. English first; Spanish must have the same keys. */
export const catalogEn = {} as const;

export const catalogSp: Widen<typeof catalogEn> = {};
