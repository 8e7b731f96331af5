// The API suite's contract coverage: which OpenAPI operations no test called. Reads the
// files the test apps wrote to API_CONTRACT_COVERAGE_DIR (apps/api/src/test/contract-check.ts)
// and fails when an operation was never called, or never answered with a 2xx.
//   node scripts/contract-coverage.mjs <dir>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const directory = process.argv[2] ?? process.env.API_CONTRACT_COVERAGE_DIR;
if (!directory || !existsSync(directory)) {
  console.error(
    'contract coverage: no records found; run the API suite with API_CONTRACT_COVERAGE_DIR set.',
  );
  process.exit(1);
}

const operations = new Set();
/** operationId → statuses answered */
const calls = new Map();
for (const file of readdirSync(directory).filter((name) => name.endsWith('.json'))) {
  const record = JSON.parse(readFileSync(join(directory, file), 'utf8'));
  for (const id of record.operations) operations.add(id);
  for (const [id, statuses] of Object.entries(record.calls)) {
    const known = calls.get(id) ?? new Set();
    for (const status of statuses) known.add(status);
    calls.set(id, known);
  }
}

const uncalled = [...operations].filter((id) => !calls.has(id)).sort();
const neverSucceeded = [...operations]
  .filter((id) => calls.has(id) && ![...calls.get(id)].some((status) => status < 300))
  .sort();
const reached = operations.size - uncalled.length;
console.log(
  `API contract coverage: ${reached} of ${operations.size} operations called by the API suite.`,
);
if (neverSucceeded.length > 0) {
  console.log(`Called, but never with a 2xx answer (${neverSucceeded.length}):`);
  for (const id of neverSucceeded) console.log(`  ${id}: ${[...calls.get(id)].sort().join(', ')}`);
}
if (uncalled.length > 0) {
  console.error(`Operations no test called (${uncalled.length}):`);
  for (const id of uncalled) console.error(`  ${id}`);
}
process.exit(uncalled.length > 0 || neverSucceeded.length > 0 ? 1 : 0);
