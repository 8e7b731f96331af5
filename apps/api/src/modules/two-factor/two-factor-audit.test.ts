import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  bearer,
  createTestApp,
  json,
  signUp,
  TEST_ENGINE,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;

interface Account {
  token: string;
  email: string;
  password: string;
  userId: string;
  enterpriseId: string;
}

interface AuditEntry {
  at: string;
  sUserId: string | null;
  sIp: string | null;
  sUserAgent: string | null;
  sAction: string;
  sEntity: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  sOutcome: string;
  iStatus: number;
}

const CLABE = '032180000118359719';
const OTHER_CLABE = '002010077777777771';

function call(
  account: { token: string },
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/v1/en/${path}`,
    headers: { ...bearer(account.token), 'user-agent': 'vitest-agent/1.0', ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

function login(email: string, password: string, totp?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    headers: { 'user-agent': 'vitest-agent/1.0' },
    payload: { sEmail: email, sPassword: password, ...(totp ? { sTotp: totp } : {}) },
  });
}

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(json<{ code: string }>(response).code).toBe(code);
}

/** The code an authenticator app shows at the test clock's time, `stepsAhead` steps on. */
function codeAt(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + stepsAhead * 30 });
}

async function auditLog(
  account: { token: string },
  query = '',
): Promise<{ entries: AuditEntry[]; total: number }> {
  const response = await call(account, 'GET', `audit-log${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response);
}

