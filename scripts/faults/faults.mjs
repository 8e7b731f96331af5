// npm run test:faults (short, for CI) and npm run test:faults:long (full counts).
// Builds the server, then: crashes mid-flow on PostgreSQL and PGlite (pay-nows, and an
// approval killed between its decision and its money, a payout killed on its way to STP), one cart checked out at once over two
// servers on one PostgreSQL, a second server on one PGlite directory, a login flood with
// other requests timed, generated bad input, control characters, tenant isolation, login
// limits, second-factor code limits across two processes. Ends with
// `faults: N passed, M failed`.
import { checks, ROOT } from './lib.mjs';
import { runCrash } from './crash.mjs';
import { runApprovalCrash } from './approval-crash.mjs';
import { runStpKill } from './stp-kill.mjs';
import { runSharedLimits } from './shared-limit.mjs';
import { runCodeLimits } from './code-limits.mjs';
import { runCheckoutRace } from './checkout-race.mjs';
import { runDoubleOpen } from './double-open.mjs';
import { runLoginFlood } from './login-flood.mjs';
import { runBadInput, runControlCharacters, runIsolation, runLogin } from './inprocess.mjs';
import { postgresReachable } from '../postgres.mjs';
import { run } from '../lib.mjs';

const long = process.argv.includes('--long');
const started = Date.now();
if (!process.argv.includes('--no-build')) {
  if (run('npx', ['tsc', '-b', 'apps/api'], { cwd: ROOT }) !== 0) process.exit(1);
}
const t = checks();
console.log(`Faults (${long ? 'long' : 'short'} form)`);
if (await postgresReachable()) {
  await runCrash(t, 'postgres', long ? 20 : 3);
  for (const point of ['after-decision', 'after-run']) await runApprovalCrash(t, 'postgres', point);
  for (const point of long ? ['before-hand-over', 'after-accepted'] : ['after-accepted']) {
    await runStpKill(t, 'postgres', point);
  }
  await runSharedLimits(t);
  await runCodeLimits(t);
  await runCheckoutRace(t, long ? 5 : 1);
} else {
  t.check('PostgreSQL reachable for the crash run', false, 'no server at TEST_DATABASE_URL');
}
await runCrash(t, 'pglite', long ? 5 : 1);
for (const point of ['after-decision', 'after-run']) await runApprovalCrash(t, 'pglite', point);
for (const point of long ? ['before-hand-over', 'after-accepted'] : ['before-hand-over']) {
  await runStpKill(t, 'pglite', point);
}
await runDoubleOpen(t);
await runLoginFlood(t);
await runBadInput(t, long ? 2000 : 300);
await runControlCharacters(t);
await runIsolation(t);
await runLogin(t, long);
console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
console.log(`faults: ${t.passed} passed, ${t.failures.length} failed`);
process.exit(t.failures.length ? 1 : 0);
