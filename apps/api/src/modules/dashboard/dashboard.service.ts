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

/** The exchange page's figures: a live quote, balances and counters. */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly rates: RatesService,
  ) {}

  async dashboard(enterpriseId: string, userName: string): Promise<DashboardAnswer> {
    const [quote, figures] = await Promise.all([
      this.rates.spotQuote(enterpriseId),
      repo.dashboardFigures(this.db, enterpriseId),
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
