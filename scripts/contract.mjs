// The HTTP contract in the repo, regenerated with one command:
//   npm run contract          writes docs/openapi.json (the document the server serves) and
//                             apps/web/src/lib/api/schema.d.ts (the web client's types, by
//                             openapi-typescript)
//   npm run contract:check    fails when either committed file differs from what the code
//                             generates (CI runs it)
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOrExit } from './lib.mjs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const DOCUMENT = 'docs/openapi.json';
const WEB_TYPES = 'apps/web/src/lib/api/schema.d.ts';
const check = process.argv.includes('--check');

const outputDir = check ? mkdtempSync(join(tmpdir(), 'pesos-contract-')) : undefined;
const document = outputDir ? join(outputDir, 'openapi.json') : DOCUMENT;
const webTypes = outputDir ? join(outputDir, 'schema.d.ts') : WEB_TYPES;

runOrExit(npx, ['tsx', '--conditions=source', 'apps/api/src/export-openapi.ts', document]);
runOrExit(npx, ['openapi-typescript', document, '--output', webTypes, '--silent']);
// Formatted as the repo is, so `prettier --check .` passes and diffs stay small. The config
// is read from the repo even for the files under the temporary folder.
runOrExit(npx, ['prettier', '--config', '.prettierrc.json', '--write', document, webTypes], {
  stdio: ['inherit', 'ignore', 'inherit'],
});

if (check) {
  const stale = [
    [DOCUMENT, document],
    [WEB_TYPES, webTypes],
  ].filter(([committed, fresh]) => {
    return (
      !existsSync(committed) || readFileSync(committed, 'utf8') !== readFileSync(fresh, 'utf8')
    );
  });
  if (stale.length > 0) {
    console.error(
      `The contract is stale: ${stale.map(([file]) => file).join(' and ')} differ from what the ` +
        'code generates. Run `npm run contract` and commit the result.',
    );
    process.exit(1);
  }
  console.log(`${DOCUMENT} and ${WEB_TYPES} match the code.`);
}
