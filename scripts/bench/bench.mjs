// npm run bench: server targets with autocannon (pipelining 1), 3 interleaved runs, medians.
// PostgreSQL on TEST_DATABASE_URL (fresh databases, dropped afterwards) and PGlite (a temp dir).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { run } from '../lib.mjs';
import { BALANCES_AND_DAYS_SQL, depositsSql } from './ledger-seed.mjs';
import {
  call,
  createPgDatabase,
  ledgerViolations,
  ROOT,
  signupBody,
  startServer,
  supplierBody,
} from '../faults/lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 50;
/** Tenants of the many-enterprises payment run. */
const ENTERPRISES = 50;
/**
 * BENCH_ONLY=invoices,payments,dashboard,statement runs only those groups (the dashboard's
 * references always run); BENCH_SCALE=10 seeds ten times the data; BENCH_CPU_PROF=<dir> writes
 * a CPU profile of the PostgreSQL API server there; BENCH_DB_PREFIX names the databases.
 */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const runs = (group) => (!ONLY || ONLY.has(group)) && (group !== 'scale' || SCALE > 1);
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? '';

if (
  !process.argv.includes('--no-build') &&
  run('npx', ['tsc', '-b', 'apps/api'], { cwd: ROOT }) !== 0
)
  process.exit(1);

const SEED_SQL = (enterpriseId, supplierId, scale = 1) => [
  `insert into invoices (id, enterprise_id, payment_recipient_id, invoice_name, purchase_date,
     credit_period_days, due_date, total_mxn, rate_protection_micro, status, created_at)
   select gen_random_uuid(), '${enterpriseId}', '${supplierId}', 'BENCH-' || g,
     (current_date - (g % 60)), 30, (current_date - (g % 60) + 30),
     (100000 + g * 13)::bigint, 18500000, 'TO_PAY', now() - (g || ' seconds')::interval
   from generate_series(1, ${10000 * scale}) g`,
  `insert into conversions (id, enterprise_id, type, status, usd_cents, mxn_cents, rate_micro, created_at, settled_at)
   select gen_random_uuid(), '${enterpriseId}', 'FOREX', 'SETTLED', 100000, 1840000, 18400000,
     now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
   from generate_series(1, ${2000 * scale}) g`,
];
/** After a load with triggers off: the enterprise's dashboard counts. */
const COUNTS_SQL = `
  insert into enterprise_counts (enterprise_id, open_invoices, conversions_available, forwards_active)
  select $1::uuid,
    (select count(*) from invoices i where i.enterprise_id = $1::uuid
      and i.deleted_at is null and i.status in ('TO_PAY', 'PARCIAL')),
    (select count(*) from conversions v where v.enterprise_id = $1::uuid
      and v.status = 'SETTLED' and v.paid_mxn < v.mxn_cents),
    (select count(*) from conversions v where v.enterprise_id = $1::uuid
      and v.status = 'ACTIVE' and v.type = 'FORWARD')
  on conflict (enterprise_id) do update set open_invoices = excluded.open_invoices,
    conversions_available = excluded.conversions_available,
    forwards_active = excluded.forwards_active`;

