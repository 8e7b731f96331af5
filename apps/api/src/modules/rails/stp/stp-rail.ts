import { randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addDays, todayInTimeZone } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import type { JobRegistry } from '../../../jobs/job-queue.js';
import type { FinanceServices } from '../../finance.js';
import { LocalStp } from './local-stp.js';
import { StpClient } from './stp-client.js';
import { STP_DEMO_PASSPHRASE, STP_DEMO_PRIVATE_KEY } from './stp-demo-key.js';
import { depositClabe, StpDepositsService } from './stp-deposits.service.js';
import { StpPayoutRail } from './stp-payout-rail.js';
import { loadStpPrivateKey, publicKeyOf } from './stp-signature.js';
import { StpReconciliationService } from './stp-reconciliation.service.js';
import { StpStatusService } from './stp-status.service.js';
import { stpWebhookRoutes } from './stp-webhooks.routes.js';

/** The local counterpart's company and account (the demo's STP CLABE, check digit made). */
export const LOCAL_EMPRESA = 'PESOSPRODUCE';
export const LOCAL_ACCOUNT = depositClabe('6461801104', 0n);

export const STP_RECOVER_JOB = 'stp.recover';
export const STP_RECONCILE_JOB = 'stp.reconcile';

/** The STP rail of one app: its parts, for the back office and the tests. */
export interface StpRail {
  empresa: string;
  account: string;
  client: StpClient;
  rail: StpPayoutRail;
  status: StpStatusService;
  deposits: StpDepositsService;
  reconciliation: StpReconciliationService;
  /** The local STP counterpart, when STP_URL is unset. */
  local: LocalStp | undefined;
  webhookSecret: string;
}

/** The company's key, or a start-up error that names the setting to fix. */
export function stpPrivateKeyOf(config: Config): KeyObject {
  if (!config.STP_URL) return loadStpPrivateKey(STP_DEMO_PRIVATE_KEY, STP_DEMO_PASSPHRASE);
  const file = config.STP_PRIVATE_KEY_FILE ?? '';
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `Invalid configuration:\n  STP_PRIVATE_KEY_FILE: cannot read ${file} (${(error as Error).message})`,
    );
  }
  try {
    return loadStpPrivateKey(pem, config.STP_PRIVATE_KEY_PASSPHRASE);
  } catch (error) {
    throw new Error(
      `Invalid configuration:\n  STP_PRIVATE_KEY_FILE / STP_PRIVATE_KEY_PASSPHRASE: the key in ${file} cannot be opened (a PEM private key and its passphrase: ${(error as Error).message})`,
    );
  }
}

/**
 * With SPEI_RAIL=stp: payouts go to STP (or to the local counterpart when STP_URL is unset),
 * STP's two webhooks are served, each company gets a deposit CLABE, and a job looks again
 * at payouts whose hand-over to STP was not answered. Answers undefined on the sandbox.
 */
export async function setupStpRail(
  app: FastifyInstance,
  deps: { config: Config; db: Db; finance: FinanceServices; jobs: JobRegistry; now: () => Date },
): Promise<StpRail | undefined> {
  const { config, db, finance, now } = deps;
  if (config.SPEI_RAIL !== 'stp') return undefined;
  const privateKey = stpPrivateKeyOf(config);
  const empresa = config.STP_EMPRESA ?? LOCAL_EMPRESA;
  const account = config.STP_ACCOUNT ?? LOCAL_ACCOUNT;
  // Local only: the counterpart lives in this process, so a secret of the moment will do.
  const webhookSecret = config.STP_WEBHOOK_SECRET ?? randomBytes(24).toString('hex');

  let local: LocalStp | undefined;
  let url = config.STP_URL;
  if (!url) {
    local = new LocalStp({
      publicKey: publicKeyOf(privateKey),
      empresa,
      callbackDelayMs: config.STP_LOCAL_CALLBACK_MS,
      now,
      // Over HTTP once the server listens; before (the demo data is written first), in-process.
      deliver: async (path, body) => {
        const target = `${path}?secret=${encodeURIComponent(webhookSecret)}`;
        const address = app.server.listening ? app.server.address() : null;
        if (address && typeof address === 'object') {
          const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
          const response = await fetch(`http://${reachable}:${address.port}${target}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          await response.arrayBuffer();
          return response.status;
        }
        const response = await app.inject({ method: 'POST', url: target, payload: body as object });
        return response.statusCode;
      },
    });
    url = await local.start();
    app.addHook('onClose', async () => local?.stop());
    app.log.info({ url }, 'SPEI payouts go to the local STP counterpart (STP_URL is unset)');
  }

  const client = new StpClient({ url, empresa, privateKey, timeoutMs: config.STP_TIMEOUT_MS });
  const status = new StpStatusService(db, finance.payments, now);
  const rail = new StpPayoutRail(
    db,
    client,
    finance.payments,
    status,
    { account, recoverAfterMs: Math.max(config.STP_TIMEOUT_MS * 3, 5_000) },
    now,
  );
  const faultPoint = config.STP_FAULT_EXIT;
  if (faultPoint) {
    app.log.warn(`STP_FAULT_EXIT=${faultPoint}: a fault-test hook; never in production`);
    rail.faultAt = (point) => {
      if (point === faultPoint) process.kill(process.pid, 'SIGKILL');
    };
  }
  finance.payments.useRail(rail);
  const deposits = new StpDepositsService(db, finance.ledger, account, now);
  finance.funds.speiDepositClabe = (enterpriseId) => deposits.depositClabe(enterpriseId);
  deps.jobs.register({
    type: STP_RECOVER_JOB,
    everyMs: 5_000,
    run: async () => {
      await rail.recover();
    },
  });
  const reconciliation = new StpReconciliationService(db, client, now);
  // Hourly: today so far, and yesterday once more (STP's late settlements land there).
  deps.jobs.register({
    type: STP_RECONCILE_JOB,
    everyMs: 3_600_000,
    run: async () => {
      const today = todayInTimeZone(now());
      await reconciliation.run(addDays(today, -1));
      await reconciliation.run(today);
    },
  });
  await app.register(stpWebhookRoutes, {
    settings: { secret: webhookSecret, allow: config.STP_WEBHOOK_ALLOW },
    status,
    deposits,
  });
  return {
    empresa,
    account,
    client,
    rail,
    status,
    deposits,
    reconciliation,
    local,
    webhookSecret,
  };
}
