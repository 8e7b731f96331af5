import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { sharedScryptPool, type HashLane, type ScryptPool } from './scrypt-pool.js';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function optionsFor(logCost: number, blockSize: number, parallelism: number): ScryptOptions {
  const N = 2 ** logCost;
  // scrypt needs 128 * N * r bytes; leave headroom over Node's 32 MiB default.
  return { N, r: blockSize, p: parallelism, maxmem: 256 * N * blockSize };
}

/**
 * scrypt password hashes, stored as `scrypt$logN$r$p$salt$hash` so the cost can be raised
 * later without breaking existing hashes. OWASP: N = 2^17, r = 8, p = 1.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  /** Hashes run in `pool`'s worker threads (by default the process's shared pool). */
  constructor(
    private readonly logCost: number,
    private readonly pool: ScryptPool = sharedScryptPool(),
  ) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.pool.scrypt(
      password,
      salt,
      KEY_LENGTH,
      optionsFor(this.logCost, BLOCK_SIZE, PARALLELISM),
    );
    return [
      'scrypt',
      this.logCost,
      BLOCK_SIZE,
      PARALLELISM,
      salt.toString('base64'),
      key.toString('base64'),
    ].join('$');
  }

  /**
   * `lane` names who is signing in (address and e-mail), so the pool takes turns between
   * people rather than serving a burst of one in arrival order.
   */
  async verify(password: string, stored: string, lane?: HashLane): Promise<boolean> {
    const [scheme, logCost, blockSize, parallelism, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !logCost || !blockSize || !parallelism || !salt || !key) {
      return false;
    }
    const expected = Buffer.from(key, 'base64');
    const actual = await this.pool.scrypt(
      password,
      Buffer.from(salt, 'base64'),
      KEY_LENGTH,
      optionsFor(Number(logCost), Number(blockSize), Number(parallelism)),
      lane && { address: lane.address, account: lane.account.trim().toLowerCase() },
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Spends the same time as a real check, so an unknown e-mail answers like a wrong password. */
  async verifyAgainstDummy(password: string, lane?: HashLane): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password');
    await this.verify(password, await this.dummyHash, lane);
    return false;
  }
}
