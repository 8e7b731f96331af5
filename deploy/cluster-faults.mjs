// npm run test:cluster (--long) and its short form in CI (scripts/test.mjs): faults on the
// one-machine cluster (deploy/cluster-lib.mjs) under a storm of money requests sent through
// HAProxy, each retried with its Idempotency-Key until it has an answer:
//   1. SIGKILL one replica mid-storm;
//   2. a rolling restart of all three replicas;
//   3. a restart of PgBouncer (immediate shutdown, then start).
// Afterwards: no acknowledged write lost, each key moved money once, journals sum to zero,
// cached balances equal their postings, every payout settled once (no job ran twice), and
// the error rate clients saw during each fault. Ends with `cluster faults: N passed, M failed`.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  call,
  checks,
  ledgerViolations,
  signupBody,
  sleep,
  supplierBody,
} from '../scripts/faults/lib.mjs';
import {
  clusterSettings,
  databaseUrls,
  packagesAvailable,
  pidAlive,
  replicaPid,
  startCluster,
  startPgBouncer,
  startReplica,
  stopCluster,
  stopPgBouncer,
  stopReplica,
  streamingReplica,
} from './cluster-lib.mjs';

const long = process.argv.includes('--long');
const keep = process.argv.includes('--keep');
process.env.PASSWORD_HASH_COST ??= '10';
process.env.CLUSTER_DEMO_DATA ??= 'false';
process.env.CLUSTER_QUIET ??= '1';
// A cluster folder, and so a database, of this run's own: never that of `npm run cluster` or
// of an earlier bench, whose payouts still processing would stand before this run's in the
// payout job's order (a bench leaves tens of thousands) and keep it from settling them in time.
process.env.CLUSTER_DIR ??= join(tmpdir(), `pesos-cluster-faults-${process.pid}`);
const started = Date.now();
const t = checks();
const settings = clusterSettings();
const base = `http://127.0.0.1:${settings.lbPort}`;

if (!packagesAvailable()) {
  console.log(
    'cluster faults: skipped (haproxy, pgbouncer or postgresql missing and not installable)',
  );
  process.exit(0);
}
console.log(
  `Cluster faults (${long ? 'long' : 'short'} form), load balancer on ${settings.lbPort}`,
);
await startCluster(settings);
const primary = new pg.Pool({ connectionString: databaseUrls(settings).PRIMARY_URL, max: 2 });
const query = async (text, params) => (await primary.query(text, params)).rows;

// ---------------------------------------------------------------------------------------
// Arrange: customers funded by an operator, each with suppliers.

async function login(body) {
  const answer = await call(base, 'POST', 'auth/login', {
    body: { sEmail: body.sEmail, sPassword: body.sPassword },
  });
  if (answer.status !== 200)
    throw new Error(`login ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

const operatorSignup = signupBody('cluster-ops');
if ((await call(base, 'POST', 'auth/signup/customer', { body: operatorSignup })).status !== 201) {
  throw new Error('operator signup failed');
}
await query(`update users set role = 'operator' where email = $1`, [operatorSignup.sEmail]);
const opsToken = await login(operatorSignup);
const customers = [];
for (let index = 0; index < (long ? 12 : 4); index += 1) {
  const body = signupBody('cluster');
  const signup = await call(base, 'POST', 'auth/signup/customer', { body });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}`);
  const token = await login(body);
  const enterpriseId = signup.body.user.sEnterpriseId;
  const deposit = await call(base, 'POST', 'ops/deposits', {
    token: opsToken,
    body: { sEnterpriseId: enterpriseId, dAmount: 1_000_000, sReference: `WIRE-${randomUUID()}` },
  });
  if (deposit.status !== 201) throw new Error(`deposit ${deposit.status}`);
  const suppliers = [];
  for (let s = 0; s < 2; s += 1) {
    const supplier = await call(base, 'POST', 'payment-recipient/', {
      token,
      body: supplierBody(Math.floor(Math.random() * 1e9)),
    });
    if (supplier.status !== 201) throw new Error(`supplier ${supplier.status}`);
    suppliers.push(supplier.body.paymentRecipient.sPaymentRecipientId);
  }
  customers.push({ token, enterpriseId, suppliers, quote: undefined, quotedAt: 0 });
}

