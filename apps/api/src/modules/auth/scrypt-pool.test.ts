import { scrypt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordHasher } from './password-hasher.js';
import { ScryptPool } from './scrypt-pool.js';

const pools: ScryptPool[] = [];
function pool(size: number, maxQueued = 200): ScryptPool {
  const made = new ScryptPool(size, maxQueued);
  pools.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.close()));
});

describe('the password hashing pool', () => {
  it('computes the same scrypt keys as node:crypto, and hashes that verify', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const options = { N: 2 ** 10, r: 8, p: 1 };
    const expected = await new Promise<Buffer>((resolve, reject) =>
      scrypt('pässwörd', salt, 64, options, (error, key) => (error ? reject(error) : resolve(key))),
    );
    expect((await pool(2).scrypt('pässwörd', salt, 64, options)).equals(expected)).toBe(true);
    const hasher = new PasswordHasher(10, pool(1));
    const stored = await hasher.hash('Str0ng-pass!');
    expect(await hasher.verify('Str0ng-pass!', stored)).toBe(true);
    expect(await hasher.verify('Str0ng-pass?', stored)).toBe(false);
  });

  it('keeps libuv threads free: a file read answers at once while 8 hashes run', async () => {
    const hasher = new PasswordHasher(16, pool(1));
    const hashes = Array.from({ length: 8 }, () => hasher.hash('Str0ng-pass!'));
    const file = fileURLToPath(import.meta.url);
    const reads: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await readFile(file);
      reads.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(hashes);
    expect(Math.max(...reads)).toBeLessThan(100);
  });

  it('bounds the queue: past it a hash is refused at once with RATE_LIMITED', async () => {
    const small = pool(1, 2);
    const options = { N: 2 ** 14, r: 8, p: 1 };
    const salt = Buffer.alloc(16, 1);
    const accepted = [1, 2, 3].map(() => small.scrypt('x', salt, 64, options));
    await expect(small.scrypt('x', salt, 64, options)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect((await Promise.all(accepted)).every((key) => key.length === 64)).toBe(true);
  });

  it("takes turns: another person's hash waits for the one being hashed, not for a burst", async () => {
    const fair = pool(1);
    const options = { N: 2 ** 14, r: 8, p: 1 };
    const salt = Buffer.alloc(16, 2);
    const finished: string[] = [];
    const hash = (name: string, address: string, account: string) =>
      fair.scrypt('x', salt, 64, options, { address, account }).then(() => finished.push(name));
    // Twelve log-ins of one account from one address arrive first; then another account's
    // from another address, and a third account's from the burst's own address.
    const burst = Array.from({ length: 12 }, (_, i) => hash(`burst${i}`, '10.0.0.1', 'a@x.test'));
    const other = hash('other', '10.0.0.2', 'b@x.test');
    const colleague = hash('colleague', '10.0.0.1', 'c@x.test');
    await Promise.all([...burst, other, colleague]);
    // The burst's first hash was already running; the two others go right after it.
    expect(finished.slice(0, 3)).toEqual(['burst0', 'other', 'colleague']);
    expect(finished.filter((name) => name.startsWith('burst'))).toEqual(
      Array.from({ length: 12 }, (_, i) => `burst${i}`),
    );
  });

  it('keeps room for others: one address or one account holds at most half the queue', async () => {
    const small = pool(1, 4);
    const options = { N: 2 ** 14, r: 8, p: 1 };
    const salt = Buffer.alloc(16, 3);
    const lane = { address: '10.0.0.1', account: 'a@x.test' };
    // The first starts at once; two wait (half of 4); the next of that lane is refused.
    const accepted = [1, 2, 3].map(() => small.scrypt('x', salt, 64, options, lane));
    await expect(small.scrypt('x', salt, 64, options, lane)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // The same account from another address counts as the same account.
    await expect(
      small.scrypt('x', salt, 64, options, { address: '10.0.0.9', account: 'a@x.test' }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const others = [
      small.scrypt('x', salt, 64, options, { address: '10.0.0.2', account: 'b@x.test' }),
      small.scrypt('x', salt, 64, options, { address: '10.0.0.3', account: 'c@x.test' }),
    ];
    expect((await Promise.all([...accepted, ...others])).every((key) => key.length === 64)).toBe(
      true,
    );
  });
});
