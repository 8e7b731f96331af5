import { describe, expect, it } from 'vitest';
import { weekdayOf } from './calendar-date.js';
import {
  bankHolidaysOn,
  easterSunday,
  forwardDateProblem,
  forwardDateWindow,
  holidaysOf,
  isBankHoliday,
  isForwardDateAllowed,
  isSettlementDay,
  nextSettlementDay,
} from './settlement-calendar.js';

const datesOf = (year: number, country: 'US' | 'MX'): string[] =>
  holidaysOf(year)
    .filter((holiday) => holiday.country === country)
    .map((holiday) => holiday.date);

describe('easterSunday', () => {
  it('follows the Gregorian computus', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });
});

describe('holidaysOf', () => {
  it('lists the US federal bank holidays of 2026, with observed days', () => {
    expect(datesOf(2026, 'US')).toEqual([
      '2026-01-01',
      '2026-01-19', // MLK, 3rd Monday
      '2026-02-16', // Presidents, 3rd Monday
      '2026-05-25', // Memorial, last Monday
      '2026-06-19',
      '2026-07-03', // Independence Day falls on Saturday: observed Friday
      '2026-07-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    const observed = bankHolidaysOn('2026-07-03')[0];
    expect(observed?.observed).toBe(true);
    expect(observed?.name.en).toBe('Independence Day (US) (observed)');
  });

  it('observes a Sunday holiday on Monday', () => {
    expect(datesOf(2027, 'US')).toContain('2027-07-05'); // Jul 4 2027 is a Sunday
    expect(datesOf(2027, 'US')).toContain('2027-06-18'); // Juneteenth on Saturday
  });

  it('puts a Saturday New Year observed on Dec 31 into the year before', () => {
    // Jan 1 2028 is a Saturday.
    expect(datesOf(2027, 'US')).toContain('2027-12-31');
    expect(datesOf(2028, 'US')).not.toContain('2027-12-31');
    expect(isBankHoliday('2027-12-31')).toBe(true);
  });

  it('lists the Mexican bank holidays of 2026 (CNBV)', () => {
    expect(datesOf(2026, 'MX')).toEqual([
      '2026-01-01',
      '2026-02-02', // Constitution, 1st Monday
      '2026-03-16', // Benito Juárez, 3rd Monday
      '2026-04-02', // Holy Thursday
      '2026-04-03', // Good Friday
      '2026-05-01',
      '2026-09-16',
      '2026-11-02',
      '2026-11-16', // Revolution, 3rd Monday
      '2026-12-12',
      '2026-12-25',
    ]);
  });

  it('adds Oct 1 only in inauguration years', () => {
    expect(datesOf(2024, 'MX')).toContain('2024-10-01');
    expect(datesOf(2030, 'MX')).toContain('2030-10-01');
    expect(datesOf(2026, 'MX')).not.toContain('2026-10-01');
  });

  it('is sorted and names every day in both languages', () => {
    const holidays = holidaysOf(2026);
    const dates = holidays.map((holiday) => holiday.date);
    expect([...dates].sort()).toEqual(dates);
    for (const holiday of holidays) {
      expect(holiday.name.en.length).toBeGreaterThan(0);
      expect(holiday.name.sp.length).toBeGreaterThan(0);
    }
    expect(bankHolidaysOn('2026-12-25').map((holiday) => holiday.country)).toEqual(['MX', 'US']);
  });
});

describe('isSettlementDay', () => {
  it.each([
    ['2026-11-26', 'Thanksgiving'],
    ['2026-11-16', 'Mexican Revolution Day, 3rd Monday'],
    ['2026-04-02', 'Holy Thursday'],
    ['2026-04-03', 'Good Friday'],
    ['2026-07-03', 'US Independence Day observed on Friday'],
    ['2026-11-28', 'a Saturday'],
    ['2026-11-29', 'a Sunday'],
  ])('blocks %s (%s)', (date) => {
    expect(isSettlementDay(date)).toBe(false);
  });

  it('allows an ordinary Tuesday', () => {
    expect(weekdayOf('2026-11-24')).toBe(2);
    expect(isSettlementDay('2026-11-24')).toBe(true);
  });

  it('finds the next settlement day', () => {
    expect(nextSettlementDay('2026-04-02')).toBe('2026-04-06');
    expect(nextSettlementDay('2026-11-24')).toBe('2026-11-24');
    expect(nextSettlementDay('2026-12-24')).toBe('2026-12-24');
    expect(nextSettlementDay('2026-12-25')).toBe('2026-12-28');
  });
});

describe('forward dates', () => {
  const today = '2026-11-23';

  it('run from tomorrow through one year after tomorrow', () => {
    expect(forwardDateWindow(today)).toEqual({ earliest: '2026-11-24', latest: '2027-11-24' });
    expect(forwardDateWindow('2028-02-28')).toEqual({
      earliest: '2028-02-29',
      latest: '2029-02-28',
    });
  });

  it('allow a settlement day inside the window', () => {
    expect(isForwardDateAllowed('2026-11-24', today)).toBe(true);
    expect(isForwardDateAllowed('2027-11-24', today)).toBe(true); // the last day, a Wednesday
  });

  it('refuse today, the past and dates after the window', () => {
    expect(forwardDateProblem(today, today)).toBe('NOT_AFTER_TODAY');
    expect(forwardDateProblem('2026-11-20', today)).toBe('NOT_AFTER_TODAY');
    expect(forwardDateProblem('2027-11-25', today)).toBe('BEYOND_ONE_YEAR');
    expect(isForwardDateAllowed('2028-01-04', today)).toBe(false);
  });

  it('refuse weekends and holidays inside the window', () => {
    expect(forwardDateProblem('2026-11-28', today)).toBe('WEEKEND');
    expect(forwardDateProblem('2026-11-26', today)).toBe('BANK_HOLIDAY');
    expect(forwardDateProblem('2027-03-25', today)).toBe('BANK_HOLIDAY'); // Holy Thursday 2027
  });
});