async function arrange(server) {
  const body = signupBody('bench');
  const signup = await call(server.base, 'POST', 'auth/signup/customer', { body });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}`);
  const token = signup.body.token;
  const supplier = await call(server.base, 'POST', 'payment-recipient/', {
    token,
    body: supplierBody(4242),
  });
  if (supplier.status !== 201) throw new Error(`supplier ${supplier.status}`);
  return {
    token,
    body,
    enterpriseId: signup.body.user.sEnterpriseId,
    supplierId: supplier.body.paymentRecipient.sPaymentRecipientId,
  };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: CONNECTIONS, pipelining: 1, duration: DURATION, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
const summary = (r) => ({
  rps: r.requests.average,
  p99: r.latency.p99,
  // A round that finished no request at all (a machine too busy) counts as an error.
  errors: r.errors + r.timeouts + r.non2xx + (r.requests.total === 0 ? 1 : 0),
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Starts scripts/bench/bare-server.mjs and resolves its URL once it listens. */
function startBare(env) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/bench/bare-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening (\S+)/.exec(line);
      if (match) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
  });
}

/** `pgbench -N` (no branch/teller updates) at CONNECTIONS clients on a database of its own. */
function pgbenchTps(url) {
  const output = execFileSync(
    'pgbench',
    ['-N', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION), '-n', url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!match) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(match[1]);
}

/** A customer with a supplier and a deposit, made through the API (the deposit by an operator). */
async function fundedTenant(server, opsToken, usd) {
  const tenant = await arrange(server);
  const deposit = await call(server.base, 'POST', 'ops/deposits', {
    token: opsToken,
    body: { sEnterpriseId: tenant.enterpriseId, dAmount: usd, sReference: `BENCH-${randomUUID()}` },
  });
  if (deposit.status !== 201) throw new Error(`deposit ${deposit.status}`);
  return tenant;
}

async function liveQuote(server, token) {
  const dashboard = await call(server.base, 'GET', 'dashboard', { token });
  return dashboard.body.exchangeRateTodayReference;
}

/** POST payments/sendPayNow for USD 1.50, each request with its own Idempotency-Key. */
function payNowRequests(tenants) {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/api/v1/en/payments/sendPayNow',
      setupRequest: (request) => {
        const tenant = tenants[next % tenants.length];
        next += 1;
        return {
          ...request,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            authorization: `Bearer ${tenant.token}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            dAmount: 1.5,
            comment: 'bench',
            sPaymentRecipientId: tenant.supplierId,
            sExchangeRateReference: tenant.quote,
          }),
        };
      },
    },
  ];
}

