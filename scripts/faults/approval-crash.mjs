// An approval killed halfway: a held pay-now is approved and the server process dies between
// the decision and the money (APPROVAL_FAULT_EXIT=after-decision) or between the money and
// its record (after-run). After a restart the approvals.finish job must finish it: the
// payment made exactly once (EXECUTED), or none and FAILED with a reason; approving again
// never answers 200 for an approval that paid nothing. Checked in the database directly.
import { randomUUID } from 'node:crypto';
import {
  call,
  ledgerViolations,
  newDatabase,
  signupBody,
  sleep,
  startServer,
  supplierBody,
} from './lib.mjs';
import { openDirect } from './crash.mjs';

// PGlite opens its directory anew at each of the four starts; a loaded machine is slow at it.
const start = (env) => startServer(env, { timeoutMs: 180_000 });

async function login(base, body) {
  const answer = await call(base, 'POST', 'auth/login', {
    body: { sEmail: body.sEmail, sPassword: body.sPassword },
  });
  if (answer.status !== 200) throw new Error(`login failed ${answer.status}`);
  return answer.body.token;
}

/** One engine, one fault point. Reports through `t.check`. */
export async function runApprovalCrash(t, engine, point) {
  const label = `approval-crash[${engine}, ${point}]`;
  const { database, env } = await newDatabase(engine, 'faults_approval');
  // A run counts as cut short one second after it began, so the job finishes it at once.
  const baseEnv = { ...env, APPROVAL_RUN_GRACE_SECONDS: '1', PAYOUT_SETTLE_SECONDS: '3600' };
  let server;
  try {
    // Arrange: a company (its ADMIN is the maker), a second user moved into it as APPROVER
    // (the checker), and an operator, set directly in the database.
    server = await start(baseEnv);
    const makerSignup = signupBody('maker');
    const checkerSignup = signupBody('checker');
    const operatorSignup = signupBody('ops');
    const signups = [];
    for (const body of [makerSignup, checkerSignup, operatorSignup]) {
      signups.push(await call(server.base, 'POST', 'auth/signup/customer', { body }));
    }
    if (signups.some((answer) => answer.status !== 201)) throw new Error('signup failed');
    const enterpriseId = signups[0].body.user.sEnterpriseId;
    await server.stop();
    {
      const direct = await openDirect(engine, database.url);
      await direct.query(`update users set role = 'operator' where email = $1`, [
        operatorSignup.sEmail,
      ]);
      await direct.query(
        `update users set enterprise_id = $1, team_role = 'APPROVER', is_manager = false where email = $2`,
        [enterpriseId, checkerSignup.sEmail],
      );
      await direct.close();
    }
    server = await start(baseEnv);
    const maker = await login(server.base, makerSignup);
    const checker = await login(server.base, checkerSignup);
    const ops = await login(server.base, operatorSignup);
    const deposit = await call(server.base, 'POST', 'ops/deposits', {
      token: ops,
      body: { sEnterpriseId: enterpriseId, dAmount: 100_000, sReference: `WIRE-${randomUUID()}` },
    });
    if (deposit.status !== 201) throw new Error(`deposit ${deposit.status}`);
    const supplier = await call(server.base, 'POST', 'payment-recipient/', {
      token: maker,
      body: supplierBody(Math.floor(Math.random() * 1e9)),
    });
    if (supplier.status !== 201) throw new Error(`supplier ${JSON.stringify(supplier.body)}`);
    const settings = await call(server.base, 'PUT', 'team/settings', {
      token: maker,
      body: { dApprovalThresholdUsd: 100, iApprovalExpiryHours: 72, iCoolingOffHours: 24 },
    });
    if (settings.status !== 200) throw new Error(`settings ${settings.status}`);
    const dashboard = await call(server.base, 'GET', 'dashboard', { token: maker });
    const key = randomUUID();
    const concept = `fault approval ${key}`;
    const held = await call(server.base, 'POST', 'payments/sendPayNow', {
      token: maker,
      headers: { 'idempotency-key': key },
      body: {
        dAmount: 500,
        comment: concept,
        sPaymentRecipientId: supplier.body.paymentRecipient.sPaymentRecipientId,
        sExchangeRateReference: dashboard.body.exchangeRateTodayReference,
      },
    });
    t.check(`${label} a pay-now above the threshold is held`, held.status === 202, held.status);
    const approvalId = held.body.approval.sApprovalId;
    await server.stop();

    // Act: the checker approves; the process kills itself at the fault point.
    server = await start({ ...baseEnv, APPROVAL_FAULT_EXIT: point });
    const quote = await call(server.base, 'POST', `approvals/${approvalId}/quote`, {
      token: checker,
    });
    let died = false;
    try {
      await call(server.base, 'POST', `approvals/${approvalId}/approve`, {
        token: checker,
        body: { sExchangeRateReference: quote.body.quote.sExchangeRateReference },
      });
    } catch {
      died = true; // the connection dropped: the process is gone
    }
    await server.kill();
    server = undefined;
    t.check(`${label} the process died during the approval`, died, 'it answered');
    {
      const direct = await openDirect(engine, database.url);
      const [row] = await direct.query(`select status from approvals where id = $1`, [approvalId]);
      await direct.close();
      t.check(`${label} left APPROVED, not finished`, row.status === 'APPROVED', row.status);
    }

    // Restart: the job finishes it (its run began more than the grace ago).
    server = await start(baseEnv);
    let status = 'APPROVED';
    for (let waited = 0; status === 'APPROVED' && waited < 60_000; waited += 500) {
      await sleep(500);
      const answer = await call(server.base, 'GET', `approvals/${approvalId}`, { token: maker });
      status = answer.body.approval.sStatus;
    }
    const again = await call(server.base, 'POST', `approvals/${approvalId}/approve`, {
      token: checker,
      body: {},
    });
    t.check(
      `${label} approving again never answers 200 for an approval that paid nothing`,
      again.status === 409 ||
        (again.status === 200 && ['EXECUTED', 'FAILED'].includes(again.body.approval.sStatus)),
      `${again.status} ${JSON.stringify(again.body).slice(0, 200)}`,
    );
    await server.stop();
    server = undefined;

    const direct = await openDirect(engine, database.url);
    try {
      const [approval] = await direct.query(
        `select status, failure_code, result_body from approvals where id = $1`,
        [approvalId],
      );
      const payments = await direct.query(
        `select id::text from payments where enterprise_id = $1 and concept = $2`,
        [enterpriseId, concept],
      );
      const executedOnce =
        approval.status === 'EXECUTED' &&
        payments.length === 1 &&
        JSON.stringify(approval.result_body).includes(payments[0].id);
      const failedWithReason =
        approval.status === 'FAILED' && approval.failure_code !== null && payments.length === 0;
      t.check(
        `${label} after the restart: paid exactly once (EXECUTED) or FAILED with a reason: ${approval.status}, ${payments.length} payment(s)`,
        executedOnce || failedWithReason,
        `${approval.status} ${approval.failure_code ?? ''}, ${payments.length} payments`,
      );
      const violations = await ledgerViolations((text) => direct.query(text));
      t.check(
        `${label} ledger invariants`,
        violations.length === 0,
        violations.slice(0, 5).join('; '),
      );
    } finally {
      await direct.close();
    }
  } catch (error) {
    t.check(`${label} ran`, false, `${error.message}${server ? `\n${server.stderr()}` : ''}`);
  } finally {
    if (server) await server.kill().catch(() => {});
    await database.drop().catch(() => {});
  }
}

// Alone: node scripts/faults/approval-crash.mjs [pglite|postgres] (after npx tsc -b apps/api).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { checks } = await import('./lib.mjs');
  const t = checks();
  const engines = process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres'];
  for (const engine of engines) {
    for (const point of ['after-decision', 'after-run']) await runApprovalCrash(t, engine, point);
  }
  console.log(`approval-crash: ${t.passed} passed, ${t.failures.length} failed`);
  process.exit(t.failures.length ? 1 : 0);
}
