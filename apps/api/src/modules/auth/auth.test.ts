import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  signUp,
  signupBody,
  TEST_ENGINE,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;

async function countRows(table: 'users' | 'enterprises' | 'sessions' | 'password_resets') {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function login(email: string, password: string, remoteAddress = '127.0.0.1', lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${lang}/auth/login`,
    payload: { sEmail: email, sPassword: password },
    remoteAddress,
  });
}

function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/en/auth/me', headers: bearer(token) });
}

describe(`accounts and sessions on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '6',
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it('signs up a customer company with its manager and logs them in', async () => {
    const body = signupBody({ sEmail: 'Buyer@Example.TEST' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/signup/customer',
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const { token, user } = json<{ token: string; user: Record<string, unknown> }>(response);
    expect(user).toMatchObject({
      sFullName: 'Ana García',
      sEmail: 'buyer@example.test',
      sRole: 'customer',
      isManager: true,
    });

    const profile = await me(token);
    expect(profile.statusCode).toBe(200);
    expect(json(profile)).toMatchObject({
      user: { sEmail: 'buyer@example.test' },
      enterprise: { sName: 'Frutas del Norte LLC', sType: 'customer', bVerified: false },
    });

    const again = await login('BUYER@example.test', body.sPassword);
    expect(again.statusCode).toBe(200);
  });

  it('signs up a vendor company', async () => {
    const vendor = await signUp(t.app, 'vendor');
    const profile = json<{ user: { sRole: string }; enterprise: { sType: string } }>(
      await me(vendor.token),
    );
    expect(profile.user.sRole).toBe('vendor');
    expect(profile.enterprise.sType).toBe('vendor');
  });

  it('refuses a second account with the same e-mail, writing nothing', async () => {
    const first = await signUp(t.app);
    const before = await countRows('enterprises');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sp/auth/signup/vendor',
      payload: signupBody({ sEmail: first.email }),
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ code: 'EMAIL_TAKEN', field: 'sEmail' });
    expect(json<{ message: string }>(response).message).toMatch(/correo/);
    expect(await countRows('enterprises')).toBe(before);
  });

  it('refuses passwords that do not match', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/signup/customer',
      payload: signupBody({ sConfirmPassword: 'something-else' }),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'INVALID_INPUT', field: 'sConfirmPassword' });
    expect(await countRows('users')).toBe(0);
  });

  it.each([
    ['malformed JSON', '{"sName": "Ana",', undefined],
    ['missing fields', JSON.stringify({ sName: 'Ana' }), 'sLastName'],
    ['wrong types', JSON.stringify(signupBody({ sPhone: 5551234 })), 'sPhone'],
    ['an over-long string', JSON.stringify(signupBody({ sName: 'x'.repeat(5000) })), 'sName'],
    ['a bad e-mail', JSON.stringify(signupBody({ sEmail: 'not-an-email' })), 'sEmail'],
    [
      'a short password',
      JSON.stringify(signupBody({ sPassword: 'a', sConfirmPassword: 'a' })),
      'sPassword',
    ],
  ])('answers %s with 400 in the error shape and writes nothing', async (_case, payload, field) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/signup/customer',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = json<{ code: string; message: string; field?: string }>(response);
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.message.length).toBeGreaterThan(0);
    if (field) expect(body.field).toBe(field);
    expect(await countRows('users')).toBe(0);
    expect(await countRows('enterprises')).toBe(0);
  });

  it('answers an unknown language with 404 and writes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fr/auth/signup/customer',
      payload: signupBody(),
    });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await countRows('users')).toBe(0);
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sEmail: 'a@b.test', sPassword: 'x'.repeat(2_000_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const account = await signUp(t.app);
    const wrongPassword = await login(account.email, 'Wrong-password-1');
    const unknownEmail = await login('nobody@example.test', 'Wrong-password-1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(json(wrongPassword)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('limits failed logins per account, even for the right password afterwards', async () => {
    const account = await signUp(t.app);
    const other = await signUp(t.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(account.email, 'Wrong-password-1')).statusCode).toBe(401);
    }
    const blocked = await login(account.email, account.password);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toMatchObject({ code: 'RATE_LIMITED' });
    // Another account from the same address is not locked out.
    expect((await login(other.email, other.password)).statusCode).toBe(200);
    // The window passes.
    t.clock.advanceMinutes(16);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('limits failed logins per IP address across accounts', async () => {
    const account = await signUp(t.app);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await login(`guess${attempt}@example.test`, 'Wrong-password-1', '10.9.9.9');
    }
    expect((await login(account.email, account.password, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(account.email, account.password, '10.1.1.1')).statusCode).toBe(200);
  });

  it('stores session tokens hashed and revokes them on logout', async () => {
    const account = await signUp(t.app);
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(account.token);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/logout',
      headers: bearer(account.token),
    });
    expect(logout.statusCode).toBe(204);
    const after = await me(account.token);
    expect(after.statusCode).toBe(403);
    expect(json(after)).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('answers a missing, unknown or malformed token with 403 SESSION_EXPIRED', async () => {
    for (const headers of [{}, bearer('made-up-token'), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/sp/auth/me', headers });
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({ code: 'SESSION_EXPIRED' });
      expect(json<{ message: string }>(response).message).toMatch(/sesión/);
    }
  });

  it('ends a session after 30 minutes idle, but not while it is used', async () => {
    const account = await signUp(t.app);
    t.clock.advanceMinutes(20);
    expect((await me(account.token)).statusCode).toBe(200);
    t.clock.advanceMinutes(20);
    expect((await me(account.token)).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    expect((await me(account.token)).statusCode).toBe(403);
  });

  it('ends a session after 12 hours even when it is busy', async () => {
    const account = await signUp(t.app);
    for (let hour = 0; hour < 12 * 4; hour += 1) {
      t.clock.advanceMinutes(15);
      const response = await me(account.token);
      if (hour < 12 * 4 - 1) expect(response.statusCode).toBe(200);
      else expect(response.statusCode).toBe(403);
    }
  });

  it('recovers a password through a single-use reset link sent by e-mail', async () => {
    const account = await signUp(t.app);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/password-recovery',
      payload: { sEmail: 'nobody@example.test' },
    });
    expect(unknown.statusCode).toBe(202);

    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/password-recovery',
      payload: { sEmail: account.email },
    });
    expect(known.statusCode).toBe(202);
    await vi_waitFor(() => t.emails.length === 1);
    const email = t.emails[0]!;
    expect(email.to).toBe(account.email);
    const resetToken = /\/change-password\/([^/\s]+)\//.exec(email.text)?.[1];
    expect(resetToken).toBeTruthy();

    const change = await t.app.inject({
      method: 'POST',
      url: `/api/v1/en/auth/change-password/${resetToken}`,
      payload: { sPassword: 'New-passw0rd!', sConfirmPassword: 'New-passw0rd!' },
    });
    expect(change.statusCode).toBe(204);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, 'New-passw0rd!')).statusCode).toBe(200);
    // The old session ended with the old password.
    expect((await me(account.token)).statusCode).toBe(403);

    const reuse = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sp/auth/change-password/${resetToken}`,
      payload: { sPassword: 'Other-passw0rd!', sConfirmPassword: 'Other-passw0rd!' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse)).toMatchObject({ code: 'RESET_LINK_INVALID' });
  });

  it('refuses an expired reset link', async () => {
    const account = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/password-recovery',
      payload: { sEmail: account.email },
    });
    await vi_waitFor(() => t.emails.length === 1);
    const resetToken = /\/change-password\/([^/\s]+)\//.exec(t.emails[0]!.text)?.[1];
    t.clock.advanceMinutes(61);
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/v1/en/auth/change-password/${resetToken}`,
      payload: { sPassword: 'New-passw0rd!', sConfirmPassword: 'New-passw0rd!' },
    });
    expect(change.statusCode).toBe(400);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('never writes passwords or tokens to the log', async () => {
    const account = await signUp(t.app);
    await login(account.email, 'Wrong-password-1');
    await me(account.token);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/change-password/some-reset-token-value',
      payload: { sPassword: 'New-passw0rd!', sConfirmPassword: 'New-passw0rd!' },
    });
    const log = t.logs.join('\n');
    expect(log).toContain('/auth/login');
    expect(log).not.toContain(account.password);
    expect(log).not.toContain('Wrong-password-1');
    expect(log).not.toContain(account.token);
    expect(log).not.toContain('some-reset-token-value');
  });
});

