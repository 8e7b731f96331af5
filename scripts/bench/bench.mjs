// npm run bench: server targets with autocannon (pipelining 1), 3 interleaved runs, medians.
// PostgreSQL on TEST_DATABASE_URL (a fresh database, dropped afterwards) and PGlite (a temp dir).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
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

/** The dashboard's one statement (dashboard.repository.ts), for the bare pg.Pool route. */
const DASHBOARD_SQL = `select
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'USD_AVAILABLE') as usd_available,
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'MXN_AVAILABLE') as mxn_available,
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'USD_FORWARD_DEPOSIT') as usd_held,
  (select count(*) from invoices where enterprise_id = $1 and deleted_at is null and status in ('TO_PAY', 'PARCIAL')) as unassigned_invoices,
  (select count(*) from conversions where enterprise_id = $1 and status = 'SETTLED' and paid_mxn < mxn_cents) as conversions_available,
  (select count(*) from conversions where enterprise_id = $1 and status = 'ACTIVE' and type = 'FORWARD') as forwards_active`;

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

const results = {
  pgDash: [],
  bare: [],
  pgliteDash: [],
  invoices: [],
  invoicesPage: [],
  payments: [],
  startup: [],
};
const pgDb = await createPgDatabase('bench');
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
  pool = new pg.Pool({ connectionString: pgDb.url, max: 20 });
  pool.on('error', () => {}); // idle clients are terminated when the database is dropped
  for (const statement of SEED_SQL(pgTenant.enterpriseId, pgTenant.supplierId))
    await pool.query(statement);
  await pool.query('analyze');
  // A deposit straight through the ledger tables would bypass the app; use the ops route with a promoted user.
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

  // The bare route: the same SQL through a pg.Pool, in a Fastify with nothing else.
  bare = Fastify();
  bare.get('/bare/dashboard', async () => {
    const { rows } = await pool.query(DASHBOARD_SQL, [pgTenant.enterpriseId]);
    const row = rows[0];
    return {
      balanceUsd: Number(row.usd_available) / 100,
      unassignedInvoices: Number(row.unassigned_invoices),
    };
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

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
  for (let round = 0; round < RUNS; round += 1) {
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
    results.bare.push(summary(await cannon({ url: `${bareUrl}/bare/dashboard` })));
    results.pgliteDash.push(
      summary(
        await cannon({
          url: `${pgliteServer.base}/api/v1/en/dashboard`,
          headers: auth(liteTenant.token),
        }),
      ),
    );
    results.invoices.push(
      summary(
        await cannon({
          url: `${pgServer.base}/api/v1/en/invoices/invoices`,
          method: 'POST',
          headers: { ...auth(pgTenant.token), 'content-type': 'application/json' },
          body: '{}',
        }),
      ),
    );
    results.invoicesPage.push(
      summary(
        await cannon({
          url: `${pgServer.base}/api/v1/en/invoices/invoices`,
          method: 'POST',
          headers: { ...auth(pgTenant.token), 'content-type': 'application/json' },
          body: '{"limit":50}',
        }),
      ),
    );
    const quote = (await call(pgServer.base, 'GET', 'dashboard', { token: pgTenant.token })).body
      .exchangeRateTodayReference;
    results.payments.push(
      summary(
        await cannon({
          url: `${pgServer.base}/api/v1/en/payments/sendPayNow`,
          method: 'POST',
          headers: { ...auth(pgTenant.token), 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, 'idempotency-key': randomUUID() },
                body: JSON.stringify({
                  dAmount: 1.5,
                  comment: 'bench',
                  sPaymentRecipientId: pgTenant.supplierId,
                  sExchangeRateReference: quote,
                }),
              }),
            },
          ],
        }),
      ),
    );
    await pgliteServer.stop();
    pgliteServer = undefined;
    console.log(`run ${round + 1}/${RUNS} done`);
  }
  const violations = await ledgerViolations(async (text) => (await pool.query(text)).rows);
  const pgDash = {
    rps: median(results.pgDash.map((r) => r.rps)),
    p99: median(results.pgDash.map((r) => r.p99)),
    errors: Math.max(...results.pgDash.map((r) => r.errors)),
  };
  const bareM = { rps: median(results.bare.map((r) => r.rps)) };
  const lite = {
    rps: median(results.pgliteDash.map((r) => r.rps)),
    errors: Math.max(...results.pgliteDash.map((r) => r.errors)),
  };
  const inv = {
    p99: median(results.invoices.map((r) => r.p99)),
    rps: median(results.invoices.map((r) => r.rps)),
    errors: Math.max(...results.invoices.map((r) => r.errors)),
  };
  const invPage = {
    p99: median(results.invoicesPage.map((r) => r.p99)),
    rps: median(results.invoicesPage.map((r) => r.rps)),
    errors: Math.max(...results.invoicesPage.map((r) => r.errors)),
  };
  const pay = {
    rps: median(results.payments.map((r) => r.rps)),
    p99: median(results.payments.map((r) => r.p99)),
    errors: Math.max(...results.payments.map((r) => r.errors)),
  };
  const startup = median(results.startup);
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
      `${pgDash.p99} ms (${pgDash.errors} errors)`,
      pgDash.p99 <= 100 && pgDash.errors === 0,
    ],
    [
      'POST invoices/invoices (10,000 invoices) p99 at 50 connections',
      'reported (≤ 100 ms aimed)',
      `${inv.p99} ms, ${inv.rps.toFixed(0)} req/s (${inv.errors} errors)`,
      inv.p99 <= 100 && inv.errors === 0,
    ],
    [
      'POST invoices/invoices {limit: 50} (a page) p99 at 50 connections',
      'informational',
      `${invPage.p99} ms, ${invPage.rps.toFixed(0)} req/s (${invPage.errors} errors)`,
      invPage.errors === 0,
    ],
    [
      'POST payments/sendPayNow, one enterprise, 50 connections',
      'payments/s reported, ledger sound',
      `${pay.rps.toFixed(0)} payments/s, p99 ${pay.p99} ms, ${pay.errors} errors; invariants: ${violations.length ? violations.slice(0, 2).join('; ') : 'sound'}`,
      violations.length === 0 && pay.errors === 0,
    ],
    [
      'GET dashboard PGlite / PostgreSQL, req/s',
      '≥ 0.3, 0 errors',
      `${lite.rps.toFixed(0)} / ${pgDash.rps.toFixed(0)} = ${(lite.rps / pgDash.rps).toFixed(2)} (${lite.errors} errors)`,
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
    `autocannon: ${CONNECTIONS} connections, pipelining 1, ${DURATION} s per run, ${RUNS} interleaved runs\n`,
  );
  console.log(table);
  console.log(`\nraw: ${JSON.stringify(results)}`);
  if (rows.some((r) => !r[3])) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  if (pgServer) await pgServer.stop().catch(() => {});
  if (pgliteServer) await pgliteServer.stop().catch(() => {});
  if (bare) await bare.close().catch(() => {});
  if (pool) await pool.end().catch(() => {});
  await pgDb.drop().catch(() => {});
  await rm(pgliteDir, { recursive: true, force: true });
}
process.exit(exitCode);
