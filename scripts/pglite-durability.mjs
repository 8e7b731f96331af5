// Measures what making PGlite commits durable costs: N single-row commits into a fresh
// data directory, with the WAL flush after each commit and without. Run after a build:
// `node scripts/pglite-durability.mjs [commits]`; with strace -f -e trace=fdatasync it also
// shows one flush per commit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/api/dist/db/database.js';

const commits = Number(process.argv[2] ?? 200);

async function run(sync) {
  const dir = await mkdtemp(join(tmpdir(), 'pglite-durability-'));
  const handle = await openDatabase({ dataDir: dir, walSync: sync });
  try {
    await sql`create table t (id serial primary key, note text)`.execute(handle.db);
    const started = performance.now();
    for (let i = 0; i < commits; i += 1) {
      await sql`insert into t (note) values (${`commit ${i}`})`.execute(handle.db);
    }
    const ms = performance.now() - started;
    return { ms, perCommit: ms / commits };
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const off = await run(false);
const on = await run(true);
console.log(
  `${commits} commits: without the WAL flush ${off.ms.toFixed(0)} ms (${off.perCommit.toFixed(2)} ms each), ` +
    `with it ${on.ms.toFixed(0)} ms (${on.perCommit.toFixed(2)} ms each): +${(on.perCommit - off.perCommit).toFixed(2)} ms a commit`,
);
