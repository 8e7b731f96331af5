import {
  calendarDateFromParts,
  calendarDateParts,
  compareDates,
  daysBetween,
  isCalendarDate,
  todayInTimeZone,
} from '@app/domain';

/** The server's limit: a statement covers at most this many days. */
export const MAX_STATEMENT_DAYS = 366;

export interface Period {
  from: string;
  to: string;
}

/** Today in the business time zone (the server dates movements there too). */
export function businessToday(now: Date = new Date()): string {
  return todayInTimeZone(now);
}

/** The default period: the first of this month through today. */
export function defaultPeriod(now: Date = new Date()): Period {
  const today = businessToday(now);
  const { year, month } = calendarDateParts(today);
  return { from: calendarDateFromParts(year, month, 1), to: today };
}

export type PeriodError = 'fromAfterTo' | 'rangeTooLong';

/**
 * What is wrong with a period, per field, before asking the server. An empty or
 * half-typed date field is simply not ready (no message: the field shows it).
 */
export function periodErrors(period: Period): {
  ready: boolean;
  from?: PeriodError;
  to?: PeriodError;
} {
  if (!isCalendarDate(period.from) || !isCalendarDate(period.to)) return { ready: false };
  if (compareDates(period.from, period.to) > 0) return { ready: false, from: 'fromAfterTo' };
  if (daysBetween(period.from, period.to) + 1 > MAX_STATEMENT_DAYS) {
    return { ready: false, to: 'rangeTooLong' };
  }
  return { ready: true };
}
