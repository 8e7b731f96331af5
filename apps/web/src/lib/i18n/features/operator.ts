import type { Widen } from '../translation';

/** Texts of the operator screens. English first; Spanish must have the same keys. */
export const operatorEn = {} as const;

export const operatorSp: Widen<typeof operatorEn> = {};
