// Shared helpers of the fault and bench scripts: a child server, HTTP calls, direct database access.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_JS = `${ROOT}apps/api/dist/server.js`;
export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A valid CLABE: 17 digits and the weighted check digit (weights 3, 7, 1). */
export function clabe(seed) {
  const body = `012180${String(seed).padStart(11, '0')}`.slice(0, 17);
  const weights = [3, 7, 1];
  const sum = [...body].reduce((acc, digit, i) => acc + ((Number(digit) * weights[i % 3]) % 10), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** A fresh PostgreSQL database on ADMIN_URL; returns its URL and a drop function. */
export async function createPgDatabase(prefix) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database for one fault run, kept across the server's restarts: a PostgreSQL
 * database, or a PGlite directory. Answers it with the server's environment for it.
 */
export async function newDatabase(engine, prefix) {
  if (engine === 'postgres') {
    const database = await createPgDatabase(prefix);
    return { database, env: { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '10' } };
  }
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  return {
    database: { url: dir, drop: () => rm(dir, { recursive: true, force: true }) },
    env: { DATA_DIR: dir },
  };
}

/** Starts `node apps/api/dist/server.js` and waits for a healthy /api/health. */
export async function startServer(env, { timeoutMs = 60_000, nodeArgs = [] } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, SERVER_JS], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  let healthy = false;
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) {
        healthy = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  const startupMs = performance.now() - started;
  if (!healthy) {
    child.kill('SIGKILL');
    throw new Error(`server did not become healthy: ${stderr}`);
  }
  return {
    base,
    port,
    child,
    startupMs,
    stderr: () => stderr,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A JSON call; resolves { status, body } or rejects on a network error. */
export async function call(base, method, path, { token, body, headers = {}, raw } = {}) {
  const response = await fetch(`${base}${path.startsWith('/api') ? path : `/api/v1/en/${path}`}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

let counter = 0;
export function signupBody(tag) {
  counter += 1;
  return {
    sName: 'Ana',
    sLastName: 'García',
    sEmail: `${tag}.${Date.now()}.${counter}@example.test`,
    sPassword: 'Str0ng-pass!',
    sConfirmPassword: 'Str0ng-pass!',
    sEnterpriseName: `Frutas ${tag} ${counter} LLC`,
    sPhone: '+1 956 555 0199',
  };
}

export function supplierBody(seed) {
  return {
    sName: `Agrícola del Valle ${seed}`,
    sEmail: `pagos${seed}@agricola.test`,
    sBankName: 'BBVA MEXICO',
    sAccountNumber: clabe(seed),
    sEntityBusiness: 'COMPANY',
    sTaxId: 'AVA010101AB1',
  };
}

/**
 * The ledger invariants (same SQL as ledgerInvariantViolations in ledger.repository.ts),
 * over any `query(text) → rows` function (pg or PGlite).
 */
export async function ledgerViolations(query) {
  const problems = [];
  for (const row of await query(`select journal_id, currency, sum(amount)::text as total from postings
      group by journal_id, currency having sum(amount) <> 0`))
    problems.push(`journal ${row.journal_id} sums to ${row.total} ${row.currency}`);
  for (const row of await query(`select a.id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as posted
      from ledger_accounts a left join postings p on p.account_id = a.id
      where a.balance is not null
      group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`))
    problems.push(`account ${row.id} caches ${row.balance} but its postings sum to ${row.posted}`);
  for (const row of await query(
    `select id, balance::text as balance from ledger_accounts where is_customer and balance < 0`,
  ))
    problems.push(`customer account ${row.id} is negative: ${row.balance}`);
  // Each customer account's day rows (migration 0018) against its postings, day by day.
  for (const row of await query(`select coalesce(d.account_id, p.account_id) as account_id,
        coalesce(d.day, p.day)::text as day
      from account_days d
      full join (select p.account_id, (p.created_at at time zone 'America/Mexico_City')::date as day,
          coalesce(-sum(p.amount) filter (where p.amount < 0), 0) as debits,
          coalesce(sum(p.amount) filter (where p.amount > 0), 0) as credits, count(*) as movements
        from postings p join ledger_accounts a on a.id = p.account_id where a.is_customer
        group by 1, 2) p on p.account_id = d.account_id and p.day = d.day
      where d.account_id is null or p.account_id is null
         or (d.debits, d.credits, d.movements) <> (p.debits, p.credits, p.movements)`))
    problems.push(`account ${row.account_id}'s day row for ${row.day} differs from its postings`);
  // Held order funds (migration 0008): each buyer's held account = its open orders' holds.
  for (const row of await query(`select coalesce(a.enterprise_id, o.buyer_enterprise_id) as enterprise_id,
        coalesce(a.balance, 0)::text as account, coalesce(o.held, 0)::text as orders
      from (select enterprise_id, balance from ledger_accounts where kind = 'USD_ORDER_HELD') a
      full join (select buyer_enterprise_id, sum(held_cents) as held from orders
        group by buyer_enterprise_id) o on o.buyer_enterprise_id = a.enterprise_id
      where coalesce(a.balance, 0) <> coalesce(o.held, 0)`))
    problems.push(
      `enterprise ${row.enterprise_id} holds ${row.account} for orders whose holds sum to ${row.orders}`,
    );
  // The dashboard's stored counts (migration 0007) against counting the rows.
  for (const row of await query(`select e.id,
        concat_ws('/', coalesce(c.open_invoices, 0), coalesce(c.conversions_available, 0),
          coalesce(c.forwards_active, 0)) as stored,
        concat_ws('/',
          (select count(*) from invoices i where i.enterprise_id = e.id
            and i.deleted_at is null and i.status in ('TO_PAY', 'PARCIAL')),
          (select count(*) from conversions v where v.enterprise_id = e.id
            and v.status = 'SETTLED' and v.paid_mxn < v.mxn_cents),
          (select count(*) from conversions v where v.enterprise_id = e.id
            and v.status = 'ACTIVE' and v.type = 'FORWARD')) as counted
      from enterprises e left join enterprise_counts c on c.enterprise_id = e.id`))
    if (row.stored !== row.counted)
      problems.push(`enterprise ${row.id} stores counts ${row.stored} but has ${row.counted}`);
  return problems;
}

/** Row counts, sums and a digest of the money tables: equal before and after means nothing changed. */
export async function moneyChecksum(query) {
  const tables = [
    'journals',
    'postings',
    'conversions',
    'conversion_invoices',
    'payments',
    'payment_invoices',
    'invoices',
    'payment_recipients',
    'deposits',
    'idempotency_keys',
    'ledger_accounts',
  ];
  const parts = [];
  for (const table of tables) {
    const [row] = await query(
      `select count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
    );
    parts.push(`${table}:${row.n}:${row.digest}`);
  }
  const [sums] = await query(
    `select (select coalesce(sum(amount), 0)::text from postings) as postings,
            (select coalesce(sum(balance), 0)::text from ledger_accounts) as balances`,
  );
  parts.push(`postings=${sums.postings}`, `balances=${sums.balances}`);
  return parts.join('\n');
}

/** A results collector that prints each check and the final `faults: N passed, M failed` line. */
export function checks() {
  let passed = 0;
  const failures = [];
  return {
    check(name, ok, detail = '') {
      if (ok) passed += 1;
      else failures.push(`${name}${detail ? `: ${detail}` : ''}`);
      console.log(`${ok ? '  ok  ' : '  FAIL'} ${name}${!ok && detail ? ` — ${detail}` : ''}`);
      return ok;
    },
    get passed() {
      return passed;
    },
    get failures() {
      return failures;
    },
  };
}
