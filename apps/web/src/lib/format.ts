import { formatCompanyTime, type Language } from '@app/domain';
import { companyTimeZone } from './company-clock';
import { localeOf } from './i18n/i18n';

/** Money is always shown en-US with exactly two decimals, whatever the language (spec §9). */
const moneyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  roundingMode: 'halfExpand',
});

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/**
 * `1234.5` → `$1,234.50`. A decimal string is formatted exactly; a number is first
 * written in its shortest decimal form, so 1.005 rounds half-up to `$1.01` instead of
 * following its binary value (1.00499…) down.
 */
export function formatMoney(amount: number | string): string {
  const decimal = typeof amount === 'number' ? String(amount) : amount.trim();
  if (!DECIMAL.test(decimal)) {
    if (typeof amount === 'number' && Number.isFinite(amount)) return moneyFormat.format(amount);
    throw new RangeError(`Not a decimal amount: ${String(amount)}`);
  }
  return moneyFormat.format(decimal as Intl.StringNumericLiteral);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormats = new Map<Language, Intl.DateTimeFormat>();
function dateFormat(language: Language): Intl.DateTimeFormat {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(language, format);
  }
  return format;
}

/**
 * A calendar date `YYYY-MM-DD` as "November 21, 2026" / "21 de noviembre de 2026".
 * Built at UTC midnight and formatted in UTC, so no time zone can move it a day.
 */
export function formatDate(calendarDate: string, language: Language): string {
  const match = CALENDAR_DATE.exec(calendarDate);
  if (!match) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${calendarDate}`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${calendarDate}`);
  }
  return dateFormat(language).format(date);
}

/**
 * The time of an instant with seconds on the company clock, its zone named ("3:04:05 PM CST"):
 * the header clock reads as the receipts do.
 */
export function formatTime(instant: Date, language: Language): string {
  return formatCompanyTime(
    instant,
    localeOf(language),
    { hour: 'numeric', minute: '2-digit', second: '2-digit' },
    companyTimeZone(),
  );
}