// ---------------------------------------------------------------------------------------
// The storm: workers sending sendPayNow through HAProxy, retrying each key until answered.

/** key -> { customer, body, outcome } */
const requests = new Map();
let phase = { attempts: 0, failures: 0 };

async function quoteOf(customer) {
  if (!customer.quote || Date.now() - customer.quotedAt > 20_000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        const answer = await call(base, 'GET', 'dashboard', { token: customer.token });
        if (answer.status === 200) {
          customer.quote = answer.body.exchangeRateTodayReference;
          customer.quotedAt = Date.now();
          break;
        }
      } catch {
        // retried below
      }
      await sleep(100);
    }
  }
  return customer.quote;
}

/** Sends one key until it has an answer that is not a failure of the cluster. */
async function sendUntilAnswered(key) {
  const entry = requests.get(key);
  for (let attempt = 0; attempt < 300; attempt += 1) {
    phase.attempts += 1;
    try {
      const answer = await call(base, 'POST', 'payments/sendPayNow', {
        token: entry.customer.token,
        body: entry.body,
        headers: { 'idempotency-key': key },
      });
      if (answer.status < 500) {
        entry.outcome = answer;
        return;
      }
    } catch {
      // connection reset or refused
    }
    phase.failures += 1;
    await sleep(100);
  }
}

async function storm(workers, stop) {
  const worker = async (n) => {
    while (!stop.done) {
      const customer =
        customers[(n + Math.floor(Math.random() * customers.length)) % customers.length];
      const quote = await quoteOf(customer);
      const key = randomUUID();
      requests.set(key, {
        customer,
        body: {
          dAmount: (100 + Math.floor(Math.random() * 1900)) / 100,
          comment: `cluster ${key}`,
          sPaymentRecipientId: customer.suppliers[Math.floor(Math.random() * 2)],
          sExchangeRateReference: quote,
        },
        outcome: 'pending',
      });
      await sendUntilAnswered(key);
      // A customer's pace: the payout job settles what the storm makes.
      await sleep(long ? 20 : 40);
      const outcome = requests.get(key).outcome;
      if (outcome !== 'pending' && outcome.status === 409) customer.quote = undefined;
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, n) => worker(n)));
}

async function underLoad(name, fault) {
  phase = { attempts: 0, failures: 0 };
  const stop = { done: false };
  const load = storm(long ? 12 : 6, stop);
  const began = Date.now();
  try {
    await sleep(1500);
    await fault();
    await sleep(long ? 4000 : 1500);
  } finally {
    stop.done = true;
    await load;
  }
  const rate = phase.attempts ? (100 * phase.failures) / phase.attempts : 0;
  console.log(
    `  ${name}: ${phase.attempts} requests in ${((Date.now() - began) / 1000).toFixed(1)} s, ` +
      `${phase.failures} failed at the client (${rate.toFixed(2)} %), each retried with its key`,
  );
  t.check(`${name}: the storm kept being served`, phase.attempts > phase.failures);
}

const rounds = long ? 3 : 1;
for (let round = 0; round < rounds; round += 1) {
  const victim = round % settings.apiPorts.length;
  await underLoad(`SIGKILL of replica ${victim + 1}`, async () => {
    const pid = replicaPid(settings, victim);
    process.kill(pid, 'SIGKILL');
    await sleep(long ? 3000 : 1500);
    await startReplica(settings, victim);
  });
}
await underLoad('rolling restart of the 3 replicas', async () => {
  for (let index = 0; index < settings.apiPorts.length; index += 1) {
    await stopReplica(settings, index);
    await startReplica(settings, index);
    // HAProxy marks it up after two good checks a second apart.
    await sleep(2500);
  }
});
for (let round = 0; round < (long ? 2 : 1); round += 1) {
  await underLoad('PgBouncer restart', async () => {
    await stopPgBouncer(settings);
    await sleep(500);
    await startPgBouncer(settings);
  });
}

// A replica that lost its database for a while must still be up (a job's end it could not
// record once killed the process).
const down = settings.apiPorts
  .map((_, index) => index)
  .filter((index) => !pidAlive(replicaPid(settings, index)));
t.check(
  'every replica is still running after the faults',
  down.length === 0,
  `replicas ${down.map((index) => index + 1).join(', ')} exited; see their logs in ${settings.dir}/run`,
);

