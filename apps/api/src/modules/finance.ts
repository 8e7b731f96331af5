import type { FastifyInstance } from 'fastify';
import { parseRate } from '@app/domain';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { ReportsDb } from '../db/reports-db.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { ConversionsService } from './conversions/conversions.service.js';
import { conversionsRoutes } from './conversions/conversions.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { FundsService } from './funds/funds.service.js';
import { fundsRoutes } from './funds/funds.routes.js';
import { InvoicesService } from './invoices/invoices.service.js';
import { invoicesRoutes } from './invoices/invoices.routes.js';
import { BatchPaymentsService } from './payments/batch-payments.service.js';
import { PaymentsService } from './payments/payments.service.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { BanxicoFixSource } from './rates/banxico-source.js';
import { SimulatedMarket } from './rates/rate-source.js';
import { bankStatementsRoutes } from './rails/bank-statements/bank-statements.routes.js';
import { BankStatementsService } from './rails/bank-statements/bank-statements.service.js';
import { ratesRoutes } from './rates/rates.routes.js';
import { RatesService } from './rates/rates.service.js';
import { statementRoutes } from './statement/statement.routes.js';
import { StatementService } from './statement/statement.service.js';
import { SuppliersService } from './suppliers/suppliers.service.js';
import { suppliersRoutes } from './suppliers/suppliers.routes.js';
import { ApprovalsService } from './team/approvals.service.js';
import { teamRoutes } from './team/team.routes.js';

/** Every finance service, built once per app; modules reach each other only through these. */
export interface FinanceServices {
  db: Db;
  now: () => Date;
  /** The database's data version where this process is its only writer (PGlite). */
  dataVersion: (() => number) | undefined;
  /** Where read-only reports are read: a caught-up replica (READ_DATABASE_URL), else `db`. */
  reports: ReportsDb;
  ledger: LedgerService;
  rates: RatesService;
  /** Banxico's FIX when RATE_SOURCE=banxico (app.ts refreshes it as a job). */
  banxico: BanxicoFixSource | undefined;
  funds: FundsService;
  /** USD in from bank statements, and their unmatched queue. */
  bankStatements: BankStatementsService;
  suppliers: SuppliersService;
  invoices: InvoicesService;
  conversions: ConversionsService;
  payments: PaymentsService;
  batches: BatchPaymentsService;
  /** Maker-checker: money calls held for a second person. */
  approvals: ApprovalsService;
  dashboard: DashboardService;
  /** The statement and its exports, read from `reportsDb` when there is one. */
  statements: StatementService;
}

export function createFinanceServices(
  db: Db,
  config: Config,
  now: () => Date,
  options: { dataVersion?: (() => number) | undefined; reports?: ReportsDb | undefined } = {},
): FinanceServices {
  const { dataVersion } = options;
  const reports = options.reports ?? new ReportsDb(db);
  const ledger = new LedgerService();
  const banxico =
    config.RATE_SOURCE === 'banxico' && config.BANXICO_TOKEN
      ? new BanxicoFixSource(
          db,
          {
            url: config.BANXICO_URL,
            token: config.BANXICO_TOKEN,
            maxAgeMinutes: config.BANXICO_MAX_AGE_MINUTES,
            timeoutMs: config.BANXICO_TIMEOUT_MS,
          },
          now,
        )
      : undefined;
  const rates = new RatesService(
    db,
    banxico ??
      new SimulatedMarket({
        seed: config.RATE_SIMULATION_SEED,
        centerMicro: parseRate(config.RATE_SIMULATION_CENTER),
        dailyVolatilityBps: config.RATE_SIMULATION_DAILY_VOLATILITY_BPS,
      }),
    {
      quoteTtlSeconds: config.QUOTE_TTL_SECONDS,
      spreadBps: config.RATE_SPREAD_BPS,
      forwardSpreadBps: config.FORWARD_SPREAD_BPS,
      mxnInterestPercentMicro: parseRate(config.FORWARD_MXN_INTEREST_PERCENT),
      usdInterestPercentMicro: parseRate(config.FORWARD_USD_INTEREST_PERCENT),
    },
    now,
  );
  const funds = new FundsService(db, ledger, now);
  const bankStatements = new BankStatementsService(db, funds, now);
  const suppliers = new SuppliersService(db, now);
  const invoices = new InvoicesService(
    db,
    rates,
    suppliers,
    now,
    config.INVOICE_SUMMARY_CACHE_MS,
    config.INVOICE_LIST_CACHE_MB * 2 ** 20,
  );
  const conversions = new ConversionsService(db, ledger, rates, invoices, now, reports);
  const payments = new PaymentsService(
    db,
    ledger,
    rates,
    suppliers,
    invoices,
    conversions,
    { payoutSettleSeconds: config.PAYOUT_SETTLE_SECONDS },
    now,
  );
  const approvals = new ApprovalsService(db, rates, now, config.APPROVAL_RUN_GRACE_SECONDS * 1_000);
  const batches = new BatchPaymentsService(db, payments, suppliers, invoices, rates, now);
  return {
    dashboard: new DashboardService(db, rates, dataVersion),
    statements: new StatementService(reports, now),
    reports,
    db,
    now,
    dataVersion,
    ledger,
    rates,
    banxico,
    funds,
    bankStatements,
    suppliers,
    invoices,
    conversions,
    payments,
    batches,
    approvals,
  };
}

/** The finance endpoints of API.md, under /api/v1/{lang}/. */
export async function financeRoutes(
  app: FastifyInstance,
  options: { services: FinanceServices },
): Promise<void> {
  await app.register(ratesRoutes, { rates: options.services.rates });
  const { services } = options;
  const { approvals } = services;
  await app.register(fundsRoutes, { funds: services.funds });
  await app.register(bankStatementsRoutes, { bankStatements: services.bankStatements });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(suppliersRoutes, { suppliers: services.suppliers, approvals });
  await app.register(invoicesRoutes, { invoices: services.invoices });
  await app.register(conversionsRoutes, { conversions: services.conversions, approvals });
  await app.register(paymentsRoutes, { payments: services.payments, approvals });
  await app.register(statementRoutes, { statements: services.statements });
  await app.register(teamRoutes, { approvals });
}
