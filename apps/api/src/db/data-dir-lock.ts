import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file in a PGlite data directory; it names the process that holds the directory. */
export const LOCK_FILE_NAME = 'pesos-produce.lock';

interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${holder.pid} on ${holder.hostname} ` +
        `(since ${holder.startedAt}). One PGlite data directory belongs to one process: stop ` +
        `that process first, or give this one another DATA_DIR (for several servers use PostgreSQL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Lock files this process holds: a file naming this PID but not in here is stale. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A PID reused by something that is not Node cannot be a server holding the directory.
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline)) {
    try {
      return /node/i.test(readFileSync(cmdline, 'latin1'));
    } catch {
      return true;
    }
  }
  return true;
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number') return undefined;
    return {
      pid: parsed.pid,
      hostname: String(parsed.hostname ?? 'unknown host'),
      startedAt: String(parsed.startedAt ?? 'unknown time'),
    };
  } catch {
    return undefined;
  }
}

function isStale(path: string, holder: LockHolder | undefined): boolean {
  // Unreadable: a process died while writing it (it is written in one call right after
  // creation), or someone broke it by hand.
  if (!holder) return true;
  // Another machine sharing the volume: its PIDs mean nothing here, so it is never stale.
  if (holder.hostname !== hostname()) return false;
  // This PID, but not taken by this process: a container restarted with the same PID.
  if (holder.pid === process.pid) return !heldHere.has(path);
  return !isAlive(holder.pid);
}

/**
 * Takes the data directory for this process: an exclusive lock file (created with O_EXCL)
 * holding this PID, host and start time. A lock left by a process that is gone is taken
 * over; a live holder makes this throw DataDirLockedError naming it. Answers the release,
 * which also runs when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE_NAME);
  const me: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (attempt < 2 && isStale(path, holder)) {
        // Only the file we judged stale goes; a newer holder's file stays (checked again).
        try {
          if (JSON.stringify(readHolder(path)) === JSON.stringify(holder)) unlinkSync(path);
        } catch {
          // Gone already: another starter took it over; the next attempt sees its file.
        }
        continue;
      }
      throw new DataDirLockedError(
        dataDir,
        holder ?? { pid: -1, hostname: 'unknown', startedAt: 'unknown' },
      );
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    heldHere.add(path);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      heldHere.delete(path);
      const holder = readHolder(path);
      if (holder?.pid === me.pid && holder.startedAt === me.startedAt) {
        try {
          unlinkSync(path);
        } catch {
          // Already gone.
        }
      }
    };
    process.on('exit', release);
    return release;
  }
}
