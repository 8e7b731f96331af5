import { describe, expect, it } from 'vitest';
import { excelDate } from './excel';

describe('excelDate', () => {
  it('makes a calendar day an Excel date at midnight UTC, from its parts', () => {
    const date = excelDate('2026-11-21');
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });

  it('keeps anything else as text', () => {
    expect(excelDate('N/A')).toBe('N/A');
    expect(excelDate(null)).toBe('');
  });
});
