import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;

describe(`platform on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    t = await createTestApp({ DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports health, the engine and the runtime, which is the pinned Node', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      status: 'ok',
      database: TEST_ENGINE,
      node: process.version,
      // No READ_DATABASE_URL: every report reads the primary.
      reports: { replica: 'none', fromReplica: 0, fromPrimary: 0 },
    });
    // .nvmrc names the major the project pins (the `node` package); `npm test` runs on it.
    const pinned = readFileSync(new URL('../../../../../.nvmrc', import.meta.url), 'utf8').trim();
    expect(json<{ node: string }>(response).node).toMatch(new RegExp(`^v${pinned}\\.`));
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('publishes the OpenAPI document with the language prefix, and its docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = json<{ paths: Record<string, unknown> }>(response);
    expect(Object.keys(document.paths)).toContain('/api/v1/{lang}/auth/login');
    expect(Object.keys(document.paths)).toContain('/api/v1/{lang}/auth/signup/customer');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('answers unknown API paths with the JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/en/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('loads the demo accounts once', async () => {
    for (const email of [
      'demo@demo.test',
      'other@demo.test',
      'vendor@demo.test',
      'vendor2@demo.test',
      'ops@demo.test',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/en/auth/login',
        payload: { sEmail: email, sPassword: 'Demo1234!' },
      });
      expect(response.statusCode).toBe(200);
    }
    const companies = await t.db.selectFrom('enterprises').select(['name', 'type']).execute();
    expect(companies).toEqual(
      expect.arrayContaining([
        { name: 'Demo Produce Imports LLC', type: 'customer' },
        { name: 'Other Foods Inc', type: 'customer' },
        { name: 'Agrícola Demo SPR de RL', type: 'vendor' },
        { name: 'Berries del Bajío SA de CV', type: 'vendor' },
      ]),
    );
    expect(companies).toHaveLength(5);
  });
});

// Skipped on the PostgreSQL pass: the test opens its own in-memory PGlite whatever the
// engine, so that pass would only run the same test twice.
describe.skipIf(TEST_ENGINE !== 'pglite')('database upkeep on an embedded database', () => {
  it('loads the demo data, then runs the upkeep once at start, and closes cleanly', async () => {
    // A disk PGlite gets an upkeep (vacuum); this one counts its calls instead.
    const database = await openDatabase({ dataDir: 'memory://' });
    let upkeeps = 0;
    const logLines: Array<{ level: number; msg: string }> = [];
    const app = await buildApp({
      config: loadConfig({
        DATA_DIR: 'memory://',
        PASSWORD_HASH_COST: '10',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      }),
      logStream: { write: (line) => logLines.push(JSON.parse(line) as (typeof logLines)[0]) },
      database: {
        ...database,
        maintain: async () => {
          upkeeps += 1;
        },
      },
    });
    try {
      expect(upkeeps).toBe(1);
      // One line says what the demo data holds and how to sign in; its e-mails, to addresses
      // that do not exist, are settled rather than printed one by one.
      const summary = logLines.filter((line) => line.msg.startsWith('Demo data: '));
      expect(summary).toHaveLength(1);
      expect(summary[0]?.msg).toMatch(
        /^Demo data: 5 companies, \d+ users, \d+ invoices, \d+ payments, 40 articles, \d+ orders \(\d+ demo e-mails kept in the outbox, not sent\)\. Sign in at http:\/\/localhost:3000 as demo@demo\.test, .*password Demo1234!\./,
      );
      const unsent = await database.db
        .selectFrom('outbox_emails')
        .select('to_address')
        .where('sent_at', 'is', null)
        .execute();
      expect(unsent).toEqual([]);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    // The demo seed runs inside this test: as long as the other block's start-up hook allows.
  }, 120_000);
});
