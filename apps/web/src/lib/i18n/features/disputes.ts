import type { Widen } from '../translation';

/** Texts of the disputes screens. English first; Spanish must have the same keys. */
export const disputesEn = {} as const;

export const disputesSp: Widen<typeof disputesEn> = {};
