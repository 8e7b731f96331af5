import { addDays, compareDates, type CalendarDate } from '@app/domain';

/** Why an order closed without filling (`sReason`). */
export const RATE_ORDER_REASONS = [
  'INSUFFICIENT_FUNDS',
  'EXPIRED',
  'INVOICE_NOT_TO_PAY',
  'INVOICE_REMOVED',
  'APPROVAL_REJECTED',
  'APPROVAL_EXPIRED',
  'APPROVAL_FAILED',
] as const;
export type RateOrderReason = (typeof RATE_ORDER_REASONS)[number];

/** The furthest last day an order may have, in days after today. */
export const RATE_ORDER_MAX_DAYS = 365;

/**
 * USD→MXN: the customer gets more pesos the higher the rate, so the order is reached when
 * the quote's MXN per USD is at or above the target.
 */
export function rateOrderReached(quoteRateMicro: bigint, targetRateMicro: bigint): boolean {
  return quoteRateMicro >= targetRateMicro;
}

/** An order's last day must be after today and at most a year ahead (business calendar). */
export function expiryProblem(expiresOn: CalendarDate, today: CalendarDate): boolean {
  return (
    compareDates(expiresOn, today) <= 0 ||
    compareDates(expiresOn, addDays(today, RATE_ORDER_MAX_DAYS)) > 0
  );
}

/** The order may still fill on `today` (its last day included). */
export function isPastExpiry(expiresOn: CalendarDate, today: CalendarDate): boolean {
  return compareDates(today, expiresOn) > 0;
}
