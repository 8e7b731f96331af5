import type { Widen } from '../translation';

/** Texts of the statement screens. English first; Spanish must have the same keys. */
export const statementEn = {} as const;

export const statementSp: Widen<typeof statementEn> = {};
