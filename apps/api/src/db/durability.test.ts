import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { PGliteDialect } from './pglite-dialect.js';

describe('durable commits on PGlite', () => {
  it('flushes once per committed change, before the answer, and never for reads or rollbacks', async () => {
    const pglite = await PGlite.create();
    const flushes: string[] = [];
    let pending = 0;
    const db = new Kysely<Record<string, never>>({
      dialect: new PGliteDialect(pglite, async () => {
        pending += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        flushes.push('flush');
        pending -= 1;
      }),
    });
    await sql`create table t (n int)`.execute(db);
    expect(flushes).toHaveLength(1);
    await sql`insert into t values (1)`.execute(db);
    // The statement's answer came back only after its flush finished.
    expect(flushes).toHaveLength(2);
    expect(pending).toBe(0);
    await sql`select * from t`.execute(db);
    expect(flushes).toHaveLength(2);
    await db.transaction().execute(async (trx) => {
      await sql`insert into t values (2)`.execute(trx);
      await sql`insert into t values (3)`.execute(trx);
      expect(flushes).toHaveLength(2);
    });
    expect(flushes).toHaveLength(3);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t values (4)`.execute(trx);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(flushes).toHaveLength(3);
    await db.destroy();
    await pglite.close();
  });

  it('keeps every acknowledged commit of a data directory across a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'h14-durable-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await sql`create table t (n int)`.execute(first.db);
      for (let n = 0; n < 20; n += 1) await sql`insert into t values (${n})`.execute(first.db);
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from t`.execute(
        again.db,
      );
      expect(rows[0]?.n).toBe('20');
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
