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
});