async function vi_waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`the session cache on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp({ SESSION_CACHE_MS: '2000' });
  });
  afterEach(async () => {
    await t.close();
  });

  async function revokeInSql() {
    await t.db.updateTable('sessions').set({ revoked_at: t.clock.now() }).execute();
  }

  it('reuses a resolved session for 2 s, so a revocation made elsewhere shows within that', async () => {
    const account = await signUp(t.app);
    expect((await me(account.token)).statusCode).toBe(200);
    await revokeInSql();
    // Read 0 s ago: another process's revocation is not seen yet...
    expect((await me(account.token)).statusCode).toBe(200);
    t.clock.advanceSeconds(2);
    // ...and is once the entry is 2 s old.
    expect((await me(account.token)).statusCode).toBe(403);
  });

  it('ends at once what this process revokes: logout and a password reset', async () => {
    const account = await signUp(t.app);
    expect((await me(account.token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/logout',
      headers: bearer(account.token),
    });
    expect(logout.statusCode).toBe(204);
    expect((await me(account.token)).statusCode).toBe(403);

    const second = await login(account.email, account.password);
    const token = json<{ token: string }>(second).token;
    expect((await me(token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/password-recovery',
      payload: { sEmail: account.email },
    });
    await vi_waitFor(() => t.emails.length === 1);
    const resetToken = /\/change-password\/([^/\s]+)\//.exec(t.emails[0]!.text)?.[1];
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/v1/en/auth/change-password/${resetToken}`,
      payload: { sPassword: 'New-passw0rd!', sConfirmPassword: 'New-passw0rd!' },
    });
    expect(change.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(403);
  });

  it('still ends a cached session at its idle and absolute deadlines', async () => {
    const account = await signUp(t.app);
    t.clock.advanceMinutes(29);
    expect((await me(account.token)).statusCode).toBe(200);
    // Touched at minute 29 (in the database and in the cache): 30 more minutes idle end it.
    t.clock.advanceMinutes(30);
    expect((await me(account.token)).statusCode).toBe(403);
  });
});
