import {
  BUSINESS_TIME_ZONE,
  addDays,
  startOfDayInTimeZone,
  todayInTimeZone,
  type CalendarDate,
} from '@app/domain';

/** The instant a calendar day begins, on the banks' clock unless another zone is given. */
export function startOfDay(date: CalendarDate, timeZone: string = BUSINESS_TIME_ZONE): Date {
  return startOfDayInTimeZone(date, timeZone);
}

/**
 * `todayInTimeZone` for many instants, mostly in order (a statement's postings): the day of
 * an instant inside the last day found is that day, so the time-zone arithmetic runs once a
 * day instead of once a line (5,000 lines, a few days).
 */
export function businessDates(
  timeZone: string = BUSINESS_TIME_ZONE,
): (instant: Date) => CalendarDate {
  let day: CalendarDate | undefined;
  let start = 0;
  let end = 0;
  return (instant) => {
    const at = instant.getTime();
    if (day === undefined || at < start || at >= end) {
      day = todayInTimeZone(instant, timeZone);
      start = startOfDay(day, timeZone).getTime();
      end = startOfDay(addDays(day, 1), timeZone).getTime();
    }
    return day;
  };
}
