import { moneyToNumber, rateToNumber } from '@app/domain';
import type { Db } from '../../db/database.js';
import type { RatesService } from '../rates/rates.service.js';
import * as repo from './dashboard.repository.js';

/** GET dashboard of API.md, JSON-ready. */
export interface DashboardAnswer {
  sUserName: string;
  exchangeRateToday: number;
  /** The spot quote id money requests refer to. */
  exchangeRateTodayReference: string;
  quoteExpiresAt: string;
  balances: { balanceUsd: { balance: number }; balanceMxn: { balance: number } };
  /** Live invoices with MXN still to assign (To pay and Parcial). */
  unassignedInvoices: number;
  /** Settled conversions with MXN not fully paid. */
  transactionsAvailable: number;
  forwardsActive: number;
  /** USD held as forward deposits. */
  dBlockedUsd: number;
}

interface ReadFigures {
  figures: repo.DashboardFigures;
  /** The data version they were read at. */
  version: number;
}

/** The exchange page's figures: a live quote, balances and counters. */
export class DashboardService {
  /**
   * Figures by enterprise, reused while the data version stays the same: only where this
   * process is the database's only writer (PGlite), so any change anywhere, made by any
   * module, a timer or SQL, moves the version and the next dashboard reads again.
   */
  private readonly read = new Map<string, ReadFigures>();

  constructor(
    private readonly db: Db,
    private readonly rates: RatesService,
    private readonly dataVersion?: () => number,
  ) {}

  private async figures(enterpriseId: string): Promise<repo.DashboardFigures> {
    if (!this.dataVersion) return repo.dashboardFigures(this.db, enterpriseId);
    // The version before the read: a change made in between only makes the entry older.
    const version = this.dataVersion();
    const cached = this.read.get(enterpriseId);
    if (cached?.version === version) return cached.figures;
    const figures = await repo.dashboardFigures(this.db, enterpriseId);
    if (this.read.size >= 10_000) this.read.clear();
    this.read.set(enterpriseId, { figures, version });
    return figures;
  }

  async dashboard(enterpriseId: string, userName: string): Promise<DashboardAnswer> {
    const [quote, figures] = await Promise.all([
      this.rates.spotQuote(enterpriseId),
      this.figures(enterpriseId),
    ]);
    return {
      sUserName: userName,
      exchangeRateToday: rateToNumber(quote.rateMicro),
      exchangeRateTodayReference: quote.id,
      quoteExpiresAt: quote.expiresAt.toISOString(),
      balances: {
        balanceUsd: { balance: moneyToNumber(figures.usdAvailable) },
        balanceMxn: { balance: moneyToNumber(figures.mxnAvailable) },
      },
      unassignedInvoices: figures.unassignedInvoices,
      transactionsAvailable: figures.conversionsAvailable,
      forwardsActive: figures.forwardsActive,
      dBlockedUsd: moneyToNumber(figures.usdHeld),
    };
  }
}
