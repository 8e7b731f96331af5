// The project pins its Node.js (the `node` package in the root package.json, which installs the
// official binary into node_modules/.bin). npm scripts put node_modules/.bin first on PATH, so
// `npm start` and `npm test` run it; a script started by hand with an older system `node` runs
// itself again with the pinned one, so every step and every child (`npx vitest`, `node …`) gets
// the same runtime.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PINNED_BIN = join(ROOT, 'node_modules', '.bin');
const PINNED_NODE = join(PINNED_BIN, process.platform === 'win32' ? 'node.cmd' : 'node');

/** The major version `.nvmrc` names (the same major as the pinned `node` package). */
export function requiredMajor() {
  return Number.parseInt(readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, ''), 10);
}

export function currentMajor() {
  return Number.parseInt(process.versions.node.split('.')[0], 10);
}

/**
 * Makes sure this script and its children run on the pinned Node: re-runs the script with
 * node_modules/.bin/node when an older one started it, and puts node_modules/.bin first on the
 * children's PATH. Without the pinned binary (no `npm install` yet) it stops with the reason.
 */
export function ensurePinnedNode() {
  const required = requiredMajor();
  if (!(process.env.PATH ?? '').split(delimiter).includes(PINNED_BIN)) {
    process.env.PATH = `${PINNED_BIN}${delimiter}${process.env.PATH ?? ''}`;
  }
  if (currentMajor() >= required) return;
  if (!existsSync(PINNED_NODE)) {
    console.error(
      `This project runs on Node ${required} (this is ${process.version}). Run \`npm install\`, ` +
        `which installs it into node_modules/.bin, then start it again through npm.`,
    );
    process.exit(1);
  }
  const result = spawnSync(PINNED_NODE, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
