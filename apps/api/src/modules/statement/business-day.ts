import {
  BUSINESS_TIME_ZONE,
  addDays,
  calendarDateParts,
  todayInTimeZone,
  type CalendarDate,
} from '@app/domain';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the wall clocks of `timeZone` are ahead of UTC at `instantMs`, in ms. */
function offsetMs(instantMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const field = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  const wallAsUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a calendar day begins on the wall clocks of `timeZone` (midnight, or the
 * first instant after a DST gap). The date is read from its digits, never via `new Date`.
 */
export function startOfDay(date: CalendarDate, timeZone: string = BUSINESS_TIME_ZONE): Date {
  const { year, month, day } = calendarDateParts(date);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  let instant = midnightAsUtc - offsetMs(midnightAsUtc, timeZone);
  // The offset at that instant may differ (a DST change that day): correct once.
  const corrected = midnightAsUtc - offsetMs(instant, timeZone);
  if (corrected !== instant && offsetMs(corrected, timeZone) === midnightAsUtc - corrected) {
    instant = corrected;
  }
  return new Date(instant);
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
