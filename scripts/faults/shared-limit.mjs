// Limits shared by replicas: two server processes on one PostgreSQL database. The public
// rate limit (its counts in rate_limit_hits) and the login failure limit (attempt_limits)
// hold for the pair, not for each process.
import { call, createPgDatabase, signupBody, startServer } from './lib.mjs';

export async function runSharedLimits(t) {
  const database = await createPgDatabase('faults_limits');
  const limit = 12;
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    PUBLIC_AUTH_RATE_LIMIT: String(limit),
  };
  const servers = [];
  try {
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const [a, b] = servers;
    // Login failures of one account, alternating between the processes:
    // after the 3 free failures the next attempt must wait (429), whichever process answers.
    // The 4th goes to the process that saw only one failure itself: its 429 proves the count
    // is shared.
    const body = signupBody('shared');
    const signup = await call(a.base, 'POST', 'auth/signup/customer', { body });
    t.check('shared limits: signup', signup.status === 201, String(signup.status));
    const failures = [];
    for (let i = 0; i < 11; i += 1) {
      const server = i % 2 === 0 ? a : b;
      const answer = await call(server.base, 'POST', 'auth/login', {
        body: { sEmail: body.sEmail, sPassword: 'Wrong-pass-1' },
      });
      failures.push(answer.status);
    }
    t.check(
      'shared limits: 3 free login failures over two processes, then 429 on both until the delay passes',
      failures.slice(0, 3).every((s) => s === 401) && failures.slice(3).every((s) => s === 429),
      failures.join(','),
    );
    // The public limit: `limit` logins a minute from this address across both processes.
    // The 11 above count: one more is let through, then every one is refused on both (each
    // process on its own would have seen 6 or 7 and let all through).
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      for (const server of servers) {
        const answer = await call(server.base, 'POST', 'auth/login', {
          body: { sEmail: `nobody${i}@example.test`, sPassword: 'Wrong-pass-1' },
        });
        statuses.push(answer.status);
      }
    }
    t.check(
      `shared limits: the public limit (${limit}/min) holds for both processes together`,
      statuses[0] === 401 && statuses.slice(1).every((s) => s === 429),
      statuses.join(','),
    );
  } catch (error) {
    t.check('shared limits run', false, String(error));
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}
