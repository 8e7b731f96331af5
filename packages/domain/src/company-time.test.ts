import { describe, expect, it } from 'vitest';
import { companyTimeZoneName, formatCompanyTime } from './company-time.js';

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
});
