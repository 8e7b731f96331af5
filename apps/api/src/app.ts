import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isLanguage, rateToDecimalString } from '@app/domain';
import { publicUrl, secretsKeyBytes, type Config } from './config.js';
import { openDatabase, type DatabaseHandle, type Db } from './db/database.js';
import { ReportsDb } from './db/reports-db.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoFinance } from './demo/demo-finance.js';
import { seedDemoMarketplace } from './demo/demo-marketplace.js';
import { seedDemoOrders } from './demo/demo-orders.js';
import { seedDemoApprovals } from './demo/demo-team.js';
import {
  demoDataSummary,
  enterpriseIdOfUser,
  seedDemoDataIfEmpty,
  settleDemoEmails,
} from './demo/seed.js';
import { AppError } from './errors.js';
import { loggerOptions } from './logger.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { PasswordHasher } from './modules/auth/password-hasher.js';
import { defaultHashWorkers, ScryptPool } from './modules/auth/scrypt-pool.js';
import { createFinanceServices, financeRoutes, type FinanceServices } from './modules/finance.js';
import { payablesRoutes } from './modules/payables.js';
import { importStatementFolder } from './modules/rails/bank-statements/statement-folder.js';
import { CfdiService } from './modules/cfdi/cfdi.service.js';
import { SatStatusClient } from './modules/cfdi/sat-status.js';
import { RateOrdersService } from './modules/rate-orders/rate-orders.service.js';
import {
  createMarketplaceServices,
  marketplaceRoutes,
  type MarketplaceServices,
} from './modules/marketplace.js';
import { DiskFileStorage, MemoryFileStorage } from './storage/file-storage.js';
import { healthRoutes } from './modules/health/health.routes.js';
import {
  createMailTransport,
  MailService,
  type MailTransport,
} from './modules/mail/mail.service.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerSecurity } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { registerSwagger } from './plugins/swagger.js';
import { registerWebApp } from './plugins/web.js';
import { createJobQueue } from './jobs/create-queue.js';
import { DUTY, registerDuties } from './jobs/duties.js';
import { JobRegistry, recurringKey, type JobQueue } from './jobs/job-queue.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { notificationsRoutes } from './modules/events/notifications.routes.js';
import { SecretBox, webhookSecretsKey } from './secrets/secret-box.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { accountingExportRoutes } from './modules/accounting-export/accounting-export.routes.js';
import { AccountingExportService } from './modules/accounting-export/accounting-export.service.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { registerAuditTrail } from './modules/audit/audit-trail.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { AuditService } from './modules/audit/audit.service.js';
import { registerSecondFactorPolicy } from './modules/two-factor/policy.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { TwoFactorService } from './modules/two-factor/two-factor.service.js';
import { setupStpRail, type StpRail } from './modules/rails/stp/stp-rail.js';
import { stpOpsRoutes } from './modules/rails/stp/stp-ops.routes.js';

export interface BuildAppOptions {
  config: Config;
  /** An open database; by default one is opened from the config. It is closed with the app. */
  database?: DatabaseHandle;
  /** The clock; tests move it to expire sessions and quotes. */
  now?: () => Date;
  mailTransport?: MailTransport;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
  /** More job types, registered with the built-in duties (tests add their own). */
  registerJobs?: (registry: JobRegistry) => void;
  /** Sees every route as it is added (a test walks the money routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The finance services; tests use them to arrange data. */
    finance: FinanceServices;
    /** The marketplace services; tests use them to arrange data. */
    marketplace: MarketplaceServices;
    /** The background job queue (graphile-worker on PostgreSQL, in-process on PGlite). */
    jobs: JobQueue;
    /** Rate orders; tests run its job's sweep directly. */
    rateOrders: RateOrdersService;
    /** Webhook endpoints and deliveries; tests run the delivery sweep directly. */
    webhooks: WebhooksService;
    /** The e-mail outbox; tests flush it. */
    mail: MailService;
    /** Second factors; `assertStepUp(app.twoFactor, …)` guards sensitive writes. */
    twoFactor: TwoFactorService;
    /** The STP rail (SPEI_RAIL=stp), or undefined on the sandbox. */
    stp: StpRail | undefined;
  }
}

/** apps/web/dist, found from this file (src/ in development, dist/ when built). */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** TRUST_PROXY for Fastify: a hop count trusts that many proxies nearest the server. */
function fastifyTrustProxy(
  setting: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting ?? false;
}

