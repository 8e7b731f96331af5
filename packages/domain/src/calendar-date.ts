import { DomainInputError } from './domain-input-error.js';

/**
 * A calendar date is a 'YYYY-MM-DD' string end to end, with no time zone: it is never
 * turned into a `Date` (that is how the old client shifted dates and weekdays by one).
 * The arithmetic below works on day numbers (days since 1970-01-01) of the proleptic
 * Gregorian calendar.
 */
export type CalendarDate = string;

/** Business days, "today" and forward windows are read in Mexico City time. */
export const BUSINESS_TIME_ZONE = 'America/Mexico_City';

export interface CalendarDateParts {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && readParts(value) !== undefined;
}

/** Returns the date unchanged when it is a real 'YYYY-MM-DD' day; 2026-02-30 throws. */
export function parseCalendarDate(value: string): CalendarDate {
  calendarDateParts(value);
  return value;
}

export function calendarDateParts(date: CalendarDate): CalendarDateParts {
  const parts = readParts(date);
  if (!parts) throw new DomainInputError('INVALID_DATE', `Not a calendar date: ${date}`);
  return parts;
}

export function calendarDateFromParts(year: number, month: number, day: number): CalendarDate {
  const valid =
    Number.isInteger(year) &&
    year >= 1 &&
    year <= 9999 &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= daysInMonth(year, month);
  if (!valid)
    throw new DomainInputError('INVALID_DATE', `Not a calendar date: ${year}-${month}-${day}`);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isSafeInteger(days)) throw new RangeError('Days must be an integer');
  return fromDayNumber(toDayNumber(date) + days);
}

/** Same month and day `years` later; Feb 29 becomes Feb 28 in a common year. */
export function addYears(date: CalendarDate, years: number): CalendarDate {
  if (!Number.isSafeInteger(years)) throw new RangeError('Years must be an integer');
  const { year, month, day } = calendarDateParts(date);
  const target = year + years;
  return calendarDateFromParts(target, month, Math.min(day, daysInMonth(target, month)));
}

/** Days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** 0 = Sunday … 6 = Saturday, the same numbering as `Date.prototype.getUTCDay`. */
export function weekdayOf(date: CalendarDate): number {
  // 1970-01-01 was a Thursday (4).
  return mod(toDayNumber(date) + 4, 7);
}

export function isWeekend(date: CalendarDate): boolean {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
}

export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  const difference = daysBetween(b, a);
  return difference < 0 ? -1 : difference > 0 ? 1 : 0;
}

/** The calendar date on the wall clocks of `timeZone` at the instant `now`. */
export function todayInTimeZone(now: Date, timeZone: string = BUSINESS_TIME_ZONE): CalendarDate {
  const parts = formatterFor(timeZone).formatToParts(now);
  const field = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  return calendarDateFromParts(field('year'), field('month'), field('day'));
}

/** An invoice's due date: purchase date plus the credit period in days. */
export function dueDate(purchaseDate: CalendarDate, creditPeriodDays: number): CalendarDate {
  if (!Number.isSafeInteger(creditPeriodDays) || creditPeriodDays < 0) {
    throw new RangeError('A credit period is a non-negative number of days');
  }
  return addDays(purchaseDate, creditPeriodDays);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function readParts(value: string): CalendarDateParts | undefined {
  const match = DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return undefined;
  }
  return { year, month, day };
}

// Howard Hinnant's days_from_civil / civil_from_days, eras of 400 years.
function toDayNumber(date: CalendarDate): number {
  const { year, month, day } = calendarDateParts(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const shiftedMonth = (month + 9) % 12; // March = 0
  const dayOfYear = Math.floor((153 * shiftedMonth + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function fromDayNumber(dayNumber: number): CalendarDate {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return calendarDateFromParts(year, month, day);
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
