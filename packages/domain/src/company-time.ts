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

/** How far the wall clocks of `timeZone` are ahead of UTC at `instantMs`, in ms. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
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
  const parts = format.formatToParts(new Date(instantMs));
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
 * The instant a calendar day begins on the wall clocks of `timeZone` (midnight, or the first
 * instant after a DST gap): where "from 2026-11-01" starts for a company, or for the banks,
 * whatever the reader's own zone. The date is read from its digits, never via `new Date`.
 */
export function startOfDayInTimeZone(date: CalendarDate, timeZone: string): Date {
  const { year, month, day } = calendarDateParts(date);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  let instant = midnightAsUtc - zoneOffsetMs(midnightAsUtc, timeZone);
  // The offset at that instant may differ (a DST change that day): correct once.
  const corrected = midnightAsUtc - zoneOffsetMs(instant, timeZone);
  if (corrected !== instant && zoneOffsetMs(corrected, timeZone) === midnightAsUtc - corrected) {
    instant = corrected;
  }
  return new Date(instant);
}
