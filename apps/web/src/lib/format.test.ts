import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../components/format-instant';
import { formatDate, formatMoney, formatTime } from './format';
import { clearSession, setSession } from './session-store';
import { ana } from '../test/fixtures';

describe('formatMoney', () => {
  it('shows en-US money with exactly two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00');
    expect(formatMoney('98765.4')).toBe('$98,765.40');
  });

  it('rounds half-up to the cent on the decimal value', () => {
    expect(formatMoney(1.005)).toBe('$1.01');
    expect(formatMoney(2.675)).toBe('$2.68');
    expect(formatMoney('0.004')).toBe('$0.00');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatMoney(-858.12)).toBe('-$858.12');
  });

  it('refuses what is not an amount', () => {
    expect(() => formatMoney('12,5')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  // West of UTC, as the business (America/Mexico_City): where UTC-midnight dates used to slip.
  beforeAll(() => vi.stubEnv('TZ', 'America/Mexico_City'));
  afterAll(() => vi.unstubAllEnvs());

  it('writes the full month name in each language', () => {
    expect(formatDate('2026-11-21', 'en')).toBe('November 21, 2026');
    expect(formatDate('2026-11-21', 'sp')).toBe('21 de noviembre de 2026');
  });

  it('does not shift the first day of the year into the previous one', () => {
    expect(formatDate('2026-01-01', 'en')).toBe('January 1, 2026');
    expect(formatDate('2026-01-01', 'sp')).toBe('1 de enero de 2026');
  });

  it('refuses strings that are not calendar dates', () => {
    expect(() => formatDate('2026-02-30', 'en')).toThrow(RangeError);
    expect(() => formatDate('21/11/2026', 'en')).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it('shows the seconds on the company clock, its zone named', () => {
    const instant = new Date(Date.UTC(2026, 10, 21, 21, 4, 5));
    expect(formatTime(instant, 'en')).toMatch(/^3:04:05\sPM CST$/);
    expect(formatTime(instant, 'sp')).toMatch(/04:05.* CST$/);
  });

  it("follows the signed-in company's own time zone, named, on every screen time", () => {
    const instant = new Date(Date.UTC(2026, 10, 21, 21, 4, 5));
    setSession({ token: 't', user: { ...ana, sTimeZone: 'America/New_York' } });
    try {
      expect(formatTime(instant, 'en')).toMatch(/^4:04:05\sPM EST$/);
      expect(formatDateTime(instant.toISOString(), 'en')).toMatch(
        /November 21, 2026.*4:04\sPM EST$/,
      );
      setSession({ token: 't', user: { ...ana, sTimeZone: 'Europe/Madrid' } });
      expect(formatTime(instant, 'sp')).toMatch(/^10:04:05 p\.\s?m\. Europe\/Madrid$/);
    } finally {
      clearSession();
    }
  });
});
