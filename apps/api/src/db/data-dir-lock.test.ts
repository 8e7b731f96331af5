import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './database.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'h14-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the PGlite data directory lock', () => {
  it('lets one holder in, names it to the next, and lets go on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const holder = JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
    expect(holder.pid).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.pid}\\b`));
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that is gone, or an unreadable one', () => {
    const dir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: gone, hostname: hostname(), startedAt: '2026-01-01T00:00:00Z' }),
    );
    lockDataDir(dir)();
    writeFileSync(join(dir, LOCK_FILE_NAME), '{"pid":');
    lockDataDir(dir)();
  });

  it('refuses while another live process holds it, and takes it once that one is killed', async () => {
    const dir = tempDir();
    const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(lockModule)}).then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('locked')) resolve();
      });
      child.once('exit', () => reject(new Error('the holder exited')));
    });
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${child.pid}\\b`));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    lockDataDir(dir)();
  });

  it('keeps a second database handle off an open PGlite directory', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await sql`create table kept (n int)`.execute(first.db);
    await sql`insert into kept values (42)`.execute(first.db);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    const { rows } = await sql<{ n: number }>`select n from kept`.execute(again.db);
    expect(rows).toEqual([{ n: 42 }]);
    await again.close();
  });
});
