import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newCustomer } from '../test/finance-fixtures.js';
import { ADMIN_URL, createTestApp, json, TEST_ENGINE, type TestApp } from '../test/test-app.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './error-handler.js';

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe(`the database unreachable on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, public or signed in, in the caller’s language', async () => {
    const customer = await newCustomer(t);
    await t.closeDatabase();

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sp/auth/login',
      payload: { sEmail: 'someone@example.test', sPassword: 'whatever-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(503);
    expect(login.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(json(login)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'El servicio no está disponible por un momento. Inténtalo de nuevo en unos segundos.',
    });

    const dashboard = await customer.call('GET', 'dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(503);
    expect(dashboard.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(json(dashboard)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // Nothing of the cause reaches the caller.
    expect(dashboard.body).not.toMatch(/destroyed|pool|pglite/i);
  });
});

describe('which failures mean the database is unreachable', () => {
  it('recognises a refused connection, an ended pool and a closed PGlite, not a failed statement', async () => {
    // Port 1 on the loopback address: nothing listens there, the connection is refused.
    const refusedPool = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMillis: 2_000,
    });
    const refused = await failureOf(() => refusedPool.query('select 1'));
    await refusedPool.end();
    expect(isDatabaseUnavailable(refused), String(refused)).toBe(true);

    const endedPool = new pg.Pool({ connectionString: ADMIN_URL });
    await endedPool.end();
    const ended = await failureOf(() => endedPool.query('select 1'));
    expect(isDatabaseUnavailable(ended), String(ended)).toBe(true);

    const pglite = await PGlite.create();
    const statement = await failureOf(() => pglite.query('select * from no_such_table'));
    expect(isDatabaseUnavailable(statement), String(statement)).toBe(false);
    const unique = await failureOf(async () => {
      await pglite.exec('create table t (id int primary key); insert into t values (1);');
      await pglite.query('insert into t values (1)');
    });
    expect(isDatabaseUnavailable(unique), String(unique)).toBe(false);
    await pglite.close();
    const closed = await failureOf(() => pglite.query('select 1'));
    expect(isDatabaseUnavailable(closed), String(closed)).toBe(true);

    // Wrapped, as a driver or a service may wrap it.
    expect(isDatabaseUnavailable(new Error('query failed', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
