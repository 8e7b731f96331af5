import { describe, expect, it } from 'vitest';
import { formatReceiptInstant } from './payment-receipt.js';

describe('receipt times', () => {
  const at = new Date('2026-11-21T18:00:00.000Z'); // noon in Mexico City

  it('name their time zone in both languages', () => {
    expect(formatReceiptInstant(at, 'en', 'America/Mexico_City')).toBe(
      'November 21, 2026 at 12:00 PM CST',
    );
    expect(formatReceiptInstant(at, 'sp', 'America/Mexico_City')).toMatch(
      /^21 de noviembre de 2026.*12:00 p\.\s?m\. CST$/,
    );
  });

  it("are on the company's own clock", () => {
    expect(formatReceiptInstant(at, 'en', 'America/New_York')).toBe(
      'November 21, 2026 at 1:00 PM EST',
    );
    expect(formatReceiptInstant(at, 'en', 'Europe/Madrid')).toBe(
      'November 21, 2026 at 7:00 PM Europe/Madrid',
    );
  });
});
