import {
  type CalendarDate,
  addDays,
  addYears,
  calendarDateFromParts,
  calendarDateParts,
  compareDates,
  daysInMonth,
  isWeekend,
  weekdayOf,
} from './calendar-date.js';
import type { Language } from './errors.js';

/**
 * Days on which a USD→MXN forward can settle: a business day in both countries.
 *
 * US: the federal bank holidays (Federal Reserve calendar). A Sunday holiday is observed on
 * Monday, as the Fed does. The Fed does NOT close on the Friday before a Saturday holiday,
 * but the federal government and many banks do; we block that Friday as well, so both the
 * holiday and its observed day are listed. Rules as in force since 2021 (Juneteenth is
 * skipped before then); this calendar is for dates ahead, not history.
 *
 * Mexico: the CNBV's bank holidays, which are never moved off weekends, including Holy
 * Thursday and Good Friday (Easter computus) and Oct 1 of each presidential inauguration
 * year (2024, 2030, 2036, …).
 */

export type HolidayCountry = 'US' | 'MX';

export interface BankHoliday {
  date: CalendarDate;
  country: HolidayCountry;
  name: Record<Language, string>;
  /** True for the weekday on which a US weekend holiday is observed. */
  observed: boolean;
}

export interface ForwardDateWindow {
  /** Tomorrow. */
  earliest: CalendarDate;
  /** One year after tomorrow, inclusive. */
  latest: CalendarDate;
}

export type ForwardDateProblem = 'NOT_AFTER_TODAY' | 'BEYOND_ONE_YEAR' | 'WEEKEND' | 'BANK_HOLIDAY';

const JUNETEENTH_FIRST_YEAR = 2021;
const FIRST_INAUGURATION_ON_OCTOBER_1 = 2024;
const PRESIDENTIAL_TERM_YEARS = 6;

const MONDAY = 1;
const THURSDAY = 4;

type Names = Record<Language, string>;

/** Every US and Mexican bank holiday that falls in `year`, sorted by date then country. */
export function holidaysOf(year: number): BankHoliday[] {
  // A Saturday New Year's Day is observed on Dec 31 of the year before.
  const nextYear = year < 9999 ? usHolidaysOf(year + 1) : [];
  const us = [...usHolidaysOf(year), ...nextYear].filter(
    (holiday) => calendarDateParts(holiday.date).year === year,
  );
  return [...us, ...mexicanHolidaysOf(year)].sort(
    (a, b) => compareDates(a.date, b.date) || a.country.localeCompare(b.country),
  );
}

/** The holidays on `date`, in either country (empty on an ordinary day). */
export function bankHolidaysOn(date: CalendarDate): BankHoliday[] {
  return holidaysOf(calendarDateParts(date).year).filter((holiday) => holiday.date === date);
}

export function isBankHoliday(date: CalendarDate): boolean {
  return bankHolidaysOn(date).length > 0;
}

/** Monday to Friday and not a bank holiday in the US or Mexico. */
export function isSettlementDay(date: CalendarDate): boolean {
  return !isWeekend(date) && !isBankHoliday(date);
}

/** The first settlement day on or after `date`. */
export function nextSettlementDay(date: CalendarDate): CalendarDate {
  let candidate = date;
  while (!isSettlementDay(candidate)) candidate = addDays(candidate, 1);
  return candidate;
}

/** A forward can be dated from tomorrow through one year after tomorrow (DESIGN §6). */
export function forwardDateWindow(today: CalendarDate): ForwardDateWindow {
  const earliest = addDays(today, 1);
  return { earliest, latest: addYears(earliest, 1) };
}

/** Why `date` cannot be a forward date when booked on `today`; undefined when it can. */
export function forwardDateProblem(
  date: CalendarDate,
  today: CalendarDate,
): ForwardDateProblem | undefined {
  const { earliest, latest } = forwardDateWindow(today);
  if (compareDates(date, earliest) < 0) return 'NOT_AFTER_TODAY';
  if (compareDates(date, latest) > 0) return 'BEYOND_ONE_YEAR';
  if (isWeekend(date)) return 'WEEKEND';
  if (isBankHoliday(date)) return 'BANK_HOLIDAY';
  return undefined;
}

export function isForwardDateAllowed(date: CalendarDate, today: CalendarDate): boolean {
  return forwardDateProblem(date, today) === undefined;
}

