import type { Widen } from '../translation';

/** Texts of the warehouses screens. English first; Spanish must have the same keys. */
export const warehousesEn = {} as const;

export const warehousesSp: Widen<typeof warehousesEn> = {};