// ---------------------------------------------------------------------------------------
// Afterwards: what the database holds.

const problems = [];
const payments = await query(
  `select concept, count(*)::int as n, (array_agg(id::text))[1] as id from payments
    where concept like 'cluster %' group by concept`,
);
const byConcept = new Map(payments.map((row) => [row.concept, row]));
let acknowledged = 0;
let unanswered = 0;
for (const [key, entry] of requests) {
  const row = byConcept.get(`cluster ${key}`);
  const count = row?.n ?? 0;
  if (entry.outcome === 'pending') {
    unanswered += 1;
    if (count > 1) problems.push(`${key}: unanswered, ${count} payments`);
  } else if (entry.outcome.status === 201) {
    acknowledged += 1;
    if (count !== 1) problems.push(`${key}: 201 but ${count} payments`);
    else if (row.id !== entry.outcome.body.payment.sPaymentId)
      problems.push(`${key}: answered ${entry.outcome.body.payment.sPaymentId}, stored ${row.id}`);
  } else if (count !== 0) {
    problems.push(`${key}: answered ${entry.outcome.status} but ${count} payments`);
  }
}
console.log(
  `  ${requests.size} keys, ${acknowledged} acknowledged (201), ${unanswered} unanswered`,
);
t.check('every key was answered', unanswered === 0, `${unanswered} unanswered`);
t.check(
  '0 lost acknowledged writes, each key moved money once',
  problems.length === 0,
  problems.slice(0, 5).join('; '),
);
const ledger = await ledgerViolations(query);
t.check(
  'journals sum to zero, cached balances equal postings',
  ledger.length === 0,
  ledger.slice(0, 5).join('; '),
);

// The payout job settles every payment (a job a killed replica held is unlocked and rerun).
// Up to 4 minutes: a 1 s duty that failed in several faults in a row waits e^attempts
// seconds (graphile-worker's backoff) before its next try, about a minute after the fourth.
const settleBy = Date.now() + 240_000;
let processing = -1;
while (Date.now() < settleBy) {
  [{ n: processing }] = await query(
    `select count(*)::int as n from payments where status = 'PROCESSING' and concept like 'cluster %'`,
  );
  if (processing === 0) break;
  await sleep(1000);
}
// What a failure needs to be understood: the payout job's rows as the queue holds them.
const payoutJobs =
  processing === 0
    ? []
    : await query(
        `select id, key, attempts, max_attempts, run_at, locked_at, locked_by, last_error,
                now() as now
           from graphile_worker.jobs where task_identifier = 'payouts.settle'`,
      );
t.check(
  'every payout settled by the payout job after the faults',
  processing === 0,
  `${processing} still processing; payout job rows: ${JSON.stringify(payoutJobs)}`,
);
const twice = await query(
  `select reference, count(*)::int as n from journals where kind = 'PAYOUT_SETTLED'
    group by reference having count(*) > 1`,
);
t.check(
  'no payout settled twice (no job ran twice)',
  twice.length === 0,
  JSON.stringify(twice.slice(0, 3)),
);
const finishedTwice = await query(
  `select order_id from order_status_events where status = 'FINISHED' group by order_id having count(*) > 1`,
);
t.check('no order finished twice', finishedTwice.length === 0);
const duties = await query(
  `select task_identifier, count(*)::int as n, max(attempts) as attempts, max(max_attempts) as max
     from graphile_worker.jobs where key like 'every:%' group by 1`,
);
t.check(
  'each recurring duty is one job, none dead',
  duties.length >= 4 && duties.every((row) => row.n === 1 && row.attempts < row.max),
  JSON.stringify(duties),
);
const ledger2 = await ledgerViolations(query);
t.check(
  'the ledger still balances after settlement',
  ledger2.length === 0,
  ledger2.slice(0, 3).join('; '),
);

