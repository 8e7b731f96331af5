// API integration tests: on PGlite always, and on PostgreSQL when a server is reachable
// (with CI=true an unreachable PostgreSQL fails the run instead of being skipped).
import { postgresReachable, TEST_DATABASE_URL } from './postgres.mjs';
import { run } from './lib.mjs';

const extraArgs = process.argv.slice(2);
let status = run('npx', ['vitest', 'run', '--project', 'api', ...extraArgs], {
  env: { ...process.env, TEST_DB: 'pglite' },
});
if (await postgresReachable()) {
  status ||= run('npx', ['vitest', 'run', '--project', 'api', ...extraArgs], {
    env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL },
  });
} else if (process.env.CI === 'true') {
  console.error(`PostgreSQL is not reachable at ${TEST_DATABASE_URL}; CI needs it.`);
  status = 1;
} else {
  console.warn(`\nSkipping the PostgreSQL run: no server answers at ${TEST_DATABASE_URL}.\n`);
}
process.exit(status);
