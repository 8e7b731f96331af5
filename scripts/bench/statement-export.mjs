// The Excel export of a year's statement in the browser, at ten times the
// data. An enterprise with 100,000 USD movements in the last year (on PostgreSQL, a fresh
// database); headless Chromium opens /statement for the year and clicks Download: the time
// to the download, and the longest main-thread task meanwhile (the page keeps answering).
// Run by `npm run bench` when BENCH_SCALE=10; prints its table, exit 1 on a missed goal.
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { chromium } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { CHROMIUM_PATH } from '../chromium.mjs';
import { call, createPgDatabase, signupBody, startServer } from '../faults/lib.mjs';
import { timeDownload } from './browser-probes.mjs';
import { BALANCES_AND_DAYS_SQL, depositsSql } from './ledger-seed.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MOVEMENTS = 100_000;
const GOALS = { elapsedMs: 3000, longestTaskMs: 200 };

/** The statement pages the export read: how many, from the first request to the last byte. */
function statementFetches() {
  const entries = performance
    .getEntriesByType('resource')
    .filter((entry) => /\/statement\?.*limit=5000/.test(entry.name));
  performance.clearResourceTimings();
  if (entries.length === 0) return { pages: 0, ms: 0 };
  const start = Math.min(...entries.map((entry) => entry.startTime));
  const end = Math.max(...entries.map((entry) => entry.responseEnd));
  return { pages: entries.length, ms: end - start };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

const database = await createPgDatabase('bench_export');
let server;
let browser;
let exitCode = 0;
try {
  server = await startServer({ DATABASE_URL: database.url });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const customer = signupBody('export');
  const signup = await call(server.base, 'POST', 'auth/signup/customer', { body: customer });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}`);
  const enterpriseId = signup.body.user.sEnterpriseId;
  // An operator's deposit opens the enterprise's USD account.
  const operator = signupBody('ops');
  await call(server.base, 'POST', 'auth/signup/customer', { body: operator });
  await pool.query(`update users set role = 'operator' where email = $1`, [operator.sEmail]);
  const login = await call(server.base, 'POST', 'auth/login', {
    body: { sEmail: operator.sEmail, sPassword: operator.sPassword },
  });
  const deposit = await call(server.base, 'POST', 'ops/deposits', {
    token: login.body.token,
    body: { sEnterpriseId: enterpriseId, dAmount: 1000, sReference: 'BENCH-EXPORT-1' },
  });
  if (deposit.status !== 201) throw new Error(`deposit ${deposit.status}`);
  const seeder = await pool.connect();
  try {
    await seeder.query('begin');
    await seeder.query('set local session_replication_role = replica');
    await seeder.query(depositsSql(enterpriseId, MOVEMENTS));
    for (const statement of BALANCES_AND_DAYS_SQL) await seeder.query(statement, [enterpriseId]);
    await seeder.query('commit');
  } finally {
    seeder.release();
  }
  await pool.end();

  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(`${server.base}/login`);
  await page.getByLabel('E-mail').fill(customer.sEmail);
  await page.getByLabel('Password', { exact: true }).fill(customer.sPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('greeting').waitFor();
  await page.goto(`${server.base}/statement`);
  // The longest period: a year back from today (366 days, today included).
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByText(/ of 100,?0\d\d$/).waitFor({ timeout: 60_000 });

  const button = page.getByRole('button', { name: 'Download', exact: true });
  const exports = [];
  for (let i = 0; i < RUNS; i += 1) {
    const { download, ...timing } = await timeDownload(page, button, 120_000);
    const fetches = await page.evaluate(statementFetches);
    // The opening line, the movements, the closing line, under a header.
    const rows = i === 0 ? (await readXlsxFile(await download.path())).length - 3 : undefined;
    exports.push({ rows, fetches, ...timing });
  }

  const elapsed = median(exports.map((run) => run.elapsed));
  const longestTask = Math.max(...exports.map((run) => run.longestTask));
  const rows = exports[0].rows;
  console.log(
    `\nMachine: ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, load average ` +
      `${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}, ${new Date().toISOString()}\n`,
  );
  console.log('| Target | Goal | Measured | Result |\n|---|---|---|---|');
  const row = (target, goal, measured, pass) => {
    if (!pass) exitCode = 1;
    console.log(`| ${target} | ${goal} | ${measured} | ${pass ? 'pass' : 'MISS'} |`);
  };
  row(
    `Statement of the year, ${rows?.toLocaleString('en-US')} movements: Excel export, click → download`,
    `≤ ${ms(GOALS.elapsedMs)}`,
    `${ms(elapsed)} (${exports.map((run) => ms(run.elapsed)).join(', ')}; reading the ` +
      `${exports[0].fetches.pages} pages ${exports.map((run) => ms(run.fetches.ms)).join(', ')})`,
    elapsed <= GOALS.elapsedMs,
  );
  row(
    'Longest main-thread task during that export',
    `≤ ${ms(GOALS.longestTaskMs)}`,
    `${ms(longestTask)} (longest frame gap ${ms(Math.max(...exports.map((run) => run.longestFrameGap)))})`,
    longestTask <= GOALS.longestTaskMs,
  );
  row(
    'Movements in the file',
    `≥ ${MOVEMENTS.toLocaleString('en-US')} (the year)`,
    String(rows),
    rows >= MOVEMENTS,
  );
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  await browser?.close();
  await server?.kill();
  await database.drop();
}
process.exit(exitCode);
