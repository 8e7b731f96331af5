// One PGlite data directory belongs to one process: a second server on the same DATA_DIR
// must refuse to start, exit non-zero and name the holder; the holder keeps serving.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, SERVER_JS, sleep, startServer } from './lib.mjs';

/** Runs a second server on the directory; resolves its exit code, stderr and whether it answered. */
async function secondServer(dataDir, timeoutMs = 60_000) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      DEMO_DATA: 'false',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  let answered = false;
  while (child.exitCode === null && child.signalCode === null) {
    try {
      answered ||= (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      if (answered) child.kill('SIGKILL');
    } catch {
      // not listening (it should never be)
    }
    await sleep(50);
  }
  const code = await exited;
  clearTimeout(timer);
  return { code, stderr, answered };
}

export async function runDoubleOpen(t) {
  const dir = await mkdtemp(join(tmpdir(), 'faults-double-open-'));
  let first;
  try {
    first = await startServer({ DATA_DIR: dir });
    const second = await secondServer(dir);
    t.check(
      'double open: a second server on the same PGlite DATA_DIR exits non-zero without serving',
      second.code !== 0 && second.code !== null && !second.answered,
      `exit ${second.code}, answered ${second.answered}`,
    );
    t.check(
      'double open: it names the process that holds the directory',
      second.stderr.includes(`in use by process ${first.child.pid} `),
      second.stderr.slice(0, 300),
    );
    const still = await fetch(`${first.base}/api/health`);
    t.check('double open: the holder keeps serving', still.ok, `${still.status}`);
    await first.kill();
    first = await startServer({ DATA_DIR: dir });
    t.check('double open: after the holder is killed (SIGKILL), a new server takes over', true);
    await first.stop();
    first = undefined;
  } catch (error) {
    t.check('double open ran', false, error.stack);
  } finally {
    await first?.kill();
    await rm(dir, { recursive: true, force: true });
  }
}
