import type { Widen } from '../translation';

/** Texts of the profile screens. English first; Spanish must have the same keys. */
export const profileEn = {} as const;

export const profileSp: Widen<typeof profileEn> = {};
