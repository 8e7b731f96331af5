import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isLanguage } from '@app/domain';
import { publicUrl, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoFinance } from './db/seed/demo-finance.js';
import { seedDemoMarketplace } from './db/seed/demo-marketplace.js';
import { seedDemoOrders } from './db/seed/demo-orders.js';
import { enterpriseIdOfUser, seedDemoDataIfEmpty } from './db/seed/seed.js';
import { AppError } from './errors.js';
import { deleteExpiredIdempotencyKeys } from './ledger/money-write.js';
import { loggerOptions } from './logger.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { deleteLoginFailuresBefore } from './modules/auth/auth.repository.js';
import { PasswordHasher } from './modules/auth/password-hasher.js';
import { createFinanceServices, financeRoutes, type FinanceServices } from './modules/finance.js';
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
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { registerSwagger } from './plugins/swagger.js';
import { registerWebApp } from './plugins/web.js';

export interface BuildAppOptions {
  config: Config;
  /** An open database; by default one is opened from the config. It is closed with the app. */
  database?: DatabaseHandle;
  /** The clock; tests move it to expire sessions and quotes. */
  now?: () => Date;
  mailTransport?: MailTransport;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The finance services; tests use them to arrange data. */
    finance: FinanceServices;
    /** The marketplace services; tests use them to arrange data. */
    marketplace: MarketplaceServices;
  }
}

const HOUSEKEEPING_INTERVAL_MS = 30_000;
const DATABASE_UPKEEP_INTERVAL_MS = 3_600_000;
/** apps/web/dist, found from this file (src/ in development, dist/ when built). */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

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
    trustProxy: false,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database.db);

  const hasher = new PasswordHasher(config.PASSWORD_HASH_COST);
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
      publicUrl: publicUrl(config),
      sessionCacheMs: config.SESSION_CACHE_MS,
    },
    now,
  );
  const flushMail = () => {
    mail.flush().catch((error: unknown) => app.log.warn({ err: error }, 'Mail flush failed'));
  };
  const housekeeping = setInterval(() => {
    flushMail();
    const windowStart = new Date(now().getTime() - config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
    deleteLoginFailuresBefore(database.db, windowStart).catch((error: unknown) =>
      app.log.warn({ err: error }, 'Login failure cleanup failed'),
    );
    // Idempotency keys live 24 hours (API.md); keep a day more before dropping them.
    deleteExpiredIdempotencyKeys(database.db, new Date(now().getTime() - 48 * 3_600_000)).catch(
      (error: unknown) => app.log.warn({ err: error }, 'Idempotency key cleanup failed'),
    );
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  let upkeep: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    clearInterval(upkeep);
  });

  const finance = createFinanceServices(database.db, config, now, database.dataVersion);
  await finance.rates.backfillHistory();
  app.decorate('finance', finance);
  const stopPayoutRail = finance.payments.startPayoutRail((error) =>
    app.log.warn({ err: error }, 'Payout settlement failed'),
  );
  app.addHook('onClose', async () => stopPayoutRail());

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

  await registerSecurity(app);
  await registerSwagger(app);
  await app.register(sessionPlugin, { auth });
  await app.register(healthRoutes, { database });

  await app.register(
    async (api) => {
      // Only /api/v1/en/ and /api/v1/sp/ exist; any other language is an unknown path.
      api.addHook('onRequest', async (request) => {
        const { lang } = request.params as { lang?: string };
        if (!isLanguage(lang)) throw new AppError('NOT_FOUND');
      });
      await api.register(authRoutes, {
        auth,
        publicRateLimit: config.PUBLIC_AUTH_RATE_LIMIT,
        afterRecovery: flushMail,
      });
      await api.register(financeRoutes, { services: finance });
      await api.register(marketplaceRoutes, { services: marketplace });
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
    app.log.level = logLevel;
    app.log.info('Demo data loaded (demo@demo.test / Demo1234!)');
  }
  const { maintain } = database;
  if (maintain) {
    // After the demo data (which is worth vacuuming); its seeding has made the app ready, so
    // the timer's cleanup was registered with the other hooks above.
    await maintain();
    upkeep = setInterval(() => {
      maintain().catch((error: unknown) => app.log.warn({ err: error }, 'Database upkeep failed'));
    }, DATABASE_UPKEEP_INTERVAL_MS);
    upkeep.unref();
  }
  return app;
}
