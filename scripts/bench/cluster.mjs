// The cluster row of npm run bench: POST payments/sendPayNow across 50 enterprises through
// HAProxy to the 3 replicas of `npm run cluster`, as a ratio to the same load sent straight
// to one of them, interleaved in the same run (autocannon, 50 connections, pipelining 1).
// Prints its table; exit code 1 when the goal is missed, 2 when the run failed.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  clusterSettings,
  databaseUrls,
  packagesAvailable,
  replicaPid,
  startCluster,
  stopCluster,
} from '../../deploy/cluster-lib.mjs';
import { call, ledgerViolations, signupBody, supplierBody } from '../faults/lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const CONNECTIONS = 50;
const ENTERPRISES = 50;

if (!packagesAvailable()) {
  console.log('cluster bench: skipped (haproxy, pgbouncer or postgresql missing)');
  process.exit(0);
}
// The replicas: demo data off, payouts left processing (the rail's job would compete with
// the measured requests), the test hash cost for the 50 sign-ups.
process.env.CLUSTER_DEMO_DATA = 'false';
process.env.PAYOUT_SETTLE_SECONDS = '1000000';
process.env.PASSWORD_HASH_COST ??= '10';
process.env.PUBLIC_AUTH_RATE_LIMIT ??= '100000';
process.env.CLUSTER_QUIET ??= '1';
// A cluster of its own, deleted afterwards: its payouts are left processing, and a later
// cluster test or `npm run cluster` on the same folder would inherit them.
process.env.CLUSTER_DIR ??= join(tmpdir(), `pesos-cluster-bench-${process.pid}`);
const settings = clusterSettings();
const lb = `http://127.0.0.1:${settings.lbPort}`;
const single = `http://127.0.0.1:${settings.apiPorts[0]}`;

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: CONNECTIONS, pipelining: 1, duration: DURATION, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * CPU seconds used so far by each part of the cluster (from /proc): the replicas, PostgreSQL
 * (every postgres process), PgBouncer, HAProxy, and this process (autocannon). Taken before
 * and after each load, it shows where the two cores went.
 */
function cpuSeconds() {
  const ticks = 100; // USER_HZ on Linux
  const parts = { replicas: 0, postgres: 0, pgbouncer: 0, haproxy: 0, autocannon: 0 };
  const replicaPids = new Set(
    settings.apiPorts.map((_, index) => String(replicaPid(settings, index))),
  );
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const used = (Number(fields[11]) + Number(fields[12])) / ticks;
    let part;
    if (replicaPids.has(pid)) part = 'replicas';
    else if (pid === String(process.pid)) part = 'autocannon';
    else if (comm === 'postgres') part = 'postgres';
    else if (comm === 'pgbouncer') part = 'pgbouncer';
    else if (comm === 'haproxy') part = 'haproxy';
    if (part) parts[part] += used;
  }
  return parts;
}

/**
 * Transactions committed so far on the primary. PostgreSQL's backends report them within a
 * second of going idle, so the count is read after a short wait.
 */
async function committedTransactions() {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows } = await pool.query(
    'select sum(xact_commit)::float8 as commits from pg_stat_database',
  );
  return rows[0].commits;
}

/** Runs a load and returns its result with the CPU seconds each part used per 1,000 requests. */
async function measured(options) {
  const commitsBefore = await committedTransactions();
  const before = cpuSeconds();
  const result = await cannon(options);
  const after = cpuSeconds();
  const requests = Math.max(1, result.requests.total);
  result.commitsPerRequest = Number(
    (((await committedTransactions()) - commitsBefore) / requests).toFixed(2),
  );
  result.cpuPerThousand = Object.fromEntries(
    Object.keys(after).map((part) => [
      part,
      Number((((after[part] - before[part]) * 1000) / requests).toFixed(2)),
    ]),
  );
  return result;
}

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
            comment: 'bench-cluster',
            sPaymentRecipientId: tenant.supplierId,
            sExchangeRateReference: tenant.quote,
          }),
        };
      },
    },
  ];
}

