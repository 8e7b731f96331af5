import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type Customer } from '../../test/finance-fixtures.js';
import { expectError } from '../../test/marketplace-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let customer: Customer;

describe(`exchange rate history on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    t = await createTestApp();
    customer = await newCustomer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function history(days: number) {
    const response = await customer.call('GET', `exchange-rate/history?days=${days}`);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ points: { t: string; rate: number }[] }>(response).points;
  }

  it('charts a week hour by hour and a longer span day by day, oldest first, up to now', async () => {
    const week = await history(7);
    const year = await history(365);
    // Backfilled at start: a tick an hour for the last 7 days, a daily one beyond.
    expect(week.length).toBeGreaterThanOrEqual(7 * 24);
    expect(year.length).toBeGreaterThanOrEqual(365);
    expect(year.length).toBeLessThan(400);
    for (const points of [week, year]) {
      const times = points.map((point) => Date.parse(point.t));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)).toBeLessThanOrEqual(t.clock.now().getTime());
      for (const { rate } of points) {
        expect(rate).toBeGreaterThan(10);
        expect(rate).toBeLessThan(30);
        // A customer rate: at most 4 decimals (the quote step).
        expect(Math.round(rate * 10_000) / 10_000).toBe(rate);
      }
    }
    const weekAgo = t.clock.now().getTime() - 7 * 24 * 3_600_000;
    expect(Date.parse(week[0]!.t)).toBeGreaterThanOrEqual(weekAgo);
  });

  it('refuses more than a year and needs a session', async () => {
    expectError(
      await customer.call('GET', 'exchange-rate/history?days=366'),
      400,
      'INVALID_INPUT',
      'days',
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/en/exchange-rate/history',
    });
    expect(anonymous.statusCode).toBe(403);
    expect(json(anonymous)).toMatchObject({ code: 'SESSION_EXPIRED' });
  });
});
