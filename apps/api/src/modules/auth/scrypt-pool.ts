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

/**
 * Who a hash is for, so the queue can take turns: the client's address and the account
 * (e-mail) it signs in to. Hashes without one (signup, a new password, the demo seed) share
 * one lane of their own.
 */
export interface HashLane {
  address: string;
  account: string;
}

interface Job {
  id: number;
  lane: HashLane;
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

/** How many lanes' last turns are remembered once they have nothing waiting. */
const REMEMBERED_TURNS = 1024;

/**
 * Which lane goes next: the one whose last turn is oldest, a lane never served (or forgotten)
 * first, in arrival order. So busy lanes take turns one item each, and a person who just
 * arrived is served before any lane that has had a turn.
 */
class Turns {
  private readonly lastTurn = new Map<string, number>();
  private turn = 0;

  pick(waiting: Iterable<string>): string | undefined {
    let picked: string | undefined;
    let pickedTurn = Infinity;
    for (const key of waiting) {
      const turn = this.lastTurn.get(key) ?? -1;
      if (turn < pickedTurn) {
        picked = key;
        pickedTurn = turn;
      }
    }
    return picked;
  }

  served(key: string, isWaiting: (key: string) => boolean): void {
    this.turn += 1;
    this.lastTurn.delete(key);
    this.lastTurn.set(key, this.turn);
    // Oldest first (a Map keeps insertion order); a lane still waiting keeps its turn.
    for (const old of this.lastTurn.keys()) {
      if (this.lastTurn.size <= REMEMBERED_TURNS) break;
      if (!isWaiting(old)) this.lastTurn.delete(old);
    }
  }

  clear(): void {
    this.lastTurn.clear();
  }
}

/**
 * Waiting hashes taken in turns, first between client addresses, then between the accounts of
 * one address: a burst of one account (or from one address) waits behind itself, while anyone
 * else's log-in goes next, whatever arrived first.
 */
class FairQueue {
  private readonly waiting = new Map<string, Map<string, Job[]>>();
  private readonly addressTurns = new Turns();
  // Accounts are keyed by address and e-mail: within one address, its accounts take turns.
  private readonly accountTurns = new Turns();
  // Over all addresses, so one account tried from many addresses is counted as one.
  private readonly perAccount = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  length = 0;

  push(job: Job): void {
    const { address, account } = job.lane;
    let accounts = this.waiting.get(address);
    if (!accounts) {
      accounts = new Map();
      this.waiting.set(address, accounts);
    }
    const jobs = accounts.get(account);
    if (jobs) jobs.push(job);
    else accounts.set(account, [job]);
    this.perAccount.set(account, (this.perAccount.get(account) ?? 0) + 1);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    this.length += 1;
  }

  shift(): Job | undefined {
    const address = this.addressTurns.pick(this.waiting.keys());
    if (address === undefined) return undefined;
    const accounts = this.waiting.get(address)!;
    const accountKey = this.accountTurns.pick(
      [...accounts.keys()].map((account) => laneKey(address, account)),
    )!;
    const account = accountKey.slice(address.length + 1);
    const jobs = accounts.get(account)!;
    const job = jobs.shift()!;
    if (jobs.length === 0) accounts.delete(account);
    if (accounts.size === 0) this.waiting.delete(address);
    this.addressTurns.served(address, (key) => this.waiting.has(key));
    this.accountTurns.served(accountKey, (key) => this.isWaiting(key));
    decrement(this.perAccount, account);
    decrement(this.perAddress, address);
    this.length -= 1;
    return job;
  }

  waitingFor(lane: HashLane): { address: number; account: number } {
    return {
      address: this.perAddress.get(lane.address) ?? 0,
      account: this.perAccount.get(lane.account) ?? 0,
    };
  }

  drain(): Job[] {
    const jobs = [...this.waiting.values()].flatMap((accounts) => [...accounts.values()].flat());
    this.waiting.clear();
    this.perAccount.clear();
    this.perAddress.clear();
    this.addressTurns.clear();
    this.accountTurns.clear();
    this.length = 0;
    return jobs;
  }

  private isWaiting(accountKey: string): boolean {
    const address = accountKey.slice(0, accountKey.indexOf('\n'));
    return this.waiting.get(address)?.has(accountKey.slice(address.length + 1)) ?? false;
  }
}

// An address never holds a line break, so it ends the address part of a key.
function laneKey(address: string, account: string): string {
  return `${address}\n${account}`;
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

const UNNAMED_LANE: HashLane = { address: '', account: '' };

/**
 * Password hashing bounded in one place: `size` worker threads, each hashing one password at
 * a time, and a queue of at most `maxQueued` waiting ones; beyond that a login or signup
 * answers 429 RATE_LIMITED at once instead of piling up. The queue takes turns between
 * addresses and accounts (`HashLane`), and one address or one account may hold at most half
 * of it, so a burst can neither delay nor crowd out another person's log-in. Workers do not
 * keep the process alive; `close` ends them.
 */
export class ScryptPool {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue();
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
    lane: HashLane = UNNAMED_LANE,
  ): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('The password hashing pool is closed'));
    if (this.queue.length >= this.maxQueued || this.laneIsFull(lane)) {
      return Promise.reject(new AppError('RATE_LIMITED', { retryAfterSeconds: 1 }));
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        lane,
        password,
        salt,
        keyLength,
        options,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  /** One address or one account holds at most half the queue; the rest stays for others. */
  private laneIsFull(lane: HashLane): boolean {
    if (lane === UNNAMED_LANE) return false;
    const share = Math.max(1, Math.floor(this.maxQueued / 2));
    const waiting = this.queue.waitingFor(lane);
    return waiting.address >= share || waiting.account >= share;
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
    for (const job of this.queue.drain()) job.reject(new Error('Password hashing stopped'));
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