/** Builds the whole server: plugins, then the modules under /api/v1/{lang}/. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const baseNow = options.now ?? (() => new Date());
  // Only the demo seed moves this, to write a history in the past before the server listens.
  let clockOffsetMs = 0;
  const now = () => new Date(baseNow().getTime() + clockOffsetMs);
  const app = Fastify({
    logger: options.logStream
      ? { ...loggerOptions(config), stream: options.logStream }
      : loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    requestIdHeader: false,
    // The document spells paths without a trailing slash (generators and linters refuse
    // one); clients written against the older `invoices/`-style paths keep working.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerIdempotency(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  // The job queue stops (its running jobs finish) before the database closes.
  let stopJobs = async (): Promise<void> => {};
  app.addHook('onClose', async () => {
    await stopJobs();
    await database.close();
  });
  if (database.engine === 'pglite' && !config.DATA_DIR.startsWith('memory://')) {
    app.log.info(
      'Embedded database (PGlite): this process holds DATA_DIR alone; each acknowledged commit is in its write-ahead log, flushed to disk (fdatasync) before the answer. PGlite cannot flush the data files its checkpoints write, so an OS crash or power loss right after a checkpoint can still lose data. Use PostgreSQL (DATABASE_URL) in production.',
    );
  }
  await migrateToLatest(database.db);

  const hashPool = new ScryptPool(
    config.PASSWORD_HASH_WORKERS ?? defaultHashWorkers(),
    config.PASSWORD_HASH_QUEUE,
  ).warm();
  app.addHook('onClose', async () => hashPool.close());
  const hasher = new PasswordHasher(config.PASSWORD_HASH_COST, hashPool);
  const seededAccounts = config.DEMO_DATA ? await seedDemoDataIfEmpty(database.db, hasher) : false;

  const mail = new MailService(
    database.db,
    options.mailTransport ??
      createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, app.log),
    app.log,
    now,
  );
  const auth = new AuthService(
    database.db,
    hasher,
    mail,
    {
      sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
      sessionMaxHours: config.SESSION_MAX_HOURS,
      resetTokenTtlMinutes: config.RESET_TOKEN_TTL_MINUTES,
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
      failureWindowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
      recoveryMaxPerAddress: config.PASSWORD_RECOVERY_MAX_PER_ADDRESS,
      recoveryWindowMinutes: config.PASSWORD_RECOVERY_WINDOW_MINUTES,
      publicUrl: publicUrl(config),
      sessionCacheMs: config.SESSION_CACHE_MS,
    },
    now,
  );
  let replicaDb: Db | undefined;
  if (config.READ_DATABASE_URL && database.engine === 'postgres') {
    // The reports' own pool on the read-only replica, closed with the app.
    const replica = await openDatabase({
      databaseUrl: config.READ_DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: Math.max(2, Math.ceil(config.DATABASE_POOL_SIZE / 4)),
    });
    app.addHook('onClose', async () => replica.close());
    replicaDb = replica.db;
  }
  const reports = new ReportsDb(database.db, replicaDb, {
    restMs: 10_000,
    timeoutMs: 1_000,
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  const audit = new AuditService(database.db, now, reports);
  app.decorate('audit', audit);
  const secretsKey = config.SECRETS_KEY ? secretsKeyBytes(config.SECRETS_KEY) : undefined;
  if (!secretsKey) {
    app.log.warn('SECRETS_KEY is not set: second factors (TOTP) cannot be set up on this server');
  }
  const twoFactor = new TwoFactorService(
    database.db,
    secretsKey ? new SecretBox(secretsKey) : undefined,
    mail,
    now,
  );
  app.decorate('twoFactor', twoFactor);
  auth.attach({
    checkSecondFactor: (userId, code) => twoFactor.checkCode(userId, code, 'sTotp'),
    recordSignIn: async (event) => {
      try {
        await audit.record({
          enterpriseId: event.enterpriseId,
          userId: event.userId,
          ip: event.ip,
          userAgent: event.userAgent,
          action: 'postAuthLogin',
          entity: event.userId ? `users/${event.userId}` : 'auth/login',
          ...(event.userId ? {} : { after: { sEmail: event.email } }),
          outcome: event.outcome,
          status: event.status,
        });
      } catch (error) {
        app.log.error({ err: error }, 'Audit entry of a sign-in could not be written');
      }
    },
  });
  // Every background duty is a job (jobs/duties.ts); the queue is started once the app is
  // built. A recovery request becomes its reset e-mail after the answer (the same answer for
  // any address): the recovery job, which then sends the mail, is moved to now.
  const jobRegistry = new JobRegistry();
  const jobs = createJobQueue(database, jobRegistry, app.log);
  app.decorate('jobs', jobs);
  const processRecovery = () => {
    jobs
      .add(DUTY.passwordRecovery, {}, { key: recurringKey(DUTY.passwordRecovery) })
      .catch((error: unknown) => app.log.warn({ err: error }, 'Recovery job could not be queued'));
  };

  const finance = createFinanceServices(database.db, config, now, {
    dataVersion: database.dataVersion,
    reports,
  });
  const banxico = finance.banxico;
  if (banxico) {
    await banxico.loadStored();
    try {
      const fix = await banxico.refresh();
      app.log.info(`Banxico FIX of ${fix.date}: ${rateToDecimalString(fix.rateMicro)}`);
    } catch (error) {
      app.log.warn({ err: error }, 'Banxico SIE could not be read at start; quotes wait for it');
    }
    // The refresh job runs on one replica; the others read what it stored.
    const reload = setInterval(() => {
      banxico
        .loadStored()
        .catch((error: unknown) => app.log.warn({ err: error }, 'Stored FIX not read'));
    }, 60_000);
    reload.unref();
    app.addHook('onClose', async () => clearInterval(reload));
    jobRegistry.register({
      type: 'rates.banxico',
      everyMs: config.BANXICO_REFRESH_SECONDS * 1_000,
      run: async () => {
        await banxico.refresh();
      },
    });
  }
  const statementDir = config.BANK_STATEMENT_DIR;
  if (statementDir) {
    jobRegistry.register({
      type: 'bank-statements.folder',
      everyMs: config.BANK_STATEMENT_SCAN_SECONDS * 1_000,
      run: async () => {
        await importStatementFolder(finance.bankStatements, {
          dir: statementDir,
          maxBytes: config.BODY_LIMIT_BYTES,
          log: app.log,
        });
      },
    });
  }
  await finance.rates.backfillHistory();
  app.decorate('finance', finance);
  const rateOrders = new RateOrdersService(database.db, finance, mail, now);
  app.decorate('rateOrders', rateOrders);
  finance.payments.reportRailErrorsTo((error) =>
    app.log.warn({ err: error }, 'Payout hand-over to the rail failed'),
  );
  finance.payments.reportBatchErrorsTo((error) =>
    app.log.warn({ err: error }, 'A batch of pay-nows failed; each was then written alone'),
  );

  const storage =
    config.DATA_DIR.startsWith('memory://') && !config.UPLOAD_DIR
      ? new MemoryFileStorage()
      : new DiskFileStorage(config.UPLOAD_DIR ?? `${config.DATA_DIR}/uploads`);
  const marketplace = createMarketplaceServices({
    db: database.db,
    now,
    config,
    storage,
    finance,
    auth,
  });
  app.decorate('marketplace', marketplace);
  finance.approvals.connect({
    payments: finance.payments,
    conversions: finance.conversions,
    suppliers: finance.suppliers,
    invoices: finance.invoices,
    batches: finance.batches,
    orders: marketplace.orders,
    rateOrders,
  });
  finance.approvals.reportErrorsTo((error) =>
    app.log.error({ err: error }, 'An approved request failed'),
  );
  const faultPoint = config.APPROVAL_FAULT_EXIT;
  if (faultPoint) {
    app.log.warn(`APPROVAL_FAULT_EXIT=${faultPoint}: a fault-test hook; never in production`);
    finance.approvals.faultAt = (point) => {
      if (point === faultPoint) process.kill(process.pid, 'SIGKILL');
    };
  }
  if (config.WEBHOOK_ALLOW_LOOPBACK) {
    app.log.warn(
      'WEBHOOK_ALLOW_LOOPBACK: webhooks may go to loopback addresses; never in production',
    );
  }
  const webhooks = new WebhooksService(
    database.db,
    new SecretBox(webhookSecretsKey(secretsKey, (message) => app.log.warn(message))),
    { allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK, maxAttempts: config.WEBHOOK_MAX_ATTEMPTS },
    now,
    app.log,
  );
  app.decorate('webhooks', webhooks);
  app.decorate('mail', mail);
  registerDuties(jobRegistry, {
    db: database.db,
    now,
    finance,
    marketplace,
    mail,
    auth,
    rateOrders,
    webhooks,
    loginFailureWindowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
    recoveryWindowMinutes: config.PASSWORD_RECOVERY_WINDOW_MINUTES,
    maintain: database.maintain,
  });
  const cfdi = new CfdiService(
    database.db,
    finance.suppliers,
    finance.invoices,
    finance.rates,
    now,
    config.SAT_STATUS_CHECK === 'on'
      ? new SatStatusClient(config.SAT_STATUS_URL, config.SAT_STATUS_TIMEOUT_MS)
      : null,
  );
  if (config.SAT_STATUS_CHECK === 'on') {
    // Imported CFDIs whose status call failed, or not asked for a while, are asked again.
    jobRegistry.register({
      type: 'cfdi.sat-status',
      everyMs: 10 * 60_000,
      run: async () => {
        await cfdi.recheckSatStatuses();
      },
    });
  }
  options.registerJobs?.(jobRegistry);

  await registerSecurity(app, { db: database.db });
  await registerCompression(app);
  await registerSwagger(app);
  const apiKeys = new ApiKeysService(database.db, now);
  await app.register(sessionPlugin, { auth, apiKeys });
  await app.register(healthRoutes, { database, reports });
  // After the OpenAPI plugin, so STP's webhooks are in the document.
  app.decorate(
    'stp',
    await setupStpRail(app, { config, db: database.db, finance, jobs: jobRegistry, now }),
  );

  await app.register(
    async (api) => {
      // Only /api/v1/en/ and /api/v1/sp/ exist; any other language is an unknown path.
      api.addHook('onRequest', async (request) => {
        const { lang } = request.params as { lang?: string };
        if (!isLanguage(lang)) throw new AppError('NOT_FOUND');
      });
      registerAuditTrail(api, audit);
      registerSecondFactorPolicy(api);
      await api.register(authRoutes, {
        auth,
        publicRateLimit: config.PUBLIC_AUTH_RATE_LIMIT,
        afterRecovery: processRecovery,
      });
      await api.register(financeRoutes, { services: finance });
      await api.register(marketplaceRoutes, { services: marketplace });
      await api.register(jobsRoutes, { queue: jobs });
      await api.register(payablesRoutes, { services: finance, rateOrders, cfdi });
      await api.register(webhooksRoutes, { webhooks });
      await api.register(apiKeysRoutes, { apiKeys });
      await api.register(accountingExportRoutes, {
        accountingExport: new AccountingExportService(database.db, now, reports),
      });
      await api.register(notificationsRoutes, { db: database.db, now });
      await api.register(auditRoutes, { audit });
      await api.register(twoFactorRoutes, { twoFactor, auth });
      const stp = app.stp;
      if (stp) await api.register(stpOpsRoutes, { stp });
    },
    { prefix: '/api/v1/:lang' },
  );

  await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR);

  if (seededAccounts) {
    await app.ready();
    // The demo history is written through the API; its hundred requests need no log lines.
    const logLevel = app.log.level;
    app.log.level = 'warn';
    const clock = {
      travelTo: (at: Date) => {
        clockOffsetMs = at.getTime() - baseNow().getTime();
      },
      backToPresent: () => {
        clockOffsetMs = 0;
      },
    };
    for (const [index, email] of ['demo@demo.test', 'other@demo.test'].entries()) {
      const enterpriseId = await enterpriseIdOfUser(database.db, email);
      await seedDemoFinance(app, clock, {
        email,
        enterpriseId,
        accountSeed: index + 1,
        startingUsd: index === 0 ? '250000.00' : '120000.00',
      });
    }
    await seedDemoMarketplace(marketplace, clock);
    await seedDemoOrders(marketplace, clock);
    await seedDemoApprovals(app, await enterpriseIdOfUser(database.db, 'demo@demo.test'));
    app.log.level = logLevel;
    const emails = await settleDemoEmails(database.db, now());
    app.log.warn(await demoDataSummary(database.db, { url: publicUrl(config), emails }));
  }
  // After the demo data (which is worth vacuuming); then hourly as a job.
  if (database.maintain) await database.maintain();
  await jobs.start();
  stopJobs = () => jobs.stop();
  return app;
}
