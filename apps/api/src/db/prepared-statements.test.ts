import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_URL, TEST_ENGINE } from '../test/test-app.js';
import { preparingPool, statementName } from './prepared-statements.js';

// Prepared statements are PostgreSQL's (node-postgres's named statements); PGlite is not
// reached through pg.Pool.
describe.skipIf(TEST_ENGINE !== 'postgres')('statements prepared once per connection', () => {
  let db: Kysely<unknown> | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  /** One connection, so every statement meets the same server process. */
  function open(capacity?: number): Kysely<unknown> {
    db = new Kysely<unknown>({
      dialect: new PostgresDialect({
        pool: preparingPool(new pg.Pool({ connectionString: ADMIN_URL, max: 1 }), capacity),
      }),
    });
    return db;
  }

  async function preparedTexts(database: Kysely<unknown>): Promise<string[]> {
    const result = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements order by prepare_time`.execute(database);
    // The listing itself has a parameter-free text, so it is never prepared.
    return result.rows.map((row) => `${row.name} ${row.statement}`);
  }

  it('parses a statement with parameters once and answers every call', async () => {
    const database = open();
    const add = (n: number) => sql<{ sum: number }>`select ${n}::int + 1 as sum`.execute(database);
    expect((await add(1)).rows).toEqual([{ sum: 2 }]);
    expect((await add(41)).rows).toEqual([{ sum: 42 }]);
    expect((await add(-3)).rows).toEqual([{ sum: -2 }]);
    const text = 'select $1::int + 1 as sum';
    expect(await preparedTexts(database)).toEqual([`${statementName(text)} ${text}`]);
  });

  it('prepares at most its capacity and sends later texts unprepared', async () => {
    const database = open(2);
    const one = () => sql<{ a: number }>`select ${1}::int as a`.execute(database);
    const two = () => sql<{ b: number }>`select ${2}::int as b`.execute(database);
    const three = () => sql<{ c: number }>`select ${3}::int as c`.execute(database);
    await one();
    await two();
    expect((await three()).rows).toEqual([{ c: 3 }]);
    expect((await three()).rows).toEqual([{ c: 3 }]);
    expect((await one()).rows).toEqual([{ a: 1 }]);
    const prepared = (await preparedTexts(database)).join('\n');
    expect(prepared).toContain('as a');
    expect(prepared).toContain('as b');
    expect(prepared).not.toContain('as c');
  });

  it('leaves statements without parameters and failed statements unprepared', async () => {
    const database = open();
    await sql`select 1 as plain`.execute(database);
    await expect(sql`select ${1}::int +`.execute(database)).rejects.toThrow(/syntax/);
    expect(await preparedTexts(database)).toEqual([]);
    expect((await sql<{ n: number }>`select ${7}::int as n`.execute(database)).rows).toEqual([
      { n: 7 },
    ]);
  });

  it('works inside a transaction, and after one that failed', async () => {
    const database = open();
    await expect(
      database.transaction().execute(async (trx) => {
        await sql`select ${1}::int as x`.execute(trx);
        await sql`select ${1}::int / 0 as y`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    const answer = await database
      .transaction()
      .execute(async (trx) => (await sql<{ z: number }>`select ${5}::int as z`.execute(trx)).rows);
    expect(answer).toEqual([{ z: 5 }]);
    // Prepared statements outlive the transaction that prepared them, a failed one too.
    expect(await preparedTexts(database)).toHaveLength(3);
  });
});