let exitCode = 0;
let pool;
try {
  await startCluster(settings);
  pool = new pg.Pool({ connectionString: databaseUrls(settings).PRIMARY_URL, max: 2 });
  const ops = signupBody('bench-ops');
  await call(lb, 'POST', 'auth/signup/customer', { body: ops });
  await pool.query(`update users set role = 'operator' where email = $1`, [ops.sEmail]);
  const opsToken = (
    await call(lb, 'POST', 'auth/login', { body: { sEmail: ops.sEmail, sPassword: ops.sPassword } })
  ).body.token;
  const tenants = [];
  for (let i = 0; i < ENTERPRISES; i += 1) {
    const body = signupBody('bench-cluster');
    const signup = await call(lb, 'POST', 'auth/signup/customer', { body });
    if (signup.status !== 201) throw new Error(`signup ${signup.status}`);
    const token = signup.body.token;
    const supplier = await call(lb, 'POST', 'payment-recipient/', {
      token,
      body: supplierBody(5000 + i),
    });
    if (supplier.status !== 201) throw new Error(`supplier ${supplier.status}`);
    const deposit = await call(lb, 'POST', 'ops/deposits', {
      token: opsToken,
      body: {
        sEnterpriseId: signup.body.user.sEnterpriseId,
        dAmount: 1_000_000,
        sReference: `BENCH-${randomUUID()}`,
      },
    });
    if (deposit.status !== 201) throw new Error(`deposit ${deposit.status}`);
    tenants.push({ token, supplierId: supplier.body.paymentRecipient.sPaymentRecipientId });
  }
  const requote = async () => {
    for (const tenant of tenants) {
      tenant.quote = (
        await call(lb, 'GET', 'dashboard', { token: tenant.token })
      ).body.exchangeRateTodayReference;
    }
  };
  // Warm-up, not measured: every replica serves pay-nows until V8 has compiled the hot
  // paths, so that the rounds compare processes in their steady state. Without it the two
  // replicas that only the balanced rounds reach run colder code than the one that takes
  // the straight load too.
  await requote();
  await cannon({ url: lb, requests: payNowRequests(tenants), duration: WARM_UP_SECONDS });
  const one = [];
  const three = [];
  for (let round = 0; round < RUNS; round += 1) {
    await pool.query('vacuum analyze');
    await requote();
    const direct = await measured({ url: single, requests: payNowRequests(tenants) });
    one.push({
      cpu: direct.cpuPerThousand,
      commitsPerRequest: direct.commitsPerRequest,
      rps: direct.requests.average,
      p99: direct.latency.p99,
      errors: direct.errors + direct.timeouts + direct.non2xx,
    });
    await requote();
    const balanced = await measured({ url: lb, requests: payNowRequests(tenants) });
    three.push({
      cpu: balanced.cpuPerThousand,
      commitsPerRequest: balanced.commitsPerRequest,
      rps: balanced.requests.average,
      p99: balanced.latency.p99,
      errors: balanced.errors + balanced.timeouts + balanced.non2xx,
    });
    console.log(`run ${round + 1}/${RUNS} done (load average ${loadavg()[0].toFixed(2)})`);
  }
  const violations = await ledgerViolations(async (text) => (await pool.query(text)).rows);
  const oneRps = median(one.map((r) => r.rps));
  const threeRps = median(three.map((r) => r.rps));
  const errors = Math.max(...one.map((r) => r.errors), ...three.map((r) => r.errors));
  const ratio = threeRps / oneRps;
  const ok = ratio >= 1.0 && errors === 0 && violations.length === 0;
  console.log(
    `\nMachine: ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(
    `autocannon: ${CONNECTIONS} connections, pipelining 1, ${DURATION} s per run, ${RUNS} interleaved runs after ${WARM_UP_SECONDS} s of warm-up through the balancer; ` +
      'HAProxy -> 3 replicas -> PgBouncer (session) -> PostgreSQL 15 (+ streaming replica)',
  );
  console.log(
    [
      '',
      '| Target | Goal | Measured (median of ' + RUNS + ') | Result |',
      '|---|---|---|---|',
      `| POST payments/sendPayNow across ${ENTERPRISES} enterprises, HAProxy to 3 replicas / straight to 1 replica | ≥ 1.0 | ` +
        `${threeRps.toFixed(0)} / ${oneRps.toFixed(0)} = ${ratio.toFixed(2)} (p99 ${median(three.map((r) => r.p99))} / ${median(one.map((r) => r.p99))} ms, ${errors} errors; invariants: ${violations.length ? violations[0] : 'sound'}) | ${ok ? 'pass' : 'MISS'} |`,
    ].join('\n'),
  );
  console.log(`\nraw: ${JSON.stringify({ one, three })}`);
  if (!ok) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  if (pool) await pool.end().catch(() => {});
  if (!process.argv.includes('--keep'))
    await stopCluster(settings, { clean: true }).catch(() => {});
}
process.exit(exitCode);
