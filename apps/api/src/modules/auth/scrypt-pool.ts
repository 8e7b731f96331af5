import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';
import { AppError } from '../../errors.js';

/**
 * The worker's code, inline so it runs the same from the TypeScript sources (tests) and the
 * build. It hashes with scryptSync, in its own thread: the hash never waits for, nor holds,
 * one of libuv's four threads, which file reads (photos, the web app) need.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ id, key: new Uint8Array(key) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});
`;

interface Job {
  id: number;
  password: string;
  salt: Buffer;
  keyLength: number;
  options: ScryptOptions;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
}

/** Default worker count: all cores but one for the server's own thread, at least one, at most 4. */
export function defaultHashWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * Password hashing bounded in one place: `size` worker threads, each hashing one password at
 * a time, and a queue of at most `maxQueued` waiting ones; beyond that a login or signup
 * answers 429 RATE_LIMITED at once instead of piling up. Workers do not keep the process
 * alive; `close` ends them.
 */
export class ScryptPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number = defaultHashWorkers(),
    readonly maxQueued = 200,
  ) {}

  scrypt(
    password: string,
    salt: Buffer,
    keyLength: number,
    options: ScryptOptions,
  ): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('The password hashing pool is closed'));
    if (this.queue.length >= this.maxQueued) {
      return Promise.reject(new AppError('RATE_LIMITED', { retryAfterSeconds: 1 }));
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, password, salt, keyLength, options, resolve, reject });
      this.dispatch();
    });
  }

  /** Starts every worker now, so the first logins do not wait for threads to boot. */
  warm(): this {
    while (!this.closed && this.newSlot());
    return this;
  }

  /** Passwords waiting for a worker (not counting those being hashed). */
  get queued(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('Password hashing stopped'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => !candidate.job) ?? this.newSlot();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.postMessage({
        id: job.id,
        password: job.password,
        salt: new Uint8Array(job.salt),
        keyLength: job.keyLength,
        options: job.options,
      });
    }
  }

  private newSlot(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const slot: Slot = { worker, job: undefined };
    worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      if (job && job.id === message.id) {
        if (message.key) job.resolve(Buffer.from(message.key));
        else job.reject(new Error(message.error ?? 'scrypt failed'));
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      // A dead worker gives its slot back; the next job starts a fresh one.
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.job?.reject(error);
      slot.job = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) fail(new Error(`A hashing worker exited (${code})`));
    });
    this.slots.push(slot);
    return slot;
  }
}

let sharedPool: ScryptPool | undefined;

/** The process's default pool, for hashers made without one (scripts, tests). */
export function sharedScryptPool(): ScryptPool {
  sharedPool ??= new ScryptPool();
  return sharedPool;
}
