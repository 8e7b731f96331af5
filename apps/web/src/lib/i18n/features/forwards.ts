import type { Widen } from '../translation';

/** Texts of the forwards screens. English first; Spanish must have the same keys. */
export const forwardsEn = {} as const;

export const forwardsSp: Widen<typeof forwardsEn> = {};
