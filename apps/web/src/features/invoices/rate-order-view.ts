import {
  addDays,
  compareDates,
  isCalendarDate,
  todayInTimeZone,
  type CalendarDate,
  type Language,
} from '@app/domain';
import type { TFunction } from 'i18next';
import { formatCompactDate } from '../../components/compact-date-format';
import { formatDate } from '../../lib/format';
import type { RateOrder } from './api/rate-orders';
import { formatDialogRate } from './invoice-math';

/** The last day a new order starts with, in days after today. */
export const RATE_ORDER_DEFAULT_DAYS = 30;
/** The furthest last day the API takes (as the server's RATE_ORDER_MAX_DAYS). */
export const RATE_ORDER_MAX_DAYS = 365;

export interface ExpiryWindow {
  today: CalendarDate;
  earliest: CalendarDate;
  latest: CalendarDate;
}

/** Tomorrow to a year ahead, from today in the business time zone (America/Mexico_City). */
export function expiryWindow(now: Date): ExpiryWindow {
  const today = todayInTimeZone(now);
  return { today, earliest: addDays(today, 1), latest: addDays(today, RATE_ORDER_MAX_DAYS) };
}

export function isInWindow(date: string, window: ExpiryWindow): boolean {
  return (
    isCalendarDate(date) &&
    compareDates(date, window.earliest) >= 0 &&
    compareDates(date, window.latest) <= 0
  );
}

/**
 * The table's chip for an invoice's order: its short text and its full sentence (the
 * title and accessible name). A cancelled order shows no chip.
 */
export function rateOrderChip(
  order: RateOrder | null | undefined,
  language: Language,
  t: TFunction,
): { text: string; title: string; tone: 'waiting' | 'filled' | 'failed' } | undefined {
  if (!order || order.sStatus === 'CANCELLED') return undefined;
  const reason = order.sReason ? t(`invoices.rateOrder.reasons.${order.sReason}`) : '';
  const values = {
    rate: formatDialogRate(order.dFilledRate ?? order.dTargetRate),
    date: formatCompactDate(order.dExpiresOn, language),
    reason,
  };
  const full = { ...values, date: formatDate(order.dExpiresOn, language) };
  if (order.sStatus === 'FILLED') {
    return {
      text: t('invoices.rateOrder.chip.FILLED', values),
      title: t('invoices.rateOrder.chipTitle.FILLED', full),
      tone: 'filled',
    };
  }
  const target = { ...values, rate: formatDialogRate(order.dTargetRate) };
  const targetFull = { ...full, rate: formatDialogRate(order.dTargetRate) };
  return {
    text: t(`invoices.rateOrder.chip.${order.sStatus}`, target),
    title: t(`invoices.rateOrder.chipTitle.${order.sStatus}`, targetFull),
    tone:
      order.sStatus === 'ACTIVE' || order.sStatus === 'AWAITING_APPROVAL' ? 'waiting' : 'failed',
  };
}
