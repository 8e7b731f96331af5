import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type Customer } from '../test/finance-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../test/test-app.js';

describe(`private answers are not cached on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let customer: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await newCustomer(t, { usd: '10.00' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends Cache-Control: no-store on every answer of an endpoint that needs a session', async () => {
    const spec = json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const missing: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security?.length) continue;
        const upper = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const response = await t.app.inject({
          method: upper,
          url: path.replace('{lang}', 'en').replace(/\{[^}]+\}/g, 'x'),
          headers: { authorization: `Bearer ${customer.token}` },
          ...(upper === 'GET' || upper === 'DELETE' ? {} : { payload: {} }),
        });
        if (!String(response.headers['cache-control']).includes('no-store')) {
          missing.push(`${method} ${path} (${response.statusCode})`);
        }
        checked += 1;
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it('marks a successful private JSON answer and a refused one, but not a public answer', async () => {
    // The sweep above logged the first customer out.
    customer = await newCustomer(t);
    const me = await customer.call('GET', 'auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-type']).toMatch(/json/);
    expect(me.headers['cache-control']).toBe('no-store');
    const dashboard = await customer.call('GET', 'dashboard');
    expect(dashboard.headers['cache-control']).toBe('no-store');
    const noSession = await t.app.inject({ method: 'GET', url: '/api/v1/en/auth/me' });
    expect(noSession.statusCode).toBe(403);
    expect(noSession.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control'] ?? '').not.toContain('no-store');
  });
});
