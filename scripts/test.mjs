// `npm test`: everything CI runs, in order, stopping at the first failing step.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable, CHROMIUM_PATH } from './chromium.mjs';
import { postgresReachable, TEST_DATABASE_URL } from './postgres.mjs';
import { run } from './lib.mjs';
import { packagesAvailable } from '../deploy/cluster-lib.mjs';
import { ensurePinnedNode } from './runtime.mjs';

// Every step below (npx vitest, node …) runs on the Node this prints.
ensurePinnedNode();
console.log(`Node ${process.version} (${process.execPath})`);

const reports = mkdtempSync(join(tmpdir(), 'pesos-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const inCi = process.env.CI === 'true';

function addVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function addPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const status = run(command, args, { env: { ...process.env, ...env } });
  console.log(
    `\n=== ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  if (status !== 0) {
    console.error(`\n${name} failed.`);
    console.log(`\ntests: ${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
    process.exit(status);
  }
}

function vitestStep(name, projects, env = {}) {
  const file = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  step(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...projectArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  addVitest(file);
}

step('Lint', 'npm', ['run', 'lint']);
step('Type-check', 'npm', ['run', 'typecheck']);
step('Contract is current (docs/openapi.json, web types)', 'npm', ['run', 'contract:check']);
step('OpenAPI document lints clean (Redocly, recommended rules)', 'npm', ['run', 'contract:lint']);
vitestStep('Unit tests (domain, web)', ['domain', 'web']);
const contractCoverage = join(reports, 'contract-coverage');
vitestStep('API integration tests on PGlite', ['api'], {
  TEST_DB: 'pglite',
  API_CONTRACT_COVERAGE_DIR: contractCoverage,
});
step('API contract coverage (every operation called)', 'node', [
  'scripts/contract-coverage.mjs',
  contractCoverage,
]);
if (await postgresReachable()) {
  vitestStep('API integration tests on PostgreSQL', ['api'], {
    TEST_DB: 'postgres',
    TEST_DATABASE_URL,
  });
} else if (inCi) {
  console.error(`PostgreSQL is not reachable at ${TEST_DATABASE_URL}; CI needs it.`);
  process.exit(1);
} else {
  console.warn(`\nSKIPPING the PostgreSQL run: no server answers at ${TEST_DATABASE_URL}.`);
}
if (await postgresReachable()) {
  step('Fault tests, short form (crashes, bad input, tenants, login)', 'node', [
    'scripts/faults/faults.mjs',
  ]);
} else {
  console.warn('\nSKIPPING the fault tests: they need PostgreSQL.');
}
if (packagesAvailable()) {
  step('Cluster fault tests, short form (HAProxy, 3 replicas, PgBouncer, replica)', 'node', [
    'deploy/cluster-faults.mjs',
  ]);
} else {
  console.warn('\nSKIPPING the cluster fault tests: haproxy, pgbouncer or postgresql missing.');
}
if (chromiumAvailable()) {
  step('Build', 'npm', ['run', 'build']);
  const file = join(reports, 'e2e.json');
  step(
    'End-to-end tests in Chromium',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_FILE: file,
    },
  );
  addPlaywright(file);
} else if (inCi) {
  console.error(`Chromium not found at ${CHROMIUM_PATH}; CI needs it for the end-to-end tests.`);
  process.exit(1);
} else {
  console.warn(
    `\nSKIPPING end-to-end tests: Chromium not found at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH).`,
  );
}

console.log(
  `\nAll steps passed.\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
);
