// Wrong second-factor codes across replicas: two server processes on one PostgreSQL
// database. 60 wrong codes sent at once, half to each process, check at most the user's
// limit (5) between them; the rest are refused unchecked (429 TOTP_LOCKED), the right code
// too, and the user gets one e-mail.
import { generate } from 'otplib';
import pg from 'pg';
import { call, createPgDatabase, signupBody, startServer } from './lib.mjs';

const LIMIT = 5;

function codeNow(secret, stepsAhead = 0) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** A six-digit code that is none of the ones valid now. */
async function wrongCode(secret) {
  const valid = new Set(await Promise.all([-1, 0, 1].map((step) => codeNow(secret, step))));
  for (let n = 0; ; n += 1) {
    const code = String(123456 + n * 7919).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

function tally(answers) {
  const count = (status, code) =>
    answers.filter((answer) => answer.status === status && answer.body?.code === code).length;
  return {
    invalid: count(401, 'TOTP_INVALID'),
    locked: count(429, 'TOTP_LOCKED'),
    rateLimited: count(429, 'RATE_LIMITED'),
  };
}

/** Signs a user up on `server` and turns their second factor on; answers token and secret. */
async function userWithSecondFactor(t, server, tag) {
  const body = signupBody(tag);
  const signup = await call(server.base, 'POST', 'auth/signup/customer', { body });
  const token = signup.body?.token;
  const setup = await call(server.base, 'POST', 'auth/2fa/setup', { token });
  const secret = setup.body?.sSecret;
  const enabled = await call(server.base, 'POST', 'auth/2fa/enable', {
    token,
    body: { sCode: await codeNow(secret) },
  });
  t.check(
    `code limits: ${tag} signs up and turns a second factor on`,
    signup.status === 201 && setup.status === 200 && enabled.status === 200,
    `${signup.status} ${setup.status} ${enabled.status} ${JSON.stringify(enabled.body)}`,
  );
  return { body, token, secret };
}

export async function runCodeLimits(t) {
  const database = await createPgDatabase('faults_codes');
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '8',
    SECRETS_KEY: 'a'.repeat(64),
    PUBLIC_AUTH_RATE_LIMIT: '1000',
  };
  const servers = [];
  const client = new pg.Client({ connectionString: database.url });
  try {
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const [a, b] = servers;
    await client.connect();

    // A stolen session guessing the code that turns the second factor off.
    const user = await userWithSecondFactor(t, a, 'codes');
    const wrong = await wrongCode(user.secret);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call((i % 2 ? a : b).base, 'POST', 'auth/2fa/disable', {
          token: user.token,
          body: { sCode: wrong },
        }),
      ),
    );
    const disable = tally(answers);
    t.check(
      `code limits: 60 wrong codes at once over two processes → at most ${LIMIT} checked (401), the rest 429 TOTP_LOCKED (${disable.invalid} / ${disable.locked})`,
      disable.invalid <= LIMIT && disable.invalid + disable.locked === 60,
      JSON.stringify(disable),
    );
    const right = await call(a.base, 'POST', 'auth/2fa/disable', {
      token: user.token,
      body: { sCode: await codeNow(user.secret, 1) },
    });
    const state = await call(b.base, 'GET', 'auth/2fa', { token: user.token });
    t.check(
      'code limits: then the right code too → 429 TOTP_LOCKED, and the factor stays on',
      right.status === 429 && right.body?.code === 'TOTP_LOCKED' && state.body?.bEnabled === true,
      `${right.status} ${right.body?.code} ${JSON.stringify(state.body)}`,
    );
    const { rows } = await client.query(
      `select count(*)::int as n from outbox_emails where to_address = $1 and subject like '%locked%'`,
      [user.body.sEmail],
    );
    t.check('code limits: the user gets one e-mail', rows[0]?.n === 1, String(rows[0]?.n));

    // The login's second step, guessed with the password, across both processes.
    const other = await userWithSecondFactor(t, b, 'codes-login');
    const otherWrong = await wrongCode(other.secret);
    const logins = tally(
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          call((i % 2 ? a : b).base, 'POST', 'auth/login', {
            body: { sEmail: other.body.sEmail, sPassword: other.body.sPassword, sTotp: otherWrong },
          }),
        ),
      ),
    );
    t.check(
      `code limits: 60 logins with a wrong code at once over two processes → at most ${LIMIT} codes checked, the rest 429 (${logins.invalid} / ${logins.locked + logins.rateLimited})`,
      logins.invalid <= LIMIT && logins.invalid + logins.locked + logins.rateLimited === 60,
      JSON.stringify(logins),
    );
  } catch (error) {
    t.check('code limits run', false, String(error));
  } finally {
    await client.end().catch(() => undefined);
    for (const server of servers) await server.stop();
    await database.drop();
  }
}
