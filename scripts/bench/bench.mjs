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

if (
  !process.argv.includes('--no-build') &&
  run('npx', ['tsc', '-b', 'apps/api'], { cwd: ROOT }) !== 0
)
  process.exit(1);

const SEED_SQL = (enterpriseId, supplierId) => [
  `insert into invoices (id, enterprise_id, payment_recipient_id, invoice_name, purchase_date,
     credit_period_days, due_date, total_mxn, rate_protection_micro, status, created_at)
   select gen_random_uuid(), '${enterpriseId}', '${supplierId}', 'BENCH-' || g,
     (current_date - (g % 60)), 30, (current_date - (g % 60) + 30),
     (100000 + g * 13)::bigint, 18500000, 'TO_PAY', now() - (g || ' seconds')::interval
   from generate_series(1, 10000) g`,
  `insert into conversions (id, enterprise_id, type, status, usd_cents, mxn_cents, rate_micro, created_at, settled_at)
   select gen_random_uuid(), '${enterpriseId}', 'FOREX', 'SETTLED', 100000, 1840000, 18400000,
     now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
   from generate_series(1, 2000) g`,
];

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
  errors: r.errors + r.timeouts + r.non2xx,
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
  payments: [],
  paymentsMany: [],
  pgbench: [],
  startup: [],
};
const pgDb = await createPgDatabase('bench');
const pgbenchDb = await createPgDatabase('pgbench');
const pgliteDir = await mkdtemp(join(tmpdir(), 'bench-pglite-'));
let pgServer;
let pgliteServer;
let bare;
let pool;
let exitCode = 0;
try {
  // PostgreSQL: server, tenant, bulk seed through SQL.
  pgServer = await startServer({
    DATABASE_URL: pgDb.url,
    DATABASE_POOL_SIZE: '20',
    PAYOUT_SETTLE_SECONDS: '1000000',
  });
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
  for (let i = 0; i < ENTERPRISES; i += 1)
    manyTenants.push(await fundedTenant(pgServer, opsToken, 1_000_000));

  bare = await startBare({ DATABASE_URL: pgDb.url, ENTERPRISE_ID: pgTenant.enterpriseId });
  execFileSync('pgbench', ['-i', '-s', '2', '-q', pgbenchDb.url], { stdio: 'ignore' });

  // PGlite: server, tenant, stop, seed through PGlite directly, start again.
  const pgliteEnv = { DATA_DIR: pgliteDir, PAYOUT_SETTLE_SECONDS: '1000000' };
  pgliteServer = await startServer(pgliteEnv);
  const liteTenant = await arrange(pgliteServer);
  await pgliteServer.stop();
  {
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create(pgliteDir);
    for (const statement of SEED_SQL(liteTenant.enterpriseId, liteTenant.supplierId))
      await lite.exec(statement);
    await lite.exec('analyze');
    await lite.close();
  }
  pgliteServer = undefined;

  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const invoices = (body) => ({
    url: `${pgServer.base}/api/v1/en/invoices/invoices`,
    method: 'POST',
    headers: { ...auth(pgTenant.token), 'content-type': 'application/json' },
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
    pgliteServer = await startServer(pgliteEnv);
    results.startup.push(pgliteServer.startupMs);
    results.pgDash.push(
      summary(
        await cannon({
          url: `${pgServer.base}/api/v1/en/dashboard`,
          headers: auth(pgTenant.token),
        }),
      ),
    );
    results.bare.push(summary(await cannon({ url: `${bare.url}/bare/dashboard` })));
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
    // What the invoices screen asks for (a page), and the unpaged default (up to 1,000).
    results.invoicesPage.push(summary(await cannon(invoices({ page: 1, limit: 50 }))));
    results.invoicesDefault.push(summary(await cannon(invoices({}))));
    pgTenant.quote = await liveQuote(pgServer, pgTenant.token);
    results.payments.push(
      summary(await cannon({ url: pgServer.base, requests: payNowRequests([pgTenant]) })),
    );
    for (const tenant of manyTenants) tenant.quote = await liveQuote(pgServer, tenant.token);
    results.paymentsMany.push(
      summary(await cannon({ url: pgServer.base, requests: payNowRequests(manyTenants) })),
    );
    results.pgbench.push(pgbenchTps(pgbenchDb.url));
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
  const pay = medianOf(results.payments);
  const payMany = medianOf(results.paymentsMany);
  const pgbench = median(results.pgbench);
  const startup = median(results.startup);
  const invariants = violations.length ? violations.slice(0, 2).join('; ') : 'sound';
  const rows = [
    [
      'GET dashboard (PG) / bare pg.Pool route, req/s',
      '≥ 0.5',
      `${pgDash.rps.toFixed(0)} / ${bareM.rps.toFixed(0)} = ${(pgDash.rps / bareM.rps).toFixed(2)}`,
      pgDash.rps / bareM.rps >= 0.5,
    ],
    [
      'GET dashboard (PG) p99 at 50 connections',
      '≤ 100 ms',
      `${pgDash.p99} ms (${pgDash.errors} errors; bare route ${bareM.p99} ms)`,
      pgDash.p99 <= 100 && pgDash.errors === 0,
    ],
    [
      'POST invoices/invoices {page: 1, limit: 50} (10,000 invoices) p99 at 50 connections',
      '≤ 150 ms',
      `${invPage.p99} ms, ${invPage.rps.toFixed(0)} req/s (${invPage.errors} errors)`,
      invPage.p99 <= 150 && invPage.errors === 0,
    ],
    [
      'POST invoices/invoices {} (unpaged: the first 1,000) p99 at 50 connections',
      'informational',
      `${invDefault.p99} ms, ${invDefault.rps.toFixed(0)} req/s (${invDefault.errors} errors)`,
      invDefault.errors === 0,
    ],
    [
      'POST payments/sendPayNow, one enterprise, 50 connections',
      '≥ 200/s, invariants sound',
      `${pay.rps.toFixed(0)}/s, p99 ${pay.p99} ms, ${pay.errors} errors; invariants: ${invariants}`,
      pay.rps >= 200 && violations.length === 0 && pay.errors === 0,
    ],
    [
      `POST payments/sendPayNow across ${ENTERPRISES} enterprises / pgbench -N tps`,
      '≥ 0.2',
      `${payMany.rps.toFixed(0)} / ${pgbench.toFixed(0)} = ${(payMany.rps / pgbench).toFixed(2)} (p99 ${payMany.p99} ms, ${payMany.errors} errors)`,
      payMany.rps / pgbench >= 0.2 && payMany.errors === 0,
    ],
    [
      'GET dashboard PGlite / PostgreSQL, req/s',
      '≥ 0.3, 0 errors',
      `${lite.rps.toFixed(0)} / ${pgDash.rps.toFixed(0)} = ${(lite.rps / pgDash.rps).toFixed(2)} (${lite.errors} errors, p99 ${lite.p99} ms)`,
      lite.rps / pgDash.rps >= 0.3 && lite.errors === 0,
    ],
    [
      'Start-up on an existing PGlite data dir to healthy /api/health',
      '≤ 5 s',
      `${(startup / 1000).toFixed(2)} s`,
      startup <= 5000,
    ],
  ];
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
