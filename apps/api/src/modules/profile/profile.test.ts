import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClabe } from '@app/domain';
import {
  expectError,
  newBuyer,
  newVendor,
  rowCount,
  type Company,
} from '../../test/marketplace-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { BankAnswer, EnterpriseAnswer, UserAnswer } from './profile.service.js';

const PASSWORD = 'Str0ng-pass!'; // signupBody's password

let t: TestApp;

const CLABE = makeClabe('012', '180', '00118359719');

async function login(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    payload: { sEmail: email, sPassword: password },
  });
}

describe(`profiles on ${TEST_ENGINE}`, () => {
  let buyer: Company;
  beforeEach(async () => {
    // Sessions cached for the whole test (its clock stands still): a user changed through
    // the API must still be read again at once, e.g. a deactivated user is out right away.
    t = await createTestApp({ SESSION_CACHE_MS: '60000' });
    buyer = await newBuyer(t);
  });
  afterEach(async () => t.close());

  it('shows and edits the own enterprise only; verification is not the client’s', async () => {
    const own = await buyer.call('GET', `customers/enterprises/${buyer.enterpriseId}`);
    expect(own.statusCode).toBe(200);
    expect(json<{ results: EnterpriseAnswer }>(own).results).toMatchObject({
      sEnterpriseId: buyer.enterpriseId,
      sName: 'Frutas del Norte LLC',
      bVerified: false,
      sType: 'customer',
      sPacaLicense: null,
    });
    const stranger = await newBuyer(t);
    expectError(
      await buyer.call('GET', `customers/enterprises/${stranger.enterpriseId}`),
      404,
      'NOT_FOUND',
    );
    expectError(await buyer.call('GET', 'customers/enterprises/nope'), 404, 'NOT_FOUND');

    const edited = await buyer.call('PUT', 'profile/enterprise', {
      sName: 'Frutas del Norte Holdings LLC',
      sLegalAddress: '100 Main St, McAllen TX',
      sPacaLicense: '20190377',
      sBlueBookNumber: '164820',
      sTaxId: '74-3019283',
      sDescription: '',
      bVerified: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<{ enterprise: EnterpriseAnswer }>(edited).enterprise).toMatchObject({
      sName: 'Frutas del Norte Holdings LLC',
      sPacaLicense: '20190377',
      sBlueBookNumber: '164820',
      sDescription: null,
      bVerified: false,
    });
    expectError(
      await buyer.call('PUT', 'profile/enterprise', { sName: '' }),
      400,
      'INVALID_INPUT',
      'sName',
    );
    expectError(
      await buyer.call('PUT', 'profile/enterprise', { sName: 'X', sPacaLicense: 'x'.repeat(41) }),
      400,
      'INVALID_INPUT',
      'sPacaLicense',
    );
    expect(
      json<{ enterprise: EnterpriseAnswer }>(await buyer.call('GET', 'profile/enterprise'))
        .enterprise.sName,
    ).toBe('Frutas del Norte Holdings LLC');
    expect(
      json<{ results: EnterpriseAnswer }>(
        await stranger.call('GET', `customers/enterprises/${stranger.enterpriseId}`),
      ).results.sName,
    ).toBe('Frutas del Norte LLC');
  });

  it('edits the own user details', async () => {
    const me = json<{ user: UserAnswer }>(await buyer.call('GET', 'profile/me')).user;
    expect(me).toMatchObject({
      sUserId: buyer.userId,
      sName: 'Ana',
      isManager: true,
      bActive: true,
    });
    const edited = await buyer.call('PUT', 'profile/me', {
      sName: 'Ana María',
      sLastName: 'García',
      sPhone: '+1 956 555 0101',
      sJobTitle: 'Buyer',
    });
    expect(json<{ user: UserAnswer }>(edited).user).toMatchObject({
      sName: 'Ana María',
      sJobTitle: 'Buyer',
      sPhone: '+1 956 555 0101',
    });
    expectError(
      await buyer.call('PUT', 'profile/me', { sName: 'Ana', sLastName: '' }),
      400,
      'INVALID_INPUT',
      'sLastName',
    );
  });

  it('invites sub-users who choose their password from the e-mailed link', async () => {
    const email = `sam.${Date.now()}@example.test`;
    const invited = await buyer.call('POST', 'profile/users', {
      sName: 'Sam',
      sLastName: 'Lee',
      sEmail: email.toUpperCase(),
      sJobTitle: 'Receiving clerk',
      isManager: false,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const sam = json<{ user: UserAnswer }>(invited).user;
    expect(sam).toMatchObject({
      sEmail: email,
      sJobTitle: 'Receiving clerk',
      isManager: false,
      bActive: true,
      sRole: 'customer',
    });

    // No password works until the invitee picks one.
    expectError(await login(email, 'anything-at-all'), 401, 'INVALID_CREDENTIALS');
    const outbox = await t.db
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject'])
      .where('to_address', '=', email)
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.subject).toMatch(/Frutas del Norte LLC/);
    // The link reaches the invitee by e-mail; the outbox does not keep it once sent.
    await expect.poll(() => t.emails.filter((sent) => sent.to === email).length).toBe(1);
    const sent = t.emails.find((mail) => mail.to === email);
    const token = /\/change-password\/([^/\s]+)\//.exec(sent?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    await expect
      .poll(async () => {
        const row = await t.db
          .selectFrom('outbox_emails')
          .select('body_text')
          .where('to_address', '=', email)
          .executeTakeFirstOrThrow();
        return row.body_text;
      })
      .not.toContain(token!);
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/v1/en/auth/change-password/${token}`,
      payload: { sPassword: 'Sam-pass-123', sConfirmPassword: 'Sam-pass-123' },
    });
    expect(chosen.statusCode, chosen.body).toBe(204);
    const samLogin = await login(email, 'Sam-pass-123');
    expect(samLogin.statusCode).toBe(200);
    const samToken = json<{ token: string; user: { sEnterpriseId: string; isManager: boolean } }>(
      samLogin,
    );
    expect(samToken.user).toMatchObject({ sEnterpriseId: buyer.enterpriseId, isManager: false });

    // A sub-user without the admin flag reads but does not manage.
    const asSam = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: Record<string, unknown>,
    ) =>
      t.app.inject({
        method,
        url: `/api/v1/en/${url}`,
        headers: { authorization: `Bearer ${samToken.token}` },
        ...(payload ? { payload } : {}),
      });
    expect(json<{ total: number }>(await asSam('GET', 'profile/users')).total).toBe(2);
    expectError(
      await asSam('POST', 'profile/users', {
        sName: 'X',
        sLastName: 'Y',
        sEmail: 'x@example.test',
      }),
      409,
      'ROLE_REQUIRED',
    );
    expectError(
      await asSam('PUT', 'profile/enterprise', { sName: 'Taken over' }),
      409,
      'ROLE_REQUIRED',
    );
    expectError(
      await asSam('PUT', `profile/users/${sam.sUserId}`, { isManager: true }),
      409,
      'ROLE_REQUIRED',
    );
    expect(
      (await asSam('PUT', 'profile/me', { sName: 'Samuel', sLastName: 'Lee' })).statusCode,
    ).toBe(200);

    const users = await rowCount(t, 'users');
    expectError(
      await buyer.call('POST', 'profile/users', { sName: 'Sam', sLastName: 'Two', sEmail: email }),
      409,
      'EMAIL_TAKEN',
      'sEmail',
    );
    expectError(
      await buyer.call('POST', 'profile/users', { sName: 'Sam', sLastName: 'Two', sEmail: 'nope' }),
      400,
      'INVALID_INPUT',
      'sEmail',
    );
    expect(await rowCount(t, 'users')).toBe(users);

    // Managers change access, never their own.
    const promoted = await buyer.call('PUT', `profile/users/${sam.sUserId}`, { isManager: true });
    expect(json<{ user: UserAnswer }>(promoted).user.isManager).toBe(true);
    expectError(
      await buyer.call('PUT', `profile/users/${buyer.userId}`, { bActive: false }),
      409,
      'INVALID_STATE',
      'bActive',
    );
    expectError(
      await buyer.call('PUT', `profile/users/${buyer.userId}`, { isManager: false }),
      409,
      'INVALID_STATE',
      'isManager',
    );
    const off = await buyer.call('PUT', `profile/users/${sam.sUserId}`, { bActive: false });
    expect(json<{ user: UserAnswer }>(off).user.bActive).toBe(false);
    // A deactivated user's session ends and the login is refused.
    expectError(await asSam('GET', 'profile/me'), 403, 'SESSION_EXPIRED');
    expectError(await login(email, 'Sam-pass-123'), 401, 'INVALID_CREDENTIALS');

    const stranger = await newBuyer(t);
    expectError(
      await stranger.call('PUT', `profile/users/${sam.sUserId}`, { bActive: true }),
      404,
      'NOT_FOUND',
    );
    expect(json<{ total: number }>(await stranger.call('GET', 'profile/users')).total).toBe(1);
  });

  it("registers a vendor's bank data with a valid CLABE", async () => {
    const vendor = await newVendor(t);
    expect(json<{ bank: BankAnswer }>(await vendor.call('GET', 'profile/bank')).bank).toEqual({
      sBank_name: null,
      sAccount_number: null,
      sRouting_number: null,
      clabe: null,
      sBank_mxn_account: null,
      dPayoutsHeldUntil: null,
    });
    const body = {
      sBank_name: 'Lone Star Commerce Bank',
      sAccount_number: '004412873309',
      sRouting_number: '111000614',
      clabe: ` ${CLABE} `,
      sBank_mxn_account: 'BBVA MEXICO',
    };
    // Where the company is paid: its password again (it has no second factor).
    expectError(await vendor.call('PUT', 'profile/bank', body), 401, 'PASSWORD_REQUIRED');
    const saved = await vendor.call('PUT', 'profile/bank', { ...body, sPassword: PASSWORD });
    expect(saved.statusCode, saved.body).toBe(200);
    // A first CLABE redirects no money: nothing is held.
    expect(json<{ bank: BankAnswer }>(saved).bank).toEqual({
      ...body,
      clabe: CLABE,
      dPayoutsHeldUntil: null,
    });

    const badCheckDigit = `${CLABE.slice(0, 17)}${(Number(CLABE[17]) + 1) % 10}`;
    expectError(
      await vendor.call('PUT', 'profile/bank', { ...body, clabe: badCheckDigit }),
      400,
      'INVALID_INPUT',
      'clabe',
    );
    expectError(
      await vendor.call('PUT', 'profile/bank', { ...body, clabe: '12345' }),
      400,
      'INVALID_INPUT',
      'clabe',
    );
    expectError(
      await vendor.call('PUT', 'profile/bank', { ...body, sRouting_number: '11100061' }),
      400,
      'INVALID_INPUT',
      'sRouting_number',
    );
    expectError(
      await vendor.call('PUT', 'profile/bank', { ...body, sAccount_number: '12ab' }),
      400,
      'INVALID_INPUT',
      'sAccount_number',
    );
    expectError(
      await vendor.call('PUT', 'profile/bank', { ...body, sBank_mxn_account: '' }),
      400,
      'INVALID_INPUT',
      'sBank_mxn_account',
    );
    expect(json<{ bank: BankAnswer }>(await vendor.call('GET', 'profile/bank')).bank.clabe).toBe(
      CLABE,
    );

    const mexicanOnly = await vendor.call('PUT', 'profile/bank', {
      sPassword: PASSWORD,
      clabe: CLABE,
      sBank_mxn_account: 'BBVA MEXICO',
      sRouting_number: '',
    });
    expect(json<{ bank: BankAnswer }>(mexicanOnly).bank).toMatchObject({
      sRouting_number: null,
      sAccount_number: null,
    });

    expectError(await buyer.call('GET', 'profile/bank'), 404, 'NOT_FOUND');
    expectError(await buyer.call('PUT', 'profile/bank', body), 404, 'NOT_FOUND');
  });
});
