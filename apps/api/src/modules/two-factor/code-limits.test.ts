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

type Account = Awaited<ReturnType<typeof signUp>>;

function call(
  account: { token: string },
  method: 'POST' | 'PUT',
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/v1/en/${path}`,
    headers: { ...bearer(account.token), ...headers },
    payload: body,
  });
}

/** The code an authenticator app shows at the test clock's time, `stepsAhead` steps on. */
function codeAt(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + stepsAhead * 30 });
}

/** A six-digit code that is none of the ones valid now (the current step and its neighbours). */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-1, 0, 1].map((step) => codeAt(secret, step))));
  for (let n = 0; ; n += 1) {
    const code = String(123456 + n * 7919).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function enableTotp(account: Account): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(account, 'POST', 'auth/2fa/setup', {});
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = json<{ sSecret: string }>(setup).sSecret;
  const enabled = await call(account, 'POST', 'auth/2fa/enable', { sCode: await codeAt(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: json<{ recoveryCodes: string[] }>(enabled).recoveryCodes };
}

function lockEmails(account: Account) {
  return t.emails.filter((sent) => sent.to === account.email && /locked/.test(sent.subject));
}

function codeOf(response: LightMyRequestResponse): string {
  return json<{ code: string }>(response).code;
}

interface CodePath {
  name: string;
  /** Sends `code` where this path asks for one. */
  send(account: Account, code: string): Promise<LightMyRequestResponse>;
  /** The status of a right code. */
  ok: number;
  /** The login's own limit lets fewer concurrent guesses through than the code's. */
  concurrentChecked: number;
}

const PATHS: CodePath[] = [
  {
    name: 'the login second step',
    send: (account, code) => {
      // The login's per-account delay (3 free failures, then 1 s, 2 s, 4 s) is not what is
      // tested here: wait it out before each attempt.
      t.clock.advanceSeconds(8);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/en/auth/login',
        payload: { sEmail: account.email, sPassword: account.password, sTotp: code },
      });
    },
    ok: 200,
    concurrentChecked: 3,
  },
  {
    name: 'turning the second factor off',
    send: (account, code) => call(account, 'POST', 'auth/2fa/disable', { sCode: code }),
    ok: 204,
    concurrentChecked: 5,
  },
  {
    name: 'new recovery codes',
    send: (account, code) => call(account, 'POST', 'auth/2fa/recovery-codes', { sCode: code }),
    ok: 200,
    concurrentChecked: 5,
  },
  {
    name: 'the step-up before a bank change',
    send: (account, code) =>
      call(
        account,
        'POST',
        'payment-recipient/',
        {
          sName: 'Agrícola del Valle',
          sEmail: 'pagos@agricolavalle.mx',
          sBankName: 'BBVA MEXICO',
          sAccountNumber: '032180000118359719',
          sEntityBusiness: 'COMPANY',
          sTaxId: 'SAT970701NN3',
        },
        { 'x-totp-code': code },
      ),
    ok: 201,
    concurrentChecked: 5,
  },
];

describe(`wrong second-factor codes on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  for (const path of PATHS) {
    it(`lock ${path.name} after 5, tell the user, and let 60 at once check at most 5`, async () => {
      const user = await signUp(t.app);
      const { secret } = await enableTotp(user);

      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await path.send(user, await wrongCode(secret));
        expect(wrong.statusCode, wrong.body).toBe(401);
        expect(codeOf(wrong)).toBe('TOTP_INVALID');
      }
      // The sixth is refused unchecked, even the right code.
      const locked = await path.send(user, await codeAt(secret, 1));
      expect(locked.statusCode, locked.body).toBe(429);
      expect(codeOf(locked)).toBe('TOTP_LOCKED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      await expect.poll(() => lockEmails(user).length).toBe(1);
      expect(lockEmails(user)[0]!.text).toContain('change your password');

      t.clock.advanceMinutes(15);
      const after = await path.send(user, await codeAt(secret));
      expect(after.statusCode, after.body).toBe(path.ok);

      // 60 wrong codes at once: at most the limit are checked, the rest refused unchecked.
      const other = await signUp(t.app);
      const otherSecret = (await enableTotp(other)).secret;
      const wrong = await wrongCode(otherSecret);
      t.clock.advanceSeconds(8);
      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          path.name.startsWith('the login')
            ? t.app.inject({
                method: 'POST',
                url: '/api/v1/en/auth/login',
                payload: { sEmail: other.email, sPassword: other.password, sTotp: wrong },
              })
            : path.send(other, wrong),
        ),
      );
      const checked = answers.filter((answer) => answer.statusCode === 401);
      expect(checked.map(codeOf).every((code) => code === 'TOTP_INVALID')).toBe(true);
      expect(checked.length).toBe(path.concurrentChecked);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(
        60 - path.concurrentChecked,
      );
      if (path.concurrentChecked === 5) {
        await expect.poll(() => lockEmails(other).length).toBe(1);
      }
    });
  }

  it('forgets wrong codes after a right one, and counts recovery codes and the setup code too', async () => {
    const user = await signUp(t.app);
    // Confirming a new secret is a code check like any other.
    const setup = await call(user, 'POST', 'auth/2fa/setup', {});
    const secret = json<{ sSecret: string }>(setup).sSecret;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const wrong = await call(user, 'POST', 'auth/2fa/enable', { sCode: await wrongCode(secret) });
      expect(codeOf(wrong)).toBe('TOTP_INVALID');
    }
    const enabled = await call(user, 'POST', 'auth/2fa/enable', { sCode: await codeAt(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = json<{ recoveryCodes: string[] }>(enabled);

    // The right code cleared the four: four more wrong ones (recovery codes) are still 401.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const wrong = await call(user, 'POST', 'auth/2fa/recovery-codes', { sCode: 'aaaaa-bbbbb' });
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    const renewed = await call(user, 'POST', 'auth/2fa/recovery-codes', {
      sCode: recoveryCodes[0]!,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(lockEmails(user)).toHaveLength(0);
  });
});
