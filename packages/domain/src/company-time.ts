import { BUSINESS_TIME_ZONE, calendarDateParts, type CalendarDate } from './calendar-date.js';

/**
 * Every time a company sees (screens, receipts, statements, documents, e-mails) is on the
 * company's own clock, its time zone setting, and says so: "9:12 AM CST" on a screen and on
 * the receipt of the same payment, whatever the browser's or the server's time zone. A
 * company that chose none is on Mexico City's.
 */
export const COMPANY_TIME_ZONE = BUSINESS_TIME_ZONE;

/** An IANA zone name as the setting takes it: `Area/Location` (or UTC), known to Intl. */
const ZONE_NAME = /^(UTC|[A-Z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+){1,2})$/;

/** Whether `name` is an IANA time zone this runtime knows ("America/Chicago"). */
export function isTimeZone(name: string): boolean {
  if (!ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at an instant, as an English reader knows it ("CST", "PDT"): Spanish
 * locales only have "GMT-6", which nobody in the trade says. A zone with no such letters
 * ("GMT+1") is named by its IANA name ("Europe/Madrid").
 */
export function companyTimeZoneName(at: Date, timeZone: string = COMPANY_TIME_ZONE): string {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNames.set(timeZone, format);
  }
  const short = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return short && /^[A-Z]{2,5}$/.test(short) ? short : timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on the company's clock in a locale ('en-US', 'es-MX'), with the options given
 * (no time zone option: the company's is used). With a time in it, the zone's name follows.
 */
export function formatCompanyTime(
  at: Date,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'timeZoneName'>,
  timeZone: string = COMPANY_TIME_ZONE,
): string {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  const text = format.format(at);
  const hasTime =
    options.timeStyle !== undefined || options.hour !== undefined || options.minute !== undefined;
  return hasTime ? `${text} ${companyTimeZoneName(at, timeZone)}` : text;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(format.formatToParts(at).find((item) => item.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a calendar day begins on a zone's clock (its midnight, or the first minute
 * after it on a day whose midnight a DST change skips): where "from 2026-11-01" starts for a
 * company, whatever the reader's own zone.
 */
export function startOfDayInTimeZone(date: CalendarDate, timeZone: string): Date {
  const { year, month, day } = calendarDateParts(date);
  const midnightUtc = Date.UTC(year, month - 1, day);
  // The zone's offset at the guess, then again at the result: a DST change between them moves it.
  let start = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone);
  start = midnightUtc - zoneOffsetMs(new Date(start), timeZone);
  return new Date(start);
}
