// A payout killed on its way to STP: the server is pointed at an STP counterpart in another
// process (the local STP of `npm start`, speaking STP's HTTP protocol), and kills itself
// (STP_FAULT_EXIT) either after the payment committed and before the order was handed over
// (`before-hand-over`), or after STP accepted the order and before its answer was recorded
// (`after-accepted`). After a restart the `stp.recover` job must look the order up by its
// tracking key and send it only if STP does not have it: STP receives the order exactly
// once, the payment completes on STP's callback, and the ledger balances.
import { createPrivateKey, createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  call,
  ledgerViolations,
  newDatabase,
  ROOT,
  signupBody,
  sleep,
  startServer,
  supplierBody,
} from './lib.mjs';
import { openDirect } from './crash.mjs';

const dist = (path) => `${ROOT}apps/api/dist/modules/rails/stp/${path}`;
const start = (env) => startServer(env, { timeoutMs: 180_000 });

async function login(base, body) {
  const answer = await call(base, 'POST', 'auth/login', {
    body: { sEmail: body.sEmail, sPassword: body.sPassword },
  });
  if (answer.status !== 200) throw new Error(`login failed ${answer.status}`);
  return answer.body.token;
}

/**
 * The STP counterpart in this process, outliving the server's restarts: it verifies every
 * firma with the demo key's public half and calls the current server back with the secret.
 */
