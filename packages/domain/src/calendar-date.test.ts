import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_TIME_ZONE,
  addDays,
  addYears,
  calendarDateFromParts,
  compareDates,
  daysBetween,
  dueDate,
  isCalendarDate,
  isWeekend,
  parseCalendarDate,
  todayInTimeZone,
  weekdayOf,
} from './calendar-date.js';
import { DomainInputError } from './domain-input-error.js';

const RUNS = { numRuns: 1000 };

/** Reference through Date.UTC, used only to check the pure arithmetic. */
function utcDayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / 86_400_000);
}

const anyDate = fc
  .record({
    year: fc.integer({ min: 300, max: 9700 }), // ±100,000 days stays inside 0001–9999
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => calendarDateFromParts(year, month, day));

describe('parseCalendarDate', () => {
  it('accepts real days and refuses the rest', () => {
    expect(parseCalendarDate('2026-02-28')).toBe('2026-02-28');
    expect(parseCalendarDate('2028-02-29')).toBe('2028-02-29');
    expect(parseCalendarDate('2000-02-29')).toBe('2000-02-29');
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '2026-01-05T00:00:00Z',
      '',
    ]) {
      expect(() => parseCalendarDate(bad)).toThrow(DomainInputError);
      expect(isCalendarDate(bad)).toBe(false);
    }
    expect(isCalendarDate(20260105)).toBe(false);
  });
});

describe('date arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });

  it('adds years, Feb 29 becoming Feb 28', () => {
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
    expect(addYears('2026-11-26', 1)).toBe('2027-11-26');
    expect(addYears('2026-11-26', -1)).toBe('2025-11-26');
  });

  it('reads weekdays without any time zone', () => {
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(weekdayOf('2026-11-26')).toBe(4); // Thanksgiving, a Thursday
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-30')).toBe(false);
  });

  it('compares dates', () => {
    expect(compareDates('2026-01-02', '2026-01-10')).toBe(-1);
    expect(compareDates('2026-01-10', '2026-01-02')).toBe(1);
    expect(compareDates('2026-01-10', '2026-01-10')).toBe(0);
  });

  it('agrees with Date.UTC on day counts and weekdays', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -100_000, max: 100_000 }), (date, days) => {
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const reference = utcDayNumber(year, month, day);
        expect(daysBetween('1970-01-01', date)).toBe(reference);
        expect(weekdayOf(date)).toBe(new Date(reference * 86_400_000).getUTCDay());
        const moved = addDays(date, days);
        expect(daysBetween(date, moved)).toBe(days);
      }),
      RUNS,
    );
  });

  it('computes due dates from the credit period', () => {
    expect(dueDate('2026-01-15', 30)).toBe('2026-02-14');
    expect(dueDate('2026-01-15', 0)).toBe('2026-01-15');
    expect(() => dueDate('2026-01-15', -1)).toThrow(RangeError);
  });
});

describe('todayInTimeZone', () => {
  it('reads the date on Mexico City clocks (UTC−6)', () => {
    expect(BUSINESS_TIME_ZONE).toBe('America/Mexico_City');
    // 05:59 UTC is still the evening before in Mexico City.
    expect(todayInTimeZone(new Date(Date.UTC(2026, 2, 10, 5, 59)))).toBe('2026-03-09');
    expect(todayInTimeZone(new Date(Date.UTC(2026, 2, 10, 6, 0)))).toBe('2026-03-10');
    expect(todayInTimeZone(new Date(Date.UTC(2026, 0, 1, 3, 0)))).toBe('2025-12-31');
  });

  it('takes another time zone', () => {
    const instant = new Date(Date.UTC(2026, 2, 10, 23, 30));
    expect(todayInTimeZone(instant, 'UTC')).toBe('2026-03-10');
    expect(todayInTimeZone(instant, 'Asia/Tokyo')).toBe('2026-03-11');
  });
});
