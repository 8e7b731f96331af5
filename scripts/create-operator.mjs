// `npm run create-operator -- --email <address>`: build the server when stale, then create
// a back-office account on the configured database (DATABASE_URL, or PGlite in DATA_DIR).
import { existsSync, statSync } from 'node:fs';
import { newestMtime, runOrExit } from './lib.mjs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const output = 'apps/api/dist/.tsbuildinfo';
const sources = ['apps/api/src', 'packages/domain/src', 'packages/domain/package.json'];
if (!existsSync(output) || statSync(output).mtimeMs < newestMtime(sources)) {
  console.log('Building the server…');
  runOrExit(npx, ['tsc', '-b', 'apps/api']);
}

await import('../apps/api/dist/create-operator.js');
