import {
  convertMxnToUsd,
  convertUsdToMxn,
  coveredActualUsd,
  forwardDeposit,
  percentOf,
  usdForExactMxn,
} from '@app/domain';

/**
 * The amounts of a conversion, pure so they can be checked by property tests exactly as
 * the service computes them. USD cents, MXN centavos, rates in micro-units.
 */
export interface ConversionAmounts {
  usdCents: bigint;
  mxnCents: bigint;
  /** The 5 % held for a forward (rounded up); 0 for a spot conversion. */
  depositUsd: bigint;
}

export type ConversionKind = 'FOREX' | 'FORWARD';

/** A conversion stated in USD (POST transactions/): the MXN it buys at the rate. */
export function amountsFromUsd(
  kind: ConversionKind,
  usdCents: bigint,
  rateMicro: bigint,
): ConversionAmounts {
  return {
    usdCents,
    mxnCents: convertUsdToMxn(usdCents, rateMicro),
    depositUsd: kind === 'FORWARD' ? forwardDeposit(usdCents) : 0n,
  };
}

/**
 * A conversion stated in MXN (an invoice's amount, or an MXN target the user typed): the
 * MXN is exactly that, so it can be assigned in full, and the USD is what those pesos cost
 * at the rate, rounded up to the cent (DESIGN §4 "Amount targets").
 */
export function amountsFromMxn(
  kind: ConversionKind,
  mxnCents: bigint,
  rateMicro: bigint,
): ConversionAmounts {
  const usdCents = usdForExactMxn(mxnCents, rateMicro);
  return {
    usdCents,
    mxnCents,
    depositUsd: kind === 'FORWARD' ? forwardDeposit(usdCents) : 0n,
  };
}

export interface AssignedPart {
  amountMxn: bigint;
  protectedRateMicro: bigint;
}

export interface ConversionGain {
  /** Σ assigned MXN / each invoice's protected rate, rounded once. */
  budgetUsd: bigint;
  /** Σ assigned MXN / the conversion's rate. */
  actualUsd: bigint;
  gainUsd: bigint;
  profitPercentage: number;
}

/**
 * Currency gain of a conversion over the invoices assigned to it (DESIGN §5): what the
 * assigned pesos were budgeted to cost at each invoice's protected rate, less what they
 * cost at the conversion's rate.
 */
export function conversionGain(parts: readonly AssignedPart[], rateMicro: bigint): ConversionGain {
  const assigned = parts.reduce((sum, part) => sum + part.amountMxn, 0n);
  if (assigned === 0n) return { budgetUsd: 0n, actualUsd: 0n, gainUsd: 0n, profitPercentage: 0 };
  const budgetUsd = coveredActualUsd(
    parts.map((part) => ({ mxnCents: part.amountMxn, rateMicro: part.protectedRateMicro })),
    0n,
    rateMicro,
  );
  const actualUsd = convertMxnToUsd(assigned, rateMicro);
  const gainUsd = budgetUsd - actualUsd;
  return { budgetUsd, actualUsd, gainUsd, profitPercentage: percentOf(gainUsd, budgetUsd) };
}