const results = {
  pgDash: [],
  bare: [],
  pgliteDash: [],
  invoicesPage: [],
  invoicesDefault: [],
  invoicesPageCompressed: [],
  payments: [],
  paymentsMany: [],
  pgbench: [],
  startup: [],
  bigDash: [],
  bigInvoicesPage: [],
  bigStatement: [],
};
const pgDb = await createPgDatabase(`${DB_PREFIX}bench`);
const pgbenchDb = await createPgDatabase(`${DB_PREFIX}pgbench`);
const pgliteDir = await mkdtemp(join(tmpdir(), 'bench-pglite-'));
let pgServer;
let pgliteServer;
let bare;
let pool;
let exitCode = 0;
try {
  // PostgreSQL: server, tenant, bulk seed through SQL.
  pgServer = await startServer(
    {
      DATABASE_URL: pgDb.url,
      DATABASE_POOL_SIZE: '20',
      PAYOUT_SETTLE_SECONDS: '1000000',
    },
    {
      nodeArgs: process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : [],
    },
  );
  const pgTenant = await arrange(pgServer);
  pool = new pg.Pool({ connectionString: pgDb.url, max: 4 });
  pool.on('error', () => {}); // idle clients are terminated when the database is dropped
  for (const statement of SEED_SQL(pgTenant.enterpriseId, pgTenant.supplierId))
    await pool.query(statement);
  await pool.query('analyze');
  // Deposits go through the ops route, with a user promoted to operator in SQL.
  const ops = signupBody('ops');
  await call(pgServer.base, 'POST', 'auth/signup/customer', { body: ops });
  await pool.query(`update users set role = 'operator' where email = $1`, [ops.sEmail]);
  const opsToken = (
    await call(pgServer.base, 'POST', 'auth/login', {
      body: { sEmail: ops.sEmail, sPassword: ops.sPassword },
    })
  ).body.token;
  const dep = await call(pgServer.base, 'POST', 'ops/deposits', {
    token: opsToken,
    body: {
      sEnterpriseId: pgTenant.enterpriseId,
      dAmount: 10_000_000,
      sReference: `BENCH-${randomUUID()}`,
    },
  });
  if (dep.status !== 201) throw new Error(`deposit ${dep.status}`);
  const manyTenants = [];
  for (let i = 0; i < (runs('payments') ? ENTERPRISES : 0); i += 1)
    manyTenants.push(await fundedTenant(pgServer, opsToken, 1_000_000));

  bare = await startBare({ DATABASE_URL: pgDb.url, ENTERPRISE_ID: pgTenant.enterpriseId });
  if (runs('payments'))
    execFileSync('pgbench', ['-i', '-s', '2', '-q', pgbenchDb.url], { stdio: 'ignore' });

  // BENCH_SCALE=10: a second enterprise with ten times the invoices and conversions and a
  // year of postings, seeded in the same database (timed: the seed is a target of its own).
  let bigTenant;
  let seedMs;
  if (runs('scale')) {
    bigTenant = await fundedTenant(pgServer, opsToken, 1_000);
    const seedStarted = performance.now();
    // A bulk load, as pg_restore --disable-triggers does it: row triggers off in one
    // transaction (the counts, the balance and balanced-journal checks would run 300,000
    // times), then the derived rows written once from the data; ledgerViolations checks
    // them with everything else after the run.
    const seeder = await pool.connect();
    try {
      await seeder.query('begin');
      await seeder.query('set local session_replication_role = replica');
      for (const statement of SEED_SQL(bigTenant.enterpriseId, bigTenant.supplierId, SCALE))
        await seeder.query(statement);
      await seeder.query(depositsSql(bigTenant.enterpriseId, 10000 * SCALE));
      await seeder.query(COUNTS_SQL, [bigTenant.enterpriseId]);
      for (const statement of BALANCES_AND_DAYS_SQL)
        await seeder.query(statement, [bigTenant.enterpriseId]);
      await seeder.query('commit');
    } catch (error) {
      await seeder.query('rollback');
      throw error;
    } finally {
      seeder.release();
    }
    await pool.query('analyze');
    seedMs = performance.now() - seedStarted;
    console.log(`ten-times seed: ${(seedMs / 1000).toFixed(1)} s`);
  }

  // PGlite: server, tenant, stop, seed through PGlite directly, start again.
  const pgliteEnv = { DATA_DIR: pgliteDir, PAYOUT_SETTLE_SECONDS: '1000000' };
  let liteTenant;
  if (runs('pglite')) {
    pgliteServer = await startServer(pgliteEnv);
    liteTenant = await arrange(pgliteServer);
    await pgliteServer.stop();

    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create(pgliteDir);
    for (const statement of SEED_SQL(liteTenant.enterpriseId, liteTenant.supplierId))
      await lite.exec(statement);
    await lite.exec('analyze');
    await lite.close();
    pgliteServer = undefined;
  }

  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const invoices = (body, headers = {}) => ({
    url: `${pgServer.base}/api/v1/en/invoices/invoices`,
    method: 'POST',
    headers: { ...auth(pgTenant.token), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  // Each round starts from a settled server: the previous round's payment storms and pgbench
  // updates vacuumed and checkpointed, not left to autovacuum during the next measurements.
  const settle = async () => {
    const pgbenchPool = new pg.Pool({ connectionString: pgbenchDb.url, max: 1 });
    await pgbenchPool.query('vacuum analyze');
    await pgbenchPool.end();
    await pool.query('vacuum analyze');
    await pool.query('checkpoint');
  };
  for (let round = 0; round < RUNS; round += 1) {
    await settle();
    // Start-up on an existing PGlite data dir (10,000 invoices) to a healthy /api/health.
    if (runs('pglite')) {
      pgliteServer = await startServer(pgliteEnv);
      results.startup.push(pgliteServer.startupMs);
    }
    results.pgDash.push(
      summary(
        await cannon({
          url: `${pgServer.base}/api/v1/en/dashboard`,
          headers: auth(pgTenant.token),
        }),
      ),
    );
    results.bare.push(summary(await cannon({ url: `${bare.url}/bare/dashboard` })));
    if (runs('pglite')) {
      results.pgliteDash.push(
        summary(
          await cannon({
            url: `${pgliteServer.base}/api/v1/en/dashboard`,
            headers: auth(liteTenant.token),
          }),
        ),
      );
      await pgliteServer.stop();
      pgliteServer = undefined;
    }
    if (runs('invoices')) {
      // What the invoices screen asks for (a page), and the unpaged default (up to 1,000).
      results.invoicesPage.push(summary(await cannon(invoices({ page: 1, limit: 50 }))));
      results.invoicesDefault.push(summary(await cannon(invoices({}))));
      // The same page as a browser asks for it: compressed (brotli) when over 1 kB.
      results.invoicesPageCompressed.push(
        summary(await cannon(invoices({ page: 1, limit: 50 }, { 'accept-encoding': 'br, gzip' }))),
      );
    }
    if (runs('scale')) {
      results.bigDash.push(
        summary(
          await cannon({
            url: `${pgServer.base}/api/v1/en/dashboard`,
            headers: auth(bigTenant.token),
          }),
        ),
      );
      results.bigInvoicesPage.push(
        summary(
          await cannon({
            ...invoices({ page: 1, limit: 50 }),
            headers: { ...auth(bigTenant.token), 'content-type': 'application/json' },
          }),
        ),
      );
      // The statement of the last year, as the statement screen first asks for it: its
      // balances and totals, and the first page of 50 movements.
      const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      results.bigStatement.push(
        summary(
          await cannon({
            url: `${pgServer.base}/api/v1/en/statement?currency=USD&from=${day(-365)}&to=${day(0)}&page=1&limit=50`,
            headers: auth(bigTenant.token),
            connections: 10,
          }),
        ),
      );
    }
    if (runs('payments')) {
      pgTenant.quote = await liveQuote(pgServer, pgTenant.token);
      results.payments.push(
        summary(await cannon({ url: pgServer.base, requests: payNowRequests([pgTenant]) })),
      );
      for (const tenant of manyTenants) tenant.quote = await liveQuote(pgServer, tenant.token);
      results.paymentsMany.push(
        summary(await cannon({ url: pgServer.base, requests: payNowRequests(manyTenants) })),
      );
      results.pgbench.push(pgbenchTps(pgbenchDb.url));
    }
    console.log(`run ${round + 1}/${RUNS} done (load average ${loadavg()[0].toFixed(2)})`);
  }
  const violations = await ledgerViolations(async (text) => (await pool.query(text)).rows);
  const { rows: paymentRows } = await pool.query(
    `select count(*)::int as n from payments where concept = 'bench'`,
  );
  const medianOf = (list) => ({
    rps: median(list.map((r) => r.rps)),
    p99: median(list.map((r) => r.p99)),
    errors: Math.max(...list.map((r) => r.errors)),
  });
  const pgDash = medianOf(results.pgDash);
  const bareM = medianOf(results.bare);
  const lite = medianOf(results.pgliteDash);
  const invPage = medianOf(results.invoicesPage);
  const invDefault = medianOf(results.invoicesDefault);
  const invCompressed = medianOf(results.invoicesPageCompressed);
  const pay = medianOf(results.payments);
  const payMany = medianOf(results.paymentsMany);
  const pgbench = median(results.pgbench);
  const startup = median(results.startup);
  const ratio = (a, b) =>
    `${Number(a).toFixed(0)} / ${Number(b).toFixed(0)} = ${(a / b).toFixed(2)}`;
  const bigDash = medianOf(results.bigDash);
  const bigPage = medianOf(results.bigInvoicesPage);
  const bigStatement = medianOf(results.bigStatement);
  const scaleRows = [
    [
      'scale',
      `Seed of the ${SCALE}× enterprise (${10_000 * SCALE} invoices, ${2_000 * SCALE} conversions, ${20_000 * SCALE} postings)`,
      '< 2 min',
      `${(seedMs / 1000).toFixed(1)} s`,
      seedMs < 120_000,
    ],
    [
      'scale',
      `GET dashboard p99, ${SCALE}× enterprise / 10,000-invoice enterprise`,
      '≤ 1.5',
      `${bigDash.p99} / ${pgDash.p99} ms = ${(bigDash.p99 / pgDash.p99).toFixed(2)} (${bigDash.errors} errors)`,
      bigDash.p99 / pgDash.p99 <= 1.5 && bigDash.errors === 0,
    ],
    [
      'scale',
      `Invoice page {page: 1, limit: 50}, ${SCALE}× enterprise / bare route, req/s`,
      '≥ 0.4',
      `${ratio(bigPage.rps, bareM.rps)} (p99 ${bigPage.p99} ms, ${bigPage.errors} errors)`,
      bigPage.rps / bareM.rps >= 0.4 && bigPage.errors === 0,
    ],
    [
      'scale',
      `GET statement (USD, the last year, first page of 50), ${SCALE}× enterprise, p99 at 10 connections`,
      '≤ 100 ms',
      `${bigStatement.p99} ms at ${Number(bigStatement.rps).toFixed(0)} req/s (${bigStatement.errors} errors)`,
      bigStatement.p99 <= 100 && bigStatement.errors === 0,
    ],
  ];
  const invariants = violations.length ? violations.slice(0, 2).join('; ') : 'sound';
  // [group, target, goal, measured, pass]
  const allRows = [
    [
      'dashboard',
      'GET dashboard (PG) / bare pg.Pool route, req/s',
      '≥ 0.5',
      ratio(pgDash.rps, bareM.rps),
      pgDash.rps / bareM.rps >= 0.5,
    ],
    [
      'dashboard',
      'GET dashboard (PG) p99 at 50 connections',
      '≤ 100 ms',
      `${pgDash.p99} ms (${pgDash.errors} errors; bare route ${bareM.p99} ms)`,
      pgDash.p99 <= 100 && pgDash.errors === 0,
    ],
    [
      'invoices',
      'POST invoices/invoices {page: 1, limit: 50} (10,000 invoices) / bare route, req/s',
      '≥ 0.4',
      `${ratio(invPage.rps, bareM.rps)} (p99 ${invPage.p99} ms, ${invPage.errors} errors)`,
      invPage.rps / bareM.rps >= 0.4 && invPage.errors === 0,
    ],
    [
      'invoices',
      'POST invoices/invoices {page: 1, limit: 50} p99 at 50 connections',
      '≤ 150 ms',
      `${invPage.p99} ms`,
      invPage.p99 <= 150 && invPage.errors === 0,
    ],
    [
      'invoices',
      'POST invoices/invoices {} (unpaged: the first 1,000) / bare route, req/s',
      '≥ 0.08',
      `${ratio(invDefault.rps, bareM.rps)} (p99 ${invDefault.p99} ms, ${invDefault.errors} errors)`,
      invDefault.rps / bareM.rps >= 0.08 && invDefault.errors === 0,
    ],
    [
      'invoices',
      'Invoice page compressed (accept-encoding: br) / uncompressed, req/s',
      'informational: the cost of compressing on loopback',
      `${ratio(invCompressed.rps, invPage.rps)}, p99 ${invCompressed.p99} ms (${invCompressed.errors} errors)`,
      invCompressed.errors === 0,
    ],
    [
      'payments',
      'POST payments/sendPayNow, one enterprise / pgbench -N tps',
      '≥ 0.3, invariants sound',
      `${ratio(pay.rps, pgbench)} (p99 ${pay.p99} ms, ${pay.errors} errors); invariants: ${invariants}`,
      pay.rps / pgbench >= 0.3 && violations.length === 0 && pay.errors === 0,
    ],
    [
      'payments',
      `POST payments/sendPayNow across ${ENTERPRISES} enterprises / pgbench -N tps`,
      '≥ 0.35',
      `${ratio(payMany.rps, pgbench)} (p99 ${payMany.p99} ms, ${payMany.errors} errors)`,
      payMany.rps / pgbench >= 0.35 && payMany.errors === 0,
    ],
    [
      'pglite',
      'GET dashboard PGlite / PostgreSQL, req/s',
      '≥ 0.3, 0 errors',
      `${ratio(lite.rps, pgDash.rps)} (${lite.errors} errors, p99 ${lite.p99} ms)`,
      lite.rps / pgDash.rps >= 0.3 && lite.errors === 0,
    ],
    [
      'pglite',
      'Start-up on an existing PGlite data dir to healthy /api/health',
      '≤ 5 s',
      `${(startup / 1000).toFixed(2)} s`,
      startup <= 5000,
    ],
    ...scaleRows,
  ];
  const rows = allRows.filter(([group]) => runs(group)).map((row) => row.slice(1));
  const table = [
    '| Target | Goal | Measured (median of ' + RUNS + ') | Result |',
    '|---|---|---|---|',
    ...rows.map(([a, b, c, ok]) => `| ${a} | ${b} | ${c} | ${ok ? 'pass' : 'MISS'} |`),
  ].join('\n');
  console.log(
    `\nMachine: ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(
    `autocannon: ${CONNECTIONS} connections, pipelining 1, ${DURATION} s per run, ${RUNS} interleaved runs; ` +
      `${paymentRows[0].n} payments made in all`,
  );
  console.log(`\n${table}`);
  console.log(`\nraw: ${JSON.stringify(results)}`);
  if (rows.some((r) => !r[3])) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  if (pgServer) await pgServer.stop().catch(() => {});
  if (pgliteServer) await pgliteServer.stop().catch(() => {});
  if (bare) bare.stop();
  if (pool) await pool.end().catch(() => {});
  await pgDb.drop().catch(() => {});
  await pgbenchDb.drop().catch(() => {});
  await rm(pgliteDir, { recursive: true, force: true });
}
process.exit(exitCode);
