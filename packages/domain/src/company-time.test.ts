import { describe, expect, it } from 'vitest';
import {
  companyTimeZoneName,
  formatCompanyTime,
  isTimeZone,
  startOfDayInTimeZone,
} from './company-time.js';

describe('company time', () => {
  const at = new Date('2026-11-21T15:12:00Z');

  it('shows an instant on the company clock with its zone named, in both languages', () => {
    const options = { hour: 'numeric', minute: '2-digit' } as const;
    expect(formatCompanyTime(at, 'en-US', options)).toBe('9:12 AM CST');
    expect(formatCompanyTime(at, 'es-MX', options)).toMatch(/^9:12 a\.\s?m\. CST$/);
    expect(companyTimeZoneName(at)).toBe('CST');
  });

  it('names no zone for a date without a time', () => {
    expect(formatCompanyTime(at, 'en-US', { dateStyle: 'medium' })).toBe('Nov 21, 2026');
  });

  it("shows the company's own zone when it has one, named", () => {
    const options = { hour: 'numeric', minute: '2-digit' } as const;
    expect(formatCompanyTime(at, 'en-US', options, 'America/Los_Angeles')).toBe('7:12 AM PST');
    expect(formatCompanyTime(at, 'en-US', options, 'Europe/Madrid')).toBe('4:12 PM Europe/Madrid');
    expect(formatCompanyTime(at, 'en-US', options, 'UTC')).toBe('3:12 PM UTC');
  });

  it('takes only IANA zone names', () => {
    for (const name of ['America/Chicago', 'America/Mexico_City', 'Europe/Madrid', 'UTC']) {
      expect(isTimeZone(name), name).toBe(true);
    }
    for (const name of ['Mars/Base', 'CST', 'GMT-6', '', 'america/chicago', 'America/Chicago ']) {
      expect(isTimeZone(name), name).toBe(false);
    }
  });
});

describe('startOfDayInTimeZone', () => {
  it("gives the instant a day begins on the zone's clock, across DST changes and half-hour zones", () => {
    const cases: Array<[string, string, string]> = [
      ['2026-11-01', 'America/Chicago', '2026-11-01T05:00:00.000Z'], // CDT, the day it ends
      ['2026-11-02', 'America/Chicago', '2026-11-02T06:00:00.000Z'], // CST
      ['2026-11-21', 'America/Mexico_City', '2026-11-21T06:00:00.000Z'], // no DST since 2022
      ['2026-03-29', 'Europe/Madrid', '2026-03-28T23:00:00.000Z'], // CET, the day CEST starts
      ['2026-01-01', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
      ['2026-02-28', 'UTC', '2026-02-28T00:00:00.000Z'],
    ];
    for (const [date, zone, instant] of cases) {
      expect(startOfDayInTimeZone(date, zone).toISOString(), `${date} ${zone}`).toBe(instant);
    }
  });
});