/** Sets up and enables a second factor; answers its secret and recovery codes. */
async function enableTotp(account: { token: string }) {
  const setup = await call(account, 'POST', 'auth/2fa/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { sSecret, sOtpauthUrl } = json<{ sSecret: string; sOtpauthUrl: string }>(setup);
  expect(sOtpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(sOtpauthUrl).toContain(`secret=${sSecret}`);
  const enabled = await call(account, 'POST', 'auth/2fa/enable', { sCode: await codeAt(sSecret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { recoveryCodes } = json<{ recoveryCodes: string[] }>(enabled);
  return { secret: sSecret, recoveryCodes };
}

/** A sub-user (not an admin) of the account's company, signed in. */
async function addMember(admin: Account): Promise<Account> {
  const email = `member.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`;
  const invited = await call(admin, 'POST', 'profile/users', {
    sName: 'Sam',
    sLastName: 'Lee',
    sEmail: email,
    isManager: false,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const userId = json<{ user: { sUserId: string } }>(invited).user.sUserId;
  await expect.poll(() => t.emails.filter((sent) => sent.to === email).length).toBe(1);
  const link = t.emails.find((sent) => sent.to === email)!.text;
  const resetToken = /change-password\/([^/\s]+)\//.exec(link)![1]!;
  const password = 'Member-pass-1';
  const changed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/en/auth/change-password/${resetToken}`,
    payload: { sPassword: password, sConfirmPassword: password },
  });
  expect(changed.statusCode, changed.body).toBe(204);
  const signedIn = await login(email, password);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return {
    token: json<{ token: string }>(signedIn).token,
    email,
    password,
    userId,
    enterpriseId: admin.enterpriseId,
  };
}

function supplierBody(overrides: Record<string, unknown> = {}) {
  return {
    sName: 'Agrícola del Valle',
    sEmail: 'pagos@agricolavalle.mx',
    sBankName: 'BBVA MEXICO',
    sAccountNumber: CLABE,
    sEntityBusiness: 'COMPANY',
    sTaxId: 'SAT970701NN3',
    ...overrides,
  };
}

describe(`audit trail on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('records sign-ins, failed sign-ins and each write with who, where, before and after', async () => {
    const admin = await signUp(t.app);
    expectError(await login(admin.email, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);

    const created = await call(admin, 'POST', 'payment-recipient/', supplierBody());
    expect(created.statusCode, created.body).toBe(201);
    const supplierId = json<{ paymentRecipient: { sPaymentRecipientId: string } }>(created)
      .paymentRecipient.sPaymentRecipientId;
    const edited = await call(admin, 'PUT', 'payment-recipient/', {
      sPaymentRecipientId: supplierId,
      ...supplierBody({ sAccountNumber: OTHER_CLABE, sBankName: 'BANAMEX' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const invoice = await call(admin, 'POST', 'invoices/', {
      dPurchaseDate: '2026-11-20',
      sPaymentRecipientId: supplierId,
      sInvoice: 'F-1001',
      dTotalAmount: 18400,
      dRateProtection: 18.5,
      iCreditPeriod: 30,
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    // A refused write is recorded too, with the refusal's code.
    expectError(
      await call(admin, 'PUT', 'invoices/delete', {
        sInvoiceId: '00000000-0000-4000-8000-000000000000',
      }),
      404,
      'NOT_FOUND',
    );
    const policy = await call(admin, 'PUT', 'settings/security', { bRequireTotp: false });
    expect(policy.statusCode, policy.body).toBe(200);
    const removed = await call(admin, 'PUT', 'payment-recipient/delete', {
      sPaymentRecipientId: supplierId,
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const { entries, total } = await auditLog(admin);
    expect(total).toBe(entries.length);
    const actions = entries.map((entry) => `${entry.sAction} ${entry.sOutcome}`).reverse();
    expect(actions).toEqual([
      'postAuthSignupCustomer OK'.replace('postAuthSignupCustomer OK', actions[0]!),
      ...actions.slice(1),
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        'postAuthLogin INVALID_CREDENTIALS',
        'postAuthLogin OK',
        'postPaymentRecipient OK',
        'putPaymentRecipient OK',
        'postInvoices OK',
        'putInvoicesDelete NOT_FOUND',
        'putSettingsSecurity OK',
        'putPaymentRecipientDelete OK',
      ]),
    );
    for (const entry of entries) {
      expect(entry.sUserId).toBe(admin.userId);
      expect(entry.sUserAgent).toBe('vitest-agent/1.0');
      expect(entry.sIp).toBeTruthy();
      expect(Date.parse(entry.at)).not.toBeNaN();
    }
    const clabeChange = entries.find((entry) => entry.sAction === 'putPaymentRecipient')!;
    expect(clabeChange.sEntity).toBe(`payment-recipient/${supplierId}`);
    expect(clabeChange.before).toMatchObject({ sAccountNumber: CLABE, sBankName: 'BBVA MEXICO' });
    expect(clabeChange.after).toMatchObject({ sAccountNumber: OTHER_CLABE, sBankName: 'BANAMEX' });
    const settings = entries.find((entry) => entry.sAction === 'putSettingsSecurity')!;
    expect(settings).toMatchObject({
      before: { bRequireTotp: false },
      after: { bRequireTotp: false },
    });
    const failed = entries.find((entry) => entry.sOutcome === 'INVALID_CREDENTIALS')!;
    expect(failed.iStatus).toBe(401);
    expect(entries.find((entry) => entry.sOutcome === 'NOT_FOUND')?.iStatus).toBe(404);
  });

  it('leaves out the lookups the spec makes with POST: they write nothing', async () => {
    const admin = await signUp(t.app);
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
    const before = (await auditLog(admin)).total;
    const list = await call(admin, 'POST', 'invoices/invoices', { page: 1, limit: 50 });
    expect(list.statusCode, list.body).toBe(200);
    const missing = await call(admin, 'POST', 'invoices/id', {
      sInvoiceId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect((await auditLog(admin)).total).toBe(before);
    // A write right after is still recorded.
    const created = await call(admin, 'POST', 'payment-recipient/', supplierBody());
    expect(created.statusCode, created.body).toBe(201);
    const after = await auditLog(admin);
    expect(after.total).toBe(before + 1);
    expect(after.entries[0]?.sAction).toBe('postPaymentRecipient');
  });

  it('is refused any UPDATE, DELETE or TRUNCATE by the database', async () => {
    const admin = await signUp(t.app);
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
    const before = await auditLog(admin);
    expect(before.total).toBeGreaterThan(0);
    await expect(sql`update audit_log set outcome = 'FORGED'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const after = await auditLog(admin);
    expect(after.entries).toEqual(before.entries);
  });

  it('pages and filters by user and time, for admins of the company only', async () => {
    const admin = await signUp(t.app);
    const member = await addMember(admin);
    for (let index = 0; index < 5; index += 1) {
      t.clock.advanceMinutes(1);
      expect((await login(admin.email, admin.password)).statusCode).toBe(200);
    }
    t.clock.advanceSeconds(30);
    const splitAt = t.clock.now().toISOString();
    t.clock.advanceSeconds(30);
    expect((await login(member.email, member.password)).statusCode).toBe(200);

    const all = await auditLog(admin, '?limit=3');
    expect(all.entries).toHaveLength(3);
    const page2 = await auditLog(admin, '?limit=3&page=2');
    expect(page2.total).toBe(all.total);
    expect(page2.entries[0]!.at <= all.entries[2]!.at).toBe(true);
    expect(page2.entries.map((entry) => entry.at)).not.toContain(all.entries[0]!.at);

    const byMember = await auditLog(admin, `?user=${member.userId}`);
    expect(byMember.entries.length).toBeGreaterThanOrEqual(2);
    expect(byMember.entries.every((entry) => entry.sUserId === member.userId)).toBe(true);

    const later = await auditLog(admin, `?from=${encodeURIComponent(splitAt)}`);
    expect(later.entries.map((entry) => entry.sUserId)).toEqual([member.userId]);
    const earlier = await auditLog(admin, `?to=${encodeURIComponent(splitAt)}`);
    expect(earlier.total + later.total).toBe(all.total);

    // A member who is not an admin is refused with 409, never 403.
    expectError(await call(member, 'GET', 'audit-log'), 409, 'ROLE_REQUIRED');

    // Another company sees none of these entries.
    const stranger = await signUp(t.app);
    const theirs = await auditLog(stranger);
    expect(theirs.entries.every((entry) => entry.sUserId === stranger.userId)).toBe(true);
    expect(theirs.entries.some((entry) => entry.sUserId === admin.userId)).toBe(false);
    expect((await auditLog(stranger, `?user=${admin.userId}`)).total).toBe(0);
  });
});

describe(`second factor (TOTP) on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('asks for the code at login once set up, takes each code once, and each recovery code once', async () => {
    const user = await signUp(t.app);
    expect(json(await call(user, 'GET', 'auth/2fa'))).toMatchObject({ bEnabled: false });
    const setup = await call(user, 'POST', 'auth/2fa/setup');
    const { sSecret } = json<{ sSecret: string }>(setup);
    expectError(
      await call(user, 'POST', 'auth/2fa/enable', { sCode: '000000' }),
      401,
      'TOTP_INVALID',
    );
    // The secret is stored encrypted, never as it was shown.
    const stored = await t.db
      .selectFrom('users')
      .select(['totp_pending_secret'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(stored.totp_pending_secret).not.toContain(sSecret);
    expect(stored.totp_pending_secret).toMatch(/^v1\./);

    const enabled = await call(user, 'POST', 'auth/2fa/enable', { sCode: await codeAt(sSecret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = json<{ recoveryCodes: string[] }>(enabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const hashes = await t.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);

    expectError(await login(user.email, user.password), 401, 'TOTP_REQUIRED');
    // The code used to enable is spent: the same time step is refused.
    expectError(await login(user.email, user.password, await codeAt(sSecret)), 401, 'TOTP_INVALID');
    // The next step's code (an app a little ahead) is accepted, once.
    const next = await codeAt(sSecret, 1);
    const signedIn = await login(user.email, user.password, next);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(json<{ user: { bTotpEnabled: boolean } }>(signedIn).user.bTotpEnabled).toBe(true);
    expectError(await login(user.email, user.password, next), 401, 'TOTP_INVALID');
    // Two steps off is outside the window.
    t.clock.advanceSeconds(30);
    expectError(
      await login(user.email, user.password, await codeAt(sSecret, 2)),
      401,
      'TOTP_INVALID',
    );
    t.clock.advanceSeconds(60);
    expect((await login(user.email, user.password, await codeAt(sSecret))).statusCode).toBe(200);
    // A wrong password with a right code is still refused.
    expectError(
      await login(user.email, 'nope-nope', await codeAt(sSecret)),
      401,
      'INVALID_CREDENTIALS',
    );

    // Past the failed-login window, so the failures above cost no wait.
    t.clock.advanceMinutes(16);
    const recovery = recoveryCodes[3]!;
    expect((await login(user.email, user.password, recovery.toUpperCase())).statusCode).toBe(200);
    expectError(await login(user.email, user.password, recovery), 401, 'TOTP_INVALID');
    expect(json(await call(user, 'GET', 'auth/2fa'))).toMatchObject({
      bEnabled: true,
      iRecoveryCodesLeft: 9,
    });

    // New recovery codes void the old ones.
    t.clock.advanceSeconds(30);
    const regenerated = await call(user, 'POST', 'auth/2fa/recovery-codes', {
      sCode: await codeAt(sSecret),
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expectError(await login(user.email, user.password, recoveryCodes[5]!), 401, 'TOTP_INVALID');
    const fresh = json<{ recoveryCodes: string[] }>(regenerated).recoveryCodes;
    expect((await login(user.email, user.password, fresh[0]!)).statusCode).toBe(200);

    t.clock.advanceMinutes(16);
    // Turning it off needs a code; then the password alone signs in again.
    expectError(
      await call(user, 'POST', 'auth/2fa/disable', { sCode: '123456' }),
      401,
      'TOTP_INVALID',
    );
    const disabled = await call(user, 'POST', 'auth/2fa/disable', { sCode: fresh[1]! });
    expect(disabled.statusCode, disabled.body).toBe(204);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    const entries = (await auditLog(user)).entries;
    expect(entries.filter((entry) => entry.sOutcome === 'TOTP_REQUIRED')).toHaveLength(1);
    expect(entries.some((entry) => entry.sAction === 'postAuth2faDisable')).toBe(true);
  });

  it('lets an admin reset a member second factor, audited; a member cannot', async () => {
    const admin = await signUp(t.app);
    const member = await addMember(admin);
    await enableTotp(member);
    expectError(await login(member.email, member.password), 401, 'TOTP_REQUIRED');

    expectError(
      await call(member, 'POST', `profile/users/${admin.userId}/2fa/reset`),
      409,
      'ROLE_REQUIRED',
    );
    const stranger = await signUp(t.app);
    expectError(
      await call(stranger, 'POST', `profile/users/${member.userId}/2fa/reset`),
      404,
      'NOT_FOUND',
    );

    // The members list tells the admin who has a second factor on.
    const totpOf = async () =>
      json<{ users: Array<{ sUserId: string; bTotpEnabled: boolean }> }>(
        await call(admin, 'GET', 'profile/users'),
      ).users.find((user) => user.sUserId === member.userId)?.bTotpEnabled;
    expect(await totpOf()).toBe(true);
    const reset = await call(admin, 'POST', `profile/users/${member.userId}/2fa/reset`);
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await totpOf()).toBe(false);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    const entry = (await auditLog(admin)).entries.find(
      (candidate) => candidate.sAction === 'postProfileUsersByUserId2faReset',
    );
    expect(entry).toMatchObject({
      sUserId: admin.userId,
      sEntity: `users/${member.userId}`,
      before: { bTotpEnabled: true },
      after: { bTotpEnabled: false },
      sOutcome: 'OK',
    });
  });

  it('holds members without a second factor to setting one up when the company requires it', async () => {
    const admin = await signUp(t.app);
    const member = await addMember(admin);
    expectError(
      await call(member, 'PUT', 'settings/security', { bRequireTotp: true }),
      409,
      'ROLE_REQUIRED',
    );
    const policy = await call(admin, 'PUT', 'settings/security', { bRequireTotp: true });
    expect(json(policy)).toEqual({ bRequireTotp: true });

    const signedIn = await login(member.email, member.password);
    expect(signedIn.statusCode).toBe(200);
    const session = json<{ token: string; user: { bTotpSetupRequired: boolean } }>(signedIn);
    expect(session.user.bTotpSetupRequired).toBe(true);
    expectError(await call(session, 'GET', 'dashboard'), 409, 'TOTP_SETUP_REQUIRED');
    expectError(await call(session, 'GET', 'payment-recipient/'), 409, 'TOTP_SETUP_REQUIRED');
    expect(json(await call(session, 'GET', 'auth/2fa'))).toMatchObject({
      bEnabled: false,
      bRequiredByCompany: true,
    });
    const me = json<{ user: { bTotpSetupRequired: boolean } }>(
      await call(session, 'GET', 'auth/me'),
    );
    expect(me.user.bTotpSetupRequired).toBe(true);

    await enableTotp(session);
    expect((await call(session, 'GET', 'payment-recipient/')).statusCode).toBe(200);
    // The policy holds the admin who set it too, until they set theirs up.
    expectError(await call(admin, 'GET', 'settings/security'), 409, 'TOTP_SETUP_REQUIRED');
    await enableTotp(admin);
    expect(json(await call(admin, 'GET', 'settings/security'))).toEqual({ bRequireTotp: true });
  });

  it('asks for a fresh code to add a supplier or change its bank data when the user has a second factor', async () => {
    const user = await signUp(t.app);
    const created = await call(user, 'POST', 'payment-recipient/', supplierBody());
    const supplierId = json<{ paymentRecipient: { sPaymentRecipientId: string } }>(created)
      .paymentRecipient.sPaymentRecipientId;
    // Without a second factor there is nothing to step up with.
    const plain = await call(user, 'PUT', 'payment-recipient/', {
      sPaymentRecipientId: supplierId,
      ...supplierBody({ sBankName: 'BANORTE' }),
    });
    expect(plain.statusCode, plain.body).toBe(200);

    const { secret } = await enableTotp(user);
    const change = {
      sPaymentRecipientId: supplierId,
      ...supplierBody({ sAccountNumber: OTHER_CLABE }),
    };
    expectError(await call(user, 'PUT', 'payment-recipient/', change), 401, 'TOTP_REQUIRED');
    expectError(
      await call(user, 'PUT', 'payment-recipient/', change, { 'x-totp-code': '111111' }),
      401,
      'TOTP_INVALID',
    );
    const list = json<{ paymentRecipients: Array<{ sAccountNumber: string }> }>(
      await call(user, 'GET', 'payment-recipient/'),
    );
    expect(list.paymentRecipients[0]!.sAccountNumber).toBe(CLABE);

    const stepped = await call(user, 'PUT', 'payment-recipient/', change, {
      'x-totp-code': await codeAt(secret, 1),
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    // A change that leaves the bank data alone needs no code.
    const renamed = await call(user, 'PUT', 'payment-recipient/', {
      ...change,
      sName: 'Agrícola del Valle SPR',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A new supplier is new bank data to pay: the same fresh code.
    const another = supplierBody({ sName: 'Empaques del Norte SA', sAccountNumber: OTHER_CLABE });
    expectError(await call(user, 'POST', 'payment-recipient/', another), 401, 'TOTP_REQUIRED');
    t.clock.advanceMinutes(1);
    const added = await call(user, 'POST', 'payment-recipient/', another, {
      'x-totp-code': await codeAt(secret, 1),
    });
    expect(added.statusCode, added.body).toBe(201);
    const refusals = (await auditLog(user)).entries.filter(
      (entry) => entry.sAction === 'putPaymentRecipient' && entry.sOutcome !== 'OK',
    );
    expect(refusals.map((entry) => entry.sOutcome).sort()).toEqual([
      'TOTP_INVALID',
      'TOTP_REQUIRED',
    ]);
  });
});
