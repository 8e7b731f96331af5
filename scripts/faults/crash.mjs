// Crash mid-flow: a storm of pay-now requests, SIGKILL in the middle, restart, retry the
// unanswered ones with the same key and body, then check each key moved money exactly once
// and the ledger's invariants, reading the database directly.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  call,
  createPgDatabase,
  ledgerViolations,
  signupBody,
  sleep,
  startServer,
  supplierBody,
} from './lib.mjs';

export async function openDirect(engine, target) {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(target);
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    close: () => db.close(),
  };
}

/** One engine: `kills` crash rounds. Reports through `t.check`. */
export async function runCrash(t, engine, kills, { concurrency = 8 } = {}) {
  const label = `crash[${engine}]`;
  let database;
  let env;
  if (engine === 'postgres') {
    database = await createPgDatabase('faults');
    env = { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '10' };
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'faults-pglite-'));
    database = { url: dir, drop: () => rm(dir, { recursive: true, force: true }) };
    env = { DATA_DIR: dir };
  }
  // The rail settles payouts after 2 s by default; keep it, crashes during settlement are fair game.
  let server;
  try {
    // Arrange: a customer and a would-be operator, promoted directly in the database.
    server = await startServer(env);
    const customerSignup = signupBody('crash');
    const operatorSignup = signupBody('ops');
    const c = await call(server.base, 'POST', 'auth/signup/customer', { body: customerSignup });
    const o = await call(server.base, 'POST', 'auth/signup/customer', { body: operatorSignup });
    if (c.status !== 201 || o.status !== 201)
      throw new Error(`signup failed ${c.status} ${o.status}`);
    const enterpriseId = c.body.user.sEnterpriseId;
    await server.stop();
    {
      const direct = await openDirect(engine, database.url);
      await direct.query(`update users set role = 'operator' where email = $1`, [
        operatorSignup.sEmail,
      ]);
      await direct.close();
    }
    server = await startServer(env);
    const login = async (body) => {
      const answer = await call(server.base, 'POST', 'auth/login', {
        body: { sEmail: body.sEmail, sPassword: body.sPassword },
      });
      if (answer.status !== 200) throw new Error(`login failed ${answer.status}`);
      return answer.body.token;
    };
    const opsToken = await login(operatorSignup);
    const token = await login(customerSignup);
    const deposit = await call(server.base, 'POST', 'ops/deposits', {
      token: opsToken,
      body: { sEnterpriseId: enterpriseId, dAmount: 1_000_000, sReference: `WIRE-${randomUUID()}` },
    });
    t.check(`${label} operator deposit`, deposit.status === 201, JSON.stringify(deposit.body));
    const suppliers = [];
    for (let i = 0; i < 3; i += 1) {
      const s = await call(server.base, 'POST', 'payment-recipient/', {
        token,
        body: supplierBody(Math.floor(Math.random() * 1e9) + i),
      });
      if (s.status !== 201) throw new Error(`supplier failed ${JSON.stringify(s.body)}`);
      suppliers.push(s.body.paymentRecipient.sPaymentRecipientId);
    }

    /** key → { body, outcome: 'pending' | { status, body } } */
    const requests = new Map();
    let requotes = 0;
    let retries = 0;
    let serverErrors = 0;
    const quoteOf = async () => {
      const answer = await call(server.base, 'GET', 'dashboard', { token });
      if (answer.status !== 200) throw new Error(`dashboard ${answer.status}`);
      return answer.body.exchangeRateTodayReference;
    };
    const send = async (key) => {
      const entry = requests.get(key);
      const answer = await call(server.base, 'POST', 'payments/sendPayNow', {
        token,
        body: entry.body,
        headers: { 'idempotency-key': key },
      });
      entry.outcome = answer;
      if (answer.status >= 500) serverErrors += 1;
      return answer;
    };
    const newRequest = (quote) => {
      const key = randomUUID();
      const cents = 100 + Math.floor(Math.random() * 1900);
      requests.set(key, {
        body: {
          dAmount: cents / 100,
          comment: `fault ${key}`,
          sPaymentRecipientId: suppliers[Math.floor(Math.random() * suppliers.length)],
          sExchangeRateReference: quote,
        },
        outcome: 'pending',
      });
      return key;
    };

    for (let round = 0; round < kills; round += 1) {
      const quote = await quoteOf();
      let dead = false;
      const worker = async () => {
        while (!dead) {
          const key = newRequest(quote);
          try {
            await send(key);
          } catch {
            dead = true; // connection reset or refused: unanswered
          }
        }
      };
      const workers = Array.from({ length: concurrency }, worker);
      await sleep(400 + Math.floor(Math.random() * 1100));
      await server.kill();
      dead = true;
      await Promise.all(workers);
      server = await startServer(env);
      // Retry every unanswered request with its key and body.
      for (const [key, entry] of [...requests]) {
        if (entry.outcome !== 'pending') continue;
        retries += 1;
        const answer = await send(key);
        if (answer.status === 409 && answer.body?.code === 'QUOTE_EXPIRED') {
          requotes += 1;
          const fresh = newRequest(await quoteOf());
          await send(fresh);
        }
      }
    }
    // A replay of answered keys gives the first answer again.
    const answered = [...requests].filter(
      ([, e]) => e.outcome !== 'pending' && e.outcome.status === 201,
    );
    let replayMismatches = 0;
    for (const [key, entry] of answered.slice(0, 20)) {
      const first = entry.outcome.body.payment.sPaymentId;
      const again = await call(server.base, 'POST', 'payments/sendPayNow', {
        token,
        body: entry.body,
        headers: { 'idempotency-key': key },
      });
      if (again.status !== 201 || again.body.payment.sPaymentId !== first) replayMismatches += 1;
    }
    await server.stop();
    server = undefined;

    const direct = await openDirect(engine, database.url);
    try {
      const rows = await direct.query(
        `select concept, count(*)::int as n, (array_agg(id::text))[1] as id from payments where enterprise_id = $1 group by concept`,
        [enterpriseId],
      );
      const byConcept = new Map(rows.map((r) => [r.concept, r]));
      const keyRows = await direct.query(
        `select key, response_status from idempotency_keys where enterprise_id = $1`,
        [enterpriseId],
      );
      const keyStatus = new Map(keyRows.map((r) => [r.key, r.response_status]));
      const problems = [];
      let moved = 0;
      for (const [key, entry] of requests) {
        const row = byConcept.get(`fault ${key}`);
        const count = row?.n ?? 0;
        if (entry.outcome === 'pending') {
          problems.push(`${key} never answered`);
        } else if (entry.outcome.status === 201) {
          moved += 1;
          if (count !== 1) problems.push(`${key}: 201 but ${count} payments`);
          else if (row.id !== entry.outcome.body.payment.sPaymentId)
            problems.push(`${key}: payment id differs`);
          if (keyStatus.get(key) !== 201)
            problems.push(`${key}: stored key status ${keyStatus.get(key)}`);
        } else if (count !== 0) {
          problems.push(`${key}: answered ${entry.outcome.status} but ${count} payments`);
        }
      }
      const stray = rows.filter((r) => !requests.has(r.concept.replace(/^fault /, '')));
      t.check(
        `${label} ${kills} kills, ${requests.size} requests (${moved} paid, ${retries} retried, ${requotes} re-quoted): each key moved money exactly once`,
        problems.length === 0 && stray.length === 0,
        [...problems.slice(0, 5), stray.length ? `${stray.length} payments of no key` : ''].join(
          '; ',
        ),
      );
      t.check(`${label} no 5xx answers`, serverErrors === 0, `${serverErrors} answers ≥ 500`);
      t.check(
        `${label} replays answer the first payment`,
        replayMismatches === 0,
        `${replayMismatches} mismatches`,
      );
      const violations = await ledgerViolations((text) => direct.query(text));
      t.check(
        `${label} ledger invariants (journals sum to zero, balances = postings, none negative, dashboard counts = rows)`,
        violations.length === 0,
        violations.slice(0, 5).join('; '),
      );
      const [sum] = await direct.query(
        `select coalesce(sum(amount_usd), 0)::text as usd from payments where enterprise_id = $1`,
        [enterpriseId],
      );
      const [balance] = await direct.query(
        `select balance::text as b from ledger_accounts where enterprise_id = $1 and kind = 'USD_AVAILABLE'`,
        [enterpriseId],
      );
      t.check(
        `${label} USD balance = deposit − paid`,
        BigInt(balance.b) === 100_000_000n - BigInt(sum.usd),
        `${balance.b} vs 100000000 − ${sum.usd}`,
      );
    } finally {
      await direct.close();
    }
    return { requests: requests.size, retries, requotes };
  } catch (error) {
    t.check(`${label} ran`, false, `${error.message}${server ? `\n${server.stderr()}` : ''}`);
    return null;
  } finally {
    if (server) await server.kill().catch(() => {});
    await database.drop().catch(() => {});
  }
}