/** Easter Sunday of the Gregorian calendar (anonymous Gregorian algorithm, Meeus). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return calendarDateFromParts(year, month, day);
}

function usHolidaysOf(year: number): BankHoliday[] {
  const fixed = (month: number, day: number): CalendarDate =>
    calendarDateFromParts(year, month, day);
  const days: [CalendarDate, Names][] = [
    [fixed(1, 1), { en: "New Year's Day (US)", sp: 'Año Nuevo (EE. UU.)' }],
    [
      nthWeekday(year, 1, MONDAY, 3),
      { en: 'Martin Luther King Jr. Day', sp: 'Natalicio de Martin Luther King Jr.' },
    ],
    [
      nthWeekday(year, 2, MONDAY, 3),
      { en: "Washington's Birthday (Presidents' Day)", sp: 'Día de los Presidentes' },
    ],
    [lastWeekday(year, 5, MONDAY), { en: 'Memorial Day', sp: 'Día de los Caídos (EE. UU.)' }],
    ...(year >= JUNETEENTH_FIRST_YEAR
      ? [[fixed(6, 19), { en: 'Juneteenth', sp: 'Juneteenth (EE. UU.)' }] as [CalendarDate, Names]]
      : []),
    [fixed(7, 4), { en: 'Independence Day (US)', sp: 'Día de la Independencia (EE. UU.)' }],
    [nthWeekday(year, 9, MONDAY, 1), { en: 'Labor Day (US)', sp: 'Día del Trabajo (EE. UU.)' }],
    [nthWeekday(year, 10, MONDAY, 2), { en: 'Columbus Day', sp: 'Día de Colón (EE. UU.)' }],
    [fixed(11, 11), { en: 'Veterans Day', sp: 'Día de los Veteranos (EE. UU.)' }],
    [
      nthWeekday(year, 11, THURSDAY, 4),
      { en: 'Thanksgiving Day', sp: 'Día de Acción de Gracias (EE. UU.)' },
    ],
    [fixed(12, 25), { en: 'Christmas Day (US)', sp: 'Navidad (EE. UU.)' }],
  ];
  return days.flatMap(([date, name]) => {
    const holiday: BankHoliday = { date, country: 'US', name, observed: false };
    const weekday = weekdayOf(date);
    if (weekday !== 0 && weekday !== 6) return [holiday];
    const observedDate = addDays(date, weekday === 6 ? -1 : 1);
    const observedName = { en: `${name.en} (observed)`, sp: `${name.sp} (día observado)` };
    return [holiday, { date: observedDate, country: 'US', name: observedName, observed: true }];
  });
}

function mexicanHolidaysOf(year: number): BankHoliday[] {
  const fixed = (month: number, day: number): CalendarDate =>
    calendarDateFromParts(year, month, day);
  const easter = easterSunday(year);
  const days: [CalendarDate, Names][] = [
    [fixed(1, 1), { en: "New Year's Day (MX)", sp: 'Año Nuevo' }],
    [nthWeekday(year, 2, MONDAY, 1), { en: 'Constitution Day', sp: 'Día de la Constitución' }],
    [
      nthWeekday(year, 3, MONDAY, 3),
      { en: "Benito Juárez's Birthday", sp: 'Natalicio de Benito Juárez' },
    ],
    [addDays(easter, -3), { en: 'Holy Thursday', sp: 'Jueves Santo' }],
    [addDays(easter, -2), { en: 'Good Friday', sp: 'Viernes Santo' }],
    [fixed(5, 1), { en: 'Labour Day (MX)', sp: 'Día del Trabajo' }],
    [fixed(9, 16), { en: 'Independence Day (MX)', sp: 'Día de la Independencia' }],
    ...(isInaugurationYear(year)
      ? [
          [
            fixed(10, 1),
            { en: 'Presidential Inauguration', sp: 'Transmisión del Poder Ejecutivo Federal' },
          ] as [CalendarDate, Names],
        ]
      : []),
    [fixed(11, 2), { en: 'Day of the Dead', sp: 'Día de Muertos' }],
    [nthWeekday(year, 11, MONDAY, 3), { en: 'Revolution Day', sp: 'Día de la Revolución' }],
    [fixed(12, 12), { en: 'Our Lady of Guadalupe', sp: 'Día de la Virgen de Guadalupe' }],
    [fixed(12, 25), { en: 'Christmas Day (MX)', sp: 'Navidad' }],
  ];
  return days.map(([date, name]) => ({ date, country: 'MX', name, observed: false }));
}

function isInaugurationYear(year: number): boolean {
  return (
    year >= FIRST_INAUGURATION_ON_OCTOBER_1 &&
    (year - FIRST_INAUGURATION_ON_OCTOBER_1) % PRESIDENTIAL_TERM_YEARS === 0
  );
}

/** The n-th (1-based) given weekday of a month, e.g. the 3rd Monday of January. */
function nthWeekday(year: number, month: number, weekday: number, n: number): CalendarDate {
  const first = calendarDateFromParts(year, month, 1);
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}

function lastWeekday(year: number, month: number, weekday: number): CalendarDate {
  const last = calendarDateFromParts(year, month, daysInMonth(year, month));
  return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}
