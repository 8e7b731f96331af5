import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestApp, json, signUp, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { createMailTransport, MailService } from '../mail/mail.service.js';
import { SENT_BODY } from '../mail/mail.repository.js';
import { AuthService, type AuthSettings } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';
import { hashToken } from './tokens.js';

let t: TestApp;

function recover(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/password-recovery',
    payload: { sEmail: email },
  });
}

function changePassword(token: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/en/auth/change-password/${token}`,
    payload: { sPassword: password, sConfirmPassword: password },
  });
}

function login(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    payload: { sEmail: email, sPassword: password },
  });
}

function tokensSentTo(email: string): string[] {
  return t.emails
    .filter((mail) => mail.to === email)
    .map((mail) => /\/change-password\/([^/\s]+)\//.exec(mail.text)?.[1] ?? '');
}

describe(`password recovery links on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('voids every other outstanding link of the user once one is used', async () => {
    const account = await signUp(t.app);
    expect((await recover(account.email)).statusCode).toBe(202);
    expect((await recover(account.email)).statusCode).toBe(202);
    await expect.poll(() => tokensSentTo(account.email).length).toBe(2);
    const [older, newer] = tokensSentTo(account.email);
    expect((await changePassword(newer!, 'Newer-passw0rd!')).statusCode).toBe(204);
    const stale = await changePassword(older!, 'Older-passw0rd!');
    expect(stale.statusCode).toBe(400);
    expect(json(stale)).toMatchObject({ code: 'RESET_LINK_INVALID' });
    expect((await login(account.email, 'Older-passw0rd!')).statusCode).toBe(401);
    expect((await login(account.email, 'Newer-passw0rd!')).statusCode).toBe(200);
  });

  it('keeps only the token hash and clears the e-mail body from the outbox once sent', async () => {
    const account = await signUp(t.app);
    await recover(account.email);
    await expect.poll(() => tokensSentTo(account.email).length).toBe(1);
    const [token] = tokensSentTo(account.email);
    await expect
      .poll(async () => {
        const row = await t.db
          .selectFrom('outbox_emails')
          .select(['body_text', 'sent_at'])
          .where('to_address', '=', account.email)
          .executeTakeFirstOrThrow();
        return row.sent_at !== null ? row.body_text : 'pending';
      })
      .toBe(SENT_BODY);
    const resets = await t.db.selectFrom('password_resets').selectAll().execute();
    expect(resets.map((row) => row.token_hash)).toEqual([hashToken(token!)]);
    const everything = JSON.stringify(await t.db.selectFrom('outbox_emails').selectAll().execute());
    expect(everything).not.toContain(token!);
    expect(t.logs.join('\n')).not.toContain(token!);
  });

  it('throttles recovery per address in the database: 20 requests at once queue 3 e-mails', async () => {
    const account = await signUp(t.app);
    const other = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => recover(account.email)));
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    // An unknown address is throttled the same way, and another address is not held back.
    await Promise.all(Array.from({ length: 5 }, () => recover('nobody@example.test')));
    expect((await recover(other.email)).statusCode).toBe(202);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await expect.poll(() => tokensSentTo(other.email).length).toBe(1);
    await expect.poll(() => tokensSentTo(account.email).length).toBe(3);
    const recorded = await t.db
      .selectFrom('password_recovery_requests')
      .select(['email'])
      .execute();
    expect(recorded.filter((row) => row.email === account.email)).toHaveLength(3);
    expect(recorded.filter((row) => row.email === 'nobody@example.test')).toHaveLength(3);
    const resets = await t.db
      .selectFrom('password_resets')
      .select('id')
      .where('user_id', '=', account.userId)
      .execute();
    expect(resets).toHaveLength(3);
    // The window passes.
    t.clock.advanceMinutes(61);
    await recover(account.email);
    await expect.poll(() => tokensSentTo(account.email).length).toBe(4);
  });

  it('answers a known and an unknown address with the same statements', async () => {
    const account = await signUp(t.app);
    const statements: string[] = [];
    const recording: KyselyPlugin = {
      transformQuery({ node }) {
        // The statement's shape, with its values left out.
        const withoutValues = (key: string, value: unknown): unknown => {
          if (key === 'value') return '?';
          if (
            key === 'values' &&
            Array.isArray(value) &&
            value.every((v) => typeof v !== 'object' || v === null || v instanceof Date)
          ) {
            return value.map(() => '?');
          }
          return value;
        };
        statements.push(JSON.stringify(node, withoutValues));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const db = t.db.withPlugin(recording);
    const settings: AuthSettings = {
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      resetTokenTtlMinutes: 60,
      maxFailuresPerAccount: 10,
      maxFailuresPerIp: 100,
      failureWindowMinutes: 15,
      recoveryMaxPerAddress: 3,
      recoveryWindowMinutes: 60,
      publicUrl: 'http://localhost',
      sessionCacheMs: 0,
    };
    const mail = new MailService(db, { send: async () => {} }, t.app.log, t.clock.now);
    const auth = new AuthService(db, new PasswordHasher(10), mail, settings, t.clock.now);
    expect(await auth.requestPasswordReset({ sEmail: account.email })).toBe(true);
    const known = statements.splice(0);
    expect(await auth.requestPasswordReset({ sEmail: 'nobody@example.test' })).toBe(true);
    const unknown = statements.splice(0);
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    // Nothing about the account is read on the way to the answer.
    expect(known.join('\n')).not.toContain('"users"');
  });
});

describe('e-mail links in the log', () => {
  function fakeLog() {
    const lines: Array<{ level: string; text: string }> = [];
    const at =
      (level: string) =>
      (...args: unknown[]) =>
        void lines.push({ level, text: args.map((arg) => JSON.stringify(arg)).join(' ') });
    const log = { info: at('info'), warn: at('warn') } as unknown as FastifyBaseLogger;
    return { log, lines };
  }

  it('prints e-mails only without SMTP, and says so at start-up', async () => {
    const without = fakeLog();
    const logTransport = createMailTransport({ from: 'x <x@x.test>' }, without.log);
    expect(without.lines).toHaveLength(1);
    expect(without.lines[0]).toMatchObject({ level: 'warn' });
    expect(without.lines[0]!.text).toMatch(/No SMTP_URL.*written to this log/);
    await logTransport.send({
      to: 'a@b.test',
      subject: 's',
      text: 'https://x/change-password/T0KEN/',
    });
    expect(without.lines[1]!.text).toContain('T0KEN');

    const withSmtp = fakeLog();
    createMailTransport(
      { smtpUrl: 'smtp://mail.example.test:587', from: 'x <x@x.test>' },
      withSmtp.log,
    );
    expect(withSmtp.lines).toHaveLength(1);
    expect(withSmtp.lines[0]!.text).toMatch(/SMTP; links are never written to the log/);
  });
});
