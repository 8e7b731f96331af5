import { describe, expect, it } from 'vitest';
import { formatReceiptInstant } from './payment-receipt.js';

describe('receipt times', () => {
  it('name their time zone in both languages', () => {
    const at = new Date('2026-11-21T18:00:00.000Z'); // noon in Mexico City
    expect(formatReceiptInstant(at, 'en')).toBe('November 21, 2026 at 12:00 PM CST');
    expect(formatReceiptInstant(at, 'sp')).toMatch(
      /^21 de noviembre de 2026.*12:00 p\.\s?m\. CST$/,
    );
  });
});
