// `npm start`: build what is missing or stale, then serve the API and the web app on one port.
import { existsSync, statSync } from 'node:fs';
import { newestMtime, runOrExit } from './lib.mjs';
import { ensurePinnedNode } from './runtime.mjs';

ensurePinnedNode();

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestMtime(sources);
}

const domainSources = ['packages/domain/src', 'packages/domain/package.json'];

if (
  isStale('apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    ...domainSources,
  ])
) {
  console.log('Building the web app…');
  runOrExit(npm, ['run', 'build', '-w', '@app/web']);
}
// tsc -b rewrites its build info on every build that changes anything.
if (isStale('apps/api/dist/.tsbuildinfo', ['apps/api/src', ...domainSources])) {
  console.log('Building the server…');
  runOrExit(npx, ['tsc', '-b', 'apps/api']);
}

// The product's default payout rail is STP's protocol, spoken to a local STP counterpart
// inside the server (docs/RAILS.md); SPEI_RAIL=sandbox keeps the timer-settled sandbox.
process.env.SPEI_RAIL ??= 'stp';

await import('../apps/api/dist/server.js');
