import { BUSINESS_TIME_ZONE } from './calendar-date.js';

/**
 * Every time a company sees (screens, receipts, statements, documents) is on the company's
 * clock, Mexico City's, and says so: "9:12 AM CST" on a screen and on the receipt of the same
 * payment, whatever the browser's or the server's time zone.
 */
export const COMPANY_TIME_ZONE = BUSINESS_TIME_ZONE;

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at an instant, as an English reader knows it ("CST"): Spanish
 * locales only have "GMT-6", which nobody in the trade says.
 */
export function companyTimeZoneName(at: Date, timeZone: string = COMPANY_TIME_ZONE): string {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNames.set(timeZone, format);
  }
  return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
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
