import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, json, signUp, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { loginDelayMs } from './auth.service.js';

let t: TestApp;

function login(
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    payload: { sEmail: email, sPassword: password },
    remoteAddress,
    headers,
  });
}

async function failureIps(): Promise<string[]> {
  const rows = await t.db.selectFrom('login_failures').select('ip').orderBy('id').execute();
  return rows.map((row) => row.ip);
}

describe('login delays', () => {
  it('grow after three free failures, doubling up to five minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(loginDelayMs)).toEqual([0, 0, 0, 1000, 2000, 4000, 8000]);
    expect(loginDelayMs(40)).toBe(300_000);
  });
});

describe(`failed-login limits per account and address on ${TEST_ENGINE}`, () => {
  afterEach(async () => {
    await t.close();
  });

  it('slows a stranger down progressively and never locks the real user out', async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '6' });
    const victim = await signUp(t.app);
    const stranger = '198.51.100.7';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(victim.email, 'Wrong-pass-1', stranger)).statusCode).toBe(401);
    }
    const tooSoon = await login(victim.email, 'Wrong-pass-1', stranger);
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(tooSoon.headers['retry-after']).toBe('1');
    t.clock.advanceSeconds(1);
    expect((await login(victim.email, 'Wrong-pass-1', stranger)).statusCode).toBe(401);
    const wait = await login(victim.email, 'Wrong-pass-1', stranger);
    expect(wait.statusCode).toBe(429);
    expect(wait.headers['retry-after']).toBe('2');
    // The waits are not failures: the stranger has four so far.
    expect(await failureIps()).toHaveLength(4);

    // Meanwhile the real user, from their own address, logs in at once.
    expect((await login(victim.email, victim.password, '203.0.113.20')).statusCode).toBe(200);

    t.clock.advanceSeconds(2);
    expect((await login(victim.email, 'Wrong-pass-1', stranger)).statusCode).toBe(401);
    t.clock.advanceSeconds(4);
    expect((await login(victim.email, 'Wrong-pass-1', stranger)).statusCode).toBe(401);
    // Six failures from the stranger's address: that pair is held until the window passes,
    // even with the right password; the real user is not.
    t.clock.advanceMinutes(6);
    const held = await login(victim.email, victim.password, stranger);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(8 * 60);
    expect((await login(victim.email, victim.password, '203.0.113.20')).statusCode).toBe(200);
    t.clock.advanceMinutes(10);
    expect((await login(victim.email, victim.password, stranger)).statusCode).toBe(200);
  });

  it(
    'takes the address from the connection unless TRUST_PROXY says otherwise',
    { timeout: 90_000 },
    async () => {
      t = await createTestApp();
      await login('a@example.test', 'Wrong-pass-1', '10.0.0.5', {
        'x-forwarded-for': '203.0.113.9',
      });
      expect(await failureIps()).toEqual(['10.0.0.5']);
      await t.close();

      t = await createTestApp({ TRUST_PROXY: '1' });
      await login('a@example.test', 'Wrong-pass-1', '10.0.0.5', {
        'x-forwarded-for': '192.0.2.1, 203.0.113.9',
      });
      // One hop trusted: the load balancer's view of the client, not what the client claims.
      expect(await failureIps()).toEqual(['203.0.113.9']);
      await t.close();

      t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
      await login('a@example.test', 'Wrong-pass-1', '10.0.0.5', {
        'x-forwarded-for': '203.0.113.9',
      });
      await login('a@example.test', 'Wrong-pass-1', '192.168.1.1', {
        'x-forwarded-for': '203.0.113.10',
      });
      expect(await failureIps()).toEqual(['203.0.113.9', '192.168.1.1']);
    },
  );
});
