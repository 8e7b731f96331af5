import fc from 'fast-check';
import { todayInTimeZone } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { businessDates } from './business-day.js';

describe('businessDates', () => {
  it('gives each instant the day todayInTimeZone gives it, in order or not', () => {
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(fc.array(instant, { maxLength: 200 }), fc.boolean(), (times, sorted) => {
        const ordered = sorted ? [...times].sort((a, b) => a - b) : times;
        for (const zone of ['America/Mexico_City', 'America/New_York']) {
          const dateOf = businessDates(zone);
          for (const at of ordered) {
            expect(dateOf(new Date(at))).toBe(todayInTimeZone(new Date(at), zone));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the day up to the last millisecond before local midnight', () => {
    const dateOf = businessDates('America/Mexico_City');
    // Mexico City is UTC−6 all year since 2022: local midnight of Nov 25 is 06:00 UTC.
    expect(dateOf(new Date('2026-11-25T05:59:59.999Z'))).toBe('2026-11-24');
    expect(dateOf(new Date('2026-11-25T06:00:00.000Z'))).toBe('2026-11-25');
    expect(dateOf(new Date('2026-11-24T06:00:00.000Z'))).toBe('2026-11-24');
  });
});
