import { convertUsdToMxn, usdForExactMxn } from './money.js';

// Amount targets (DESIGN §4): when the user fixes the MXN side, the pesos are exact and the USD
// is what they cost at the rate rounded up to the cent (`usdForExactMxn`), so the house never
// gives away a fraction of a cent.

/** Which side of a conversion the caller fixed: USD to spend, or MXN to deliver. */
export type AmountTarget = { usdCents: bigint } | { mxnCents: bigint };

/** The USD charged and the MXN delivered for a target at `rateMicro`. */
export function amountsForTarget(
  target: AmountTarget,
  rateMicro: bigint,
): { usdCents: bigint; mxnCents: bigint } {
  if ('mxnCents' in target) {
    return { usdCents: usdForExactMxn(target.mxnCents, rateMicro), mxnCents: target.mxnCents };
  }
  return { usdCents: target.usdCents, mxnCents: convertUsdToMxn(target.usdCents, rateMicro) };
}
