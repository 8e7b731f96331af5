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

/** The addresses failed logins were counted for (attempt_limits, migration 0022). */
async function failureIps(): Promise<string[]> {
  const rows = await t.db
    .selectFrom('attempt_limits')
    .select('key')
    .where('key', 'like', 'login-address:%')
    .where('failures', '>', 0)
    .orderBy('key')
    .execute();
  return rows.map((row) => row.key.slice('login-address:'.length));
}

async function accountFailures(email: string): Promise<number> {
  const row = await t.db
    .selectFrom('attempt_limits')
    .select('failures')
    .where('key', '=', `login-account:${email}`)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

describe('login delays', () => {
  it('grow after three free failures, doubling up to five minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(loginDelayMs)).toEqual([0, 0, 0, 1000, 2000, 4000, 8000]);
    expect(loginDelayMs(40)).toBe(300_000);
  });
});

describe(`failed-login limits per account and per address on ${TEST_ENGINE}`, () => {
  afterEach(async () => {
    await t.close();
  });

  it('slows an account down from any address and holds it at the limit', async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '6' });
    const victim = await signUp(t.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const address = `198.51.100.${attempt + 1}`;
      expect((await login(victim.email, 'Wrong-pass-1', address)).statusCode).toBe(401);
    }
    // Three free failures, each from another address: the fourth waits, from any address.
    const tooSoon = await login(victim.email, 'Wrong-pass-1', '198.51.100.4');
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(tooSoon.headers['retry-after']).toBe('1');
    t.clock.advanceSeconds(1);
    expect((await login(victim.email, 'Wrong-pass-1', '198.51.100.5')).statusCode).toBe(401);
    const wait = await login(victim.email, 'Wrong-pass-1', '198.51.100.6');
    expect(wait.statusCode).toBe(429);
    expect(wait.headers['retry-after']).toBe('2');
    // The waits are not failures: the account has four so far.
    expect(await accountFailures(victim.email)).toBe(4);

    t.clock.advanceSeconds(2);
    expect((await login(victim.email, 'Wrong-pass-1', '198.51.100.7')).statusCode).toBe(401);
    t.clock.advanceSeconds(4);
    expect((await login(victim.email, 'Wrong-pass-1', '198.51.100.8')).statusCode).toBe(401);
    // Six failures: the account is held for the window, even with the right password.
    t.clock.advanceMinutes(6);
    const held = await login(victim.email, victim.password, '203.0.113.20');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(8 * 60);
    t.clock.advanceMinutes(10);
    expect((await login(victim.email, victim.password, '203.0.113.20')).statusCode).toBe(200);
  });

  it("ends an account's hold when its owner sets a new password through a reset link", async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
    const victim = await signUp(t.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(victim.email, 'Wrong-pass-1', '198.51.100.7')).statusCode).toBe(401);
    }
    expect((await login(victim.email, victim.password, '203.0.113.20')).statusCode).toBe(429);
    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/password-recovery',
      payload: { sEmail: victim.email },
    });
    expect(recovery.statusCode).toBe(202);
    await expect.poll(() => t.emails.filter((sent) => sent.to === victim.email).length).toBe(1);
    const link = t.emails.find((sent) => sent.to === victim.email)!.text;
    const token = /\/change-password\/([^/\s]+)\//.exec(link)![1]!;
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/en/auth/change-password/${token}`,
      payload: { sPassword: 'Newer-passw0rd!', sConfirmPassword: 'Newer-passw0rd!' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await login(victim.email, 'Newer-passw0rd!', '203.0.113.20')).statusCode).toBe(200);
  });

  it('checks at most the free failures of 60 wrong passwords sent at once', async () => {
    t = await createTestApp();
    const victim = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(victim.email, `Wrong-pass-${i}`, `198.51.100.${(i % 40) + 1}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(57);
    expect(await accountFailures(victim.email)).toBe(3);
  });

  it('does not lock a colleague out while another account is hammered from the same address', async () => {
    // The requests-per-minute limit of the public endpoints is another layer, not this one.
    t = await createTestApp({ PUBLIC_AUTH_RATE_LIMIT: '1000' });
    const victim = await signUp(t.app);
    const colleague = await signUp(t.app);
    const office = '203.0.113.50';
    // Someone behind the office's address hammers the victim's account: bursts of 50 wrong
    // passwords at once, 20 s apart (before, each burst's guesses were all checked and
    // counted, and two bursts held the address for every account behind it).
    let failures = 0;
    for (let burst = 0; burst < 6; burst += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => login(victim.email, 'Wrong-pass-1', office)),
      );
      failures += answers.filter((answer) => answer.statusCode === 401).length;
      t.clock.advanceSeconds(20);
    }
    expect(failures).toBeLessThanOrEqual(10);
    const victimHeld = await login(victim.email, victim.password, office);
    expect(victimHeld.statusCode).toBe(429);
    // The colleague, from the same address, with the right password, signs in at once.
    const signedIn = await login(colleague.email, colleague.password, office);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('slows an address that fails on many accounts, and holds it at its ceiling', async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '30' });
    const colleague = await signUp(t.app);
    const sprayer = '198.51.100.99';
    for (let account = 0; account < 20; account += 1) {
      const answer = await login(`nobody${account}@example.test`, 'Summer2026!', sprayer);
      expect(answer.statusCode).toBe(401);
    }
    // Past 20 failures every attempt from the address waits a little (1 s, 2 s, … 10 s) …
    const slowed = await login('nobody20@example.test', 'Summer2026!', sprayer);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    // … but is not locked: a right password after the wait gets in.
    t.clock.advanceSeconds(1);
    expect((await login(colleague.email, colleague.password, sprayer)).statusCode).toBe(200);
    for (let account = 20; account < 30; account += 1) {
      t.clock.advanceSeconds(10);
      expect(
        (await login(`nobody${account}@example.test`, 'Summer2026!', sprayer)).statusCode,
      ).toBe(401);
    }
    // At the ceiling the address is held for the window; other addresses are not.
    t.clock.advanceSeconds(10);
    const held = await login(colleague.email, colleague.password, sprayer);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await login(colleague.email, colleague.password, '203.0.113.20')).statusCode).toBe(200);
    t.clock.advanceMinutes(15);
    expect((await login(colleague.email, colleague.password, sprayer)).statusCode).toBe(200);
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
      expect(await failureIps()).toEqual(['192.168.1.1', '203.0.113.9']);
    },
  );
});
