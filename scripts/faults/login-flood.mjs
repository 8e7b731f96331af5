// Password hashing must not stall the server: during 40 concurrent logins at the real
// scrypt cost, a health check and a public photo keep answering in under 200 ms (p99).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep, startServer } from './lib.mjs';

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} → ${response.status}`);
  return performance.now() - started;
}

export async function runLoginFlood(t, { logins = 40 } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'faults-login-flood-'));
  let server;
  try {
    server = await startServer(
      { DATA_DIR: dir, DEMO_DATA: 'true', PASSWORD_HASH_COST: '17' },
      { timeoutMs: 180_000 },
    );
    const articles = await (
      await fetch(`${server.base}/api/v1/en/catalog/articles?limit=5`)
    ).json();
    const photo = articles.articles?.find((article) => article.aImages?.length)?.aImages[0];
    if (!photo)
      throw new Error(`no photo in the catalogue: ${JSON.stringify(articles).slice(0, 200)}`);
    const photoUrl = new URL(photo, server.base).toString();
    const healthUrl = `${server.base}/api/health`;
    // Warm both paths first.
    await timed(healthUrl);
    await timed(photoUrl);

    const started = performance.now();
    const flood = Promise.all(
      Array.from({ length: logins }, () =>
        fetch(`${server.base}/api/v1/en/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sEmail: 'demo@demo.test', sPassword: 'Demo1234!' }),
        }).then((response) => response.status),
      ),
    );
    let done = false;
    flood.finally(() => (done = true));
    const health = [];
    const photos = [];
    while (!done) {
      const [h, p] = await Promise.all([timed(healthUrl), timed(photoUrl)]);
      health.push(h);
      photos.push(p);
      await sleep(50);
    }
    const statuses = await flood;
    const floodMs = performance.now() - started;
    const ok = statuses.filter((status) => status === 200).length;
    t.check(
      `login flood: ${logins} concurrent logins at scrypt cost 2^17 all succeed (${Math.round(floodMs)} ms)`,
      ok === logins,
      statuses.join(','),
    );
    const healthP99 = percentile(health, 99);
    const photoP99 = percentile(photos, 99);
    t.check(
      `login flood: meanwhile /api/health p99 ${healthP99.toFixed(1)} ms, a photo p99 ${photoP99.toFixed(1)} ms (${health.length} samples each; < 200 ms)`,
      health.length >= 5 && healthP99 < 200 && photoP99 < 200,
      `health ${health.map(Math.round).join(',')} photo ${photos.map(Math.round).join(',')}`,
    );
  } catch (error) {
    t.check('login flood ran', false, error.stack);
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