async function startStp(secret, serverBase) {
  const { LocalStp } = await import(dist('local-stp.js'));
  const { STP_DEMO_PRIVATE_KEY, STP_DEMO_PASSPHRASE } = await import(dist('stp-demo-key.js'));
  const { LOCAL_EMPRESA, LOCAL_ACCOUNT } = await import(dist('stp-rail.js'));
  const privateKey = createPrivateKey({
    key: STP_DEMO_PRIVATE_KEY,
    format: 'pem',
    passphrase: STP_DEMO_PASSPHRASE,
  });
  const stp = new LocalStp({
    publicKey: createPublicKey(privateKey),
    empresa: LOCAL_EMPRESA,
    callbackDelayMs: 500,
    deliver: async (path, body) => {
      const response = await fetch(
        `${serverBase.current}${path}?secret=${encodeURIComponent(secret)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      await response.arrayBuffer();
      return response.status;
    },
  });
  const url = await stp.start();
  return { stp, url, empresa: LOCAL_EMPRESA, account: LOCAL_ACCOUNT };
}

/** One engine, one fault point. Reports through `t.check`. */
export async function runStpKill(t, engine, point) {
  const label = `stp-kill[${engine}, ${point}]`;
  const { database, env } = await newDatabase(engine, 'faults_stp');
  const keyDir = await mkdtemp(join(tmpdir(), 'faults-stp-key-'));
  const secret = randomBytes(24).toString('hex');
  const serverBase = { current: '' };
  let stp;
  let server;
  try {
    const counterpart = await startStp(secret, serverBase);
    stp = counterpart.stp;
    const { STP_DEMO_PRIVATE_KEY, STP_DEMO_PASSPHRASE } = await import(dist('stp-demo-key.js'));
    const keyFile = join(keyDir, 'stp.pem');
    await writeFile(keyFile, STP_DEMO_PRIVATE_KEY);
    const baseEnv = {
      ...env,
      SPEI_RAIL: 'stp',
      STP_URL: counterpart.url,
      STP_EMPRESA: counterpart.empresa,
      STP_ACCOUNT: counterpart.account,
      STP_PRIVATE_KEY_FILE: keyFile,
      STP_PRIVATE_KEY_PASSPHRASE: STP_DEMO_PASSPHRASE,
      STP_WEBHOOK_SECRET: secret,
      // An order unanswered for 5 s is looked up again (3 × the timeout, at least 5 s).
      STP_TIMEOUT_MS: '1000',
    };

    // Arrange: a funded company with a supplier; its operator is set in the database.
    server = await start(baseEnv);
    serverBase.current = server.base;
    const makerSignup = signupBody('stpkill');
    const operatorSignup = signupBody('stpops');
    const maker = await call(server.base, 'POST', 'auth/signup/customer', { body: makerSignup });
    const operator = await call(server.base, 'POST', 'auth/signup/customer', {
      body: operatorSignup,
    });
    if (maker.status !== 201 || operator.status !== 201) throw new Error('signup failed');
    const enterpriseId = maker.body.user.sEnterpriseId;
    await server.stop();
    {
      const direct = await openDirect(engine, database.url);
      await direct.query(`update users set role = 'operator' where email = $1`, [
        operatorSignup.sEmail,
      ]);
      await direct.close();
    }

    // Act: the pay-now commits, then the process kills itself at the fault point.
    server = await start({ ...baseEnv, STP_FAULT_EXIT: point });
    serverBase.current = server.base;
    const token = await login(server.base, makerSignup);
    const ops = await login(server.base, operatorSignup);
    const deposit = await call(server.base, 'POST', 'ops/deposits', {
      token: ops,
      body: { sEnterpriseId: enterpriseId, dAmount: 50_000, sReference: `WIRE-${randomUUID()}` },
    });
    if (deposit.status !== 201) throw new Error(`deposit ${deposit.status}`);
    const supplier = await call(server.base, 'POST', 'payment-recipient/', {
      token,
      body: supplierBody(Math.floor(Math.random() * 1e9)),
    });
    if (supplier.status !== 201) throw new Error(`supplier ${JSON.stringify(supplier.body)}`);
    const dashboard = await call(server.base, 'GET', 'dashboard', { token });
    const concept = `fault stp ${randomUUID().slice(0, 8)}`;
    let died = false;
    try {
      await call(server.base, 'POST', 'payments/sendPayNow', {
        token,
        headers: { 'idempotency-key': randomUUID() },
        body: {
          dAmount: 1234.56,
          comment: concept,
          sPaymentRecipientId: supplier.body.paymentRecipient.sPaymentRecipientId,
          sExchangeRateReference: dashboard.body.exchangeRateTodayReference,
        },
      });
    } catch {
      died = true; // the connection dropped: the process is gone
    }
    // The hand-over may run after the answer: wait for the process to end by itself.
    for (let waited = 0; !died && waited < 10_000; waited += 100) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) died = true;
      else await sleep(100);
    }
    await server.kill();
    server = undefined;
    t.check(`${label} the process died during the hand-over`, died, 'it lived on');

    const direct = await openDirect(engine, database.url);
    const [payment] = await direct.query(
      `select id::text, tracking_key, status from payments where enterprise_id = $1 and concept = $2`,
      [enterpriseId, concept],
    );
    await direct.close();
    t.check(`${label} the payment committed before the kill`, Boolean(payment), 'no payment');
    if (!payment) return;
    const sentBefore = stp.received.filter((body) => body.claveRastreo === payment.tracking_key);
    t.check(
      `${label} STP had the order ${point === 'after-accepted' ? 'once' : 'not yet'} at the kill`,
      sentBefore.length === (point === 'after-accepted' ? 1 : 0),
      `${sentBefore.length} orders`,
    );

    // Restart: the recovery job looks the order up and sends it only if STP lacks it.
    server = await start(baseEnv);
    serverBase.current = server.base;
    let status = payment.status;
    for (let waited = 0; status !== 'COMPLETED' && waited < 60_000; waited += 500) {
      await sleep(500);
      const list = await call(server.base, 'GET', 'payments', { token });
      status = list.body?.payments?.find((row) => row.sPaymentId === payment.id)?.sStatus ?? status;
    }
    // Two more sweeps' time: a second send would show now.
    await sleep(6_000);
    await server.stop();
    server = undefined;
    const sent = stp.received.filter((body) => body.claveRastreo === payment.tracking_key);
    t.check(
      `${label} STP received the order exactly once: ${sent.length}`,
      sent.length === 1,
      `${sent.length} orders`,
    );
    t.check(`${label} the payment completed on STP's callback`, status === 'COMPLETED', status);
    const after = await openDirect(engine, database.url);
    try {
      const [order] = await after.query(`select state from stp_orders where payment_id = $1`, [
        payment.id,
      ]);
      t.check(
        `${label} its STP order is recorded as settled`,
        order?.state === 'SETTLED',
        order?.state ?? 'no order row',
      );
      const violations = await ledgerViolations((text) => after.query(text));
      t.check(
        `${label} ledger invariants`,
        violations.length === 0,
        violations.slice(0, 5).join('; '),
      );
    } finally {
      await after.close();
    }
  } catch (error) {
    t.check(`${label} ran`, false, `${error.message}${server ? `\n${server.stderr()}` : ''}`);
  } finally {
    if (server) await server.kill().catch(() => {});
    await stp?.stop().catch(() => {});
    await database.drop().catch(() => {});
    await rm(keyDir, { recursive: true, force: true });
  }
}

// Alone: node scripts/faults/stp-kill.mjs [pglite|postgres] (after npx tsc -b apps/api).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { checks } = await import('./lib.mjs');
  const t = checks();
  const engines = process.argv[2] ? [process.argv[2]] : ['pglite', 'postgres'];
  for (const engine of engines) {
    for (const point of ['before-hand-over', 'after-accepted']) await runStpKill(t, engine, point);
  }
  console.log(`stp-kill: ${t.passed} passed, ${t.failures.length} failed`);
  process.exit(t.failures.length ? 1 : 0);
}
