import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/test-app.js';

const SCRIPT = 'console.log("the app");'.repeat(50);
const INDEX = '<!doctype html><title>Pesos Produce</title><div id="root"></div>';

let t: TestApp;
let dist: string;

/** A built web app as Vite and the compression plugin write it: each text file with .br and .gz. */
function writeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': INDEX,
    'assets/index-B1a2C3d4.js': SCRIPT,
    'robots.txt': 'User-agent: *\nDisallow: /api/\n',
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), content);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(content));
  }
  return dir;
}

describe(`web app delivery on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    dist = writeDist();
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset precompressed in brotli, cached for a year', async () => {
    const response = await get('/assets/index-B1a2C3d4.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzip = await get('/assets/index-B1a2C3d4.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
    const plain = await get('/assets/index-B1a2C3d4.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html for app paths, revalidated on every visit', async () => {
    for (const url of ['/', '/exchange', '/catalogs/1/subcatalogs']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    }
  });

  it('answers /robots.txt with the robots file, not the app', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Disallow: /api/');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await get('/api/v1/en/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
