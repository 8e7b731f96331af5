import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newCustomer } from '../test/finance-fixtures.js';
import { ADMIN_URL, createTestApp, json, TEST_ENGINE, type TestApp } from '../test/test-app.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { lsnValue, ReportsDb } from './reports-db.js';

describe('WAL positions', () => {
  it('compare as PostgreSQL orders them, not as text', () => {
    expect(lsnValue('0/16B3748') < lsnValue('0/A0000000')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('reports on a read replica', () => {
  let t: TestApp;
  const opened: DatabaseHandle[] = [];
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
    await t.close();
  });

  const report = (db: TestApp['db']) =>
    sql<{ n: number }>`select 1::int as n`.execute(db).then(({ rows }) => rows[0]?.n);

  it('reads the primary when the "replica" has replayed nothing (a server not in recovery)', async () => {
    const other = await openDatabase({ databaseUrl: ADMIN_URL, dataDir: 'memory://', poolSize: 1 });
    opened.push(other);
    const reports = new ReportsDb(t.db, other.db);
    expect(await report(t.db)).toBe(1);
    expect(await reports.read(report)).toBe(1);
    expect(reports.counts()).toEqual({ replica: 'in use', fromReplica: 0, fromPrimary: 1 });
  });

  it('serves from the primary, without an error, while the replica cannot be reached', async () => {
    const gone = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      dataDir: 'memory://',
      poolSize: 1,
    });
    opened.push(gone);
    const warnings: string[] = [];
    const reports = new ReportsDb(t.db, gone.db, {
      restMs: 60_000,
      timeoutMs: 1_000,
      warn: (message) => warnings.push(message),
    });
    expect(await reports.read(report)).toBe(1);
    expect(await reports.read(report)).toBe(1);
    expect(reports.counts()).toEqual({ replica: 'resting', fromReplica: 0, fromPrimary: 2 });
    // Said once, not at every report.
    expect(warnings).toHaveLength(1);
  });

  it("answers a customer's statement and audit log when READ_DATABASE_URL cannot be reached", async () => {
    const app = await createTestApp({ READ_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    try {
      const customer = await newCustomer(app);
      const statement = await customer.call('GET', 'statement?currency=USD');
      expect(statement.statusCode, statement.body).toBe(200);
      const log = await customer.call('GET', 'audit-log');
      expect(log.statusCode, log.body).toBe(200);
      const health = json<{ reports: { replica: string; fromPrimary: number } }>(
        await app.app.inject({ method: 'GET', url: '/api/health' }),
      );
      expect(health.reports).toMatchObject({ replica: 'resting' });
      expect(health.reports.fromPrimary).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
    }
  });
});
