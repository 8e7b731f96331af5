import type { Widen } from '../translation';

/** Texts of the conversions screens. English first; Spanish must have the same keys. */
export const conversionsEn = {} as const;

export const conversionsSp: Widen<typeof conversionsEn> = {};