// Each replica keeps the invoice lists it answered (by the enterprise's list version). A list
// read through any replica right after an invoice is paid through another shows it paid.
const staleLists = [];
for (const customer of customers) {
  const created = await call(base, 'POST', 'invoices/', {
    token: customer.token,
    body: {
      dPurchaseDate: new Date().toISOString().slice(0, 10),
      sPaymentRecipientId: customer.suppliers[0],
      sInvoice: `CLUSTER-${randomUUID().slice(0, 8)}`,
      dTotalAmount: 1000,
      dRateProtection: 19,
      iCreditPeriod: 30,
    },
  });
  if (created.status !== 201) throw new Error(`invoice ${created.status}`);
  const invoiceId = created.body.invoice.sInvoiceId;
  const statusOf = async () => {
    const answer = await call(base, 'POST', 'invoices/invoices', {
      token: customer.token,
      body: { page: 1, limit: 5 },
    });
    return answer.body.invoices?.find((invoice) => invoice.sInvoiceId === invoiceId)?.sStatusId;
  };
  // Round robin over three replicas: six lists leave each one holding the unpaid list.
  let unpaid;
  for (let i = 0; i < 6; i += 1) unpaid = await statusOf();
  customer.quote = undefined;
  const paid = await call(base, 'POST', 'payments/invoice', {
    token: customer.token,
    body: { sInvoiceId: invoiceId, sExchangeRateReference: await quoteOf(customer) },
  });
  if (paid.status !== 201)
    throw new Error(`pay invoice ${paid.status} ${JSON.stringify(paid.body)}`);
  const statuses = [];
  for (let i = 0; i < 6; i += 1) statuses.push(await statusOf());
  if (
    unpaid === undefined ||
    statuses.some((status) => status === unpaid || status !== statuses[0])
  ) {
    staleLists.push(`${invoiceId}: ${unpaid} before, then ${statuses.join(', ')}`);
  }
}
t.check(
  'an invoice paid through one replica is listed paid by every replica at once',
  staleLists.length === 0,
  staleLists.slice(0, 3).join('; '),
);

// Reports (statement, histories, exports, audit log) read the streaming replica once it has
// replayed every write committed before they were asked; a payment is on its maker's
// statement at once; with the replica stopped the primary serves them without an error.
const reportReads = async () => {
  const counts = { fromReplica: 0, fromPrimary: 0 };
  for (const port of settings.apiPorts) {
    const health = await call(`http://127.0.0.1:${port}`, 'GET', '/api/health');
    counts.fromReplica += health.body?.reports?.fromReplica ?? 0;
    counts.fromPrimary += health.body?.reports?.fromPrimary ?? 0;
  }
  return counts;
};
const reporter = customers[0];
const statementOf = () => call(base, 'GET', 'statement?currency=USD', { token: reporter.token });
const beforeQuiet = await reportReads();
await sleep(1000);
const quietAnswers = [];
for (let i = 0; i < 6; i += 1) quietAnswers.push((await statementOf()).status);
const replicaReads = (await reportReads()).fromReplica - beforeQuiet.fromReplica;
t.check(
  'with nothing being written, the statement is read on the streaming replica',
  quietAnswers.every((status) => status === 200) && replicaReads >= 3,
  `answers ${quietAnswers.join(', ')}; ${replicaReads} of 6 read on the replica`,
);
const closingBefore = (await statementOf()).body.closingBalance;
reporter.quote = undefined;
const madePayment = await call(base, 'POST', 'payments/sendPayNow', {
  token: reporter.token,
  headers: { 'idempotency-key': randomUUID() },
  body: {
    dAmount: 1.23,
    comment: 'cluster report check',
    sPaymentRecipientId: reporter.suppliers[0],
    sExchangeRateReference: await quoteOf(reporter),
  },
});
const closingAfter = (await statementOf()).body.closingBalance;
t.check(
  "a payment is on its maker's statement at once",
  madePayment.status === 201 && Math.round((closingBefore - closingAfter) * 100) === 123,
  `payment ${madePayment.status}; closing ${closingBefore} then ${closingAfter}`,
);
await streamingReplica(settings, { stop: true });
const withoutReplica = [];
for (let i = 0; i < 6; i += 1) withoutReplica.push((await statementOf()).status);
await streamingReplica(settings, { stop: false });
t.check(
  'with the streaming replica stopped, reports are served by the primary without an error',
  withoutReplica.every((status) => status === 200),
  `answers ${withoutReplica.join(', ')}`,
);

await primary.end();
// A failed run keeps the cluster's folder (its logs) for a look.
if (!keep) await stopCluster(settings, { clean: t.failures.length === 0 });
console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
console.log(`cluster faults: ${t.passed} passed, ${t.failures.length} failed`);
process.exit(t.failures.length ? 1 : 0);
