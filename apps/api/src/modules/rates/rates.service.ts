import { randomUUID } from 'node:crypto';
import {
  daysBetween,
  divideRoundHalfUp,
  forwardDateProblem,
  forwardRate,
  todayInTimeZone,
  type CalendarDate,
} from '@app/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { QuoteCache, type CachedQuote } from './quote-cache.js';
import type { RateSource } from './rate-source.js';
import * as repo from './rates.repository.js';

export interface RatesSettings {
  quoteTtlSeconds: number;
  /** What the customer gives up against the mid, in basis points (they buy MXN with USD). */
  spreadBps: number;
  mxnInterestPercentMicro: bigint;
  usdInterestPercentMicro: bigint;
  forwardSpreadBps: number;
}

export interface Quote {
  id: string;
  rateMicro: bigint;
  expiresAt: Date;
}

export interface ForwardQuote extends Quote {
  forwardDate: CalendarDate;
}

/** A dashboard load within this time reuses the enterprise's quote instead of writing a new one. */
const QUOTE_REUSE_MS = 5_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Customer rates are quoted to 4 decimals, as the reference FIX rate is. */
const QUOTE_STEP_MICRO = 100n;

function roundToQuoteStep(rateMicro: bigint): bigint {
  return divideRoundHalfUp(rateMicro, QUOTE_STEP_MICRO) * QUOTE_STEP_MICRO;
}

/** Spot and forward quotes: a rate reference owned by one enterprise that expires. */
export class RatesService {
  private readonly quotes = new QuoteCache();
  /** Spot quotes being issued, by enterprise: concurrent callers wait for the same one. */
  private readonly issuingSpotQuotes = new Map<string, Promise<Quote>>();
  /** The last minute whose rate tick this process stored. */
  private lastTickMinute = 0;

  constructor(
    private readonly db: Db,
    private readonly source: RateSource,
    private readonly settings: RatesSettings,
    private readonly now: () => Date,
  ) {}

  /** The rate a customer gets now: the mid less the spread, to 4 decimals. */
  customerRateAt(at: Date): bigint {
    const mid = this.source.midRateAt(at);
    return roundToQuoteStep(
      divideRoundHalfUp(mid * BigInt(10_000 - this.settings.spreadBps), 10_000n),
    );
  }

  /**
   * A spot quote for the enterprise, reusing one issued in the last few seconds. Callers
   * that arrive together while none is reusable share one new quote: without that, every
   * request in flight when the last one aged out wrote its own.
   */
  async spotQuote(enterpriseId: string): Promise<Quote> {
    const now = this.now();
    const cached = this.quotes.latestSpotOf(enterpriseId);
    if (cached && isReusable(cached, now)) return toQuote(cached);
    const pending = this.issuingSpotQuotes.get(enterpriseId);
    if (pending) return pending;
    const issuing = this.issueSpotQuote(enterpriseId, now).finally(() => {
      this.issuingSpotQuotes.delete(enterpriseId);
    });
    this.issuingSpotQuotes.set(enterpriseId, issuing);
    return issuing;
  }

  private async issueSpotQuote(enterpriseId: string, now: Date): Promise<Quote> {
    const reusableSince = new Date(now.getTime() - QUOTE_REUSE_MS);
    const recent = await repo.findRecentSpotQuote(this.db, enterpriseId, reusableSince);
    if (recent && recent.expires_at > now) {
      this.quotes.remember(fromRow(recent), now);
      return { id: recent.id, rateMicro: recent.rate_micro, expiresAt: recent.expires_at };
    }
    const quote: Quote = {
      id: randomUUID(),
      rateMicro: this.customerRateAt(now),
      expiresAt: new Date(now.getTime() + this.settings.quoteTtlSeconds * 1000),
    };
    await repo.insertQuote(this.db, {
      id: quote.id,
      enterprise_id: enterpriseId,
      kind: 'SPOT',
      rate_micro: quote.rateMicro,
      spot_quote_id: null,
      forward_date: null,
      created_at: now,
      expires_at: quote.expiresAt,
    });
    this.quotes.remember({ ...quote, enterpriseId, kind: 'SPOT', createdAt: now }, now);
    await this.recordTick(now);
    return quote;
  }

  /**
   * The spot quote a money request refers to. Unknown ids and other enterprises' quotes
   * are a mismatch (never revealing which); a stated rate must equal the quote's.
   */
  async requireSpotQuote(
    db: Executor,
    enterpriseId: string,
    quoteId: string,
    options: { field: string; statedRateMicro?: bigint | undefined; rateField?: string },
  ): Promise<Quote> {
    return this.requireQuote(db, enterpriseId, quoteId, 'SPOT', options);
  }

  async requireForwardQuote(
    db: Executor,
    enterpriseId: string,
    quoteId: string,
    options: {
      field: string;
      statedRateMicro?: bigint | undefined;
      rateField?: string;
      forwardDate?: CalendarDate;
    },
  ): Promise<ForwardQuote> {
    const quote = await this.requireQuote(db, enterpriseId, quoteId, 'FORWARD', options);
    const row = await repo.findQuote(db, quoteId);
    const forwardDate = row?.forward_date;
    if (!forwardDate) throw new AppError('QUOTE_MISMATCH', { field: options.field });
    if (options.forwardDate !== undefined && options.forwardDate !== forwardDate) {
      throw new AppError('QUOTE_MISMATCH', { field: 'dForwardTransactionDate' });
    }
    return { ...quote, forwardDate };
  }

  /** Prices a forward for a settlement day in the window, from a live spot quote. */
  async forwardQuote(
    enterpriseId: string,
    spotQuoteId: string,
    forwardDate: CalendarDate,
  ): Promise<ForwardQuote> {
    const now = this.now();
    const today = todayInTimeZone(now);
    if (forwardDateProblem(forwardDate, today)) {
      throw new AppError('INVALID_INPUT', { field: 'dDateForward' });
    }
    const spot = await this.requireSpotQuote(this.db, enterpriseId, spotQuoteId, {
      field: 'referenceExchangeRate',
    });
    const rateMicro = forwardRate({
      spotRateMicro: spot.rateMicro,
      days: daysBetween(today, forwardDate),
      mxnInterestPercentMicro: this.settings.mxnInterestPercentMicro,
      usdInterestPercentMicro: this.settings.usdInterestPercentMicro,
      spreadBasisPoints: BigInt(this.settings.forwardSpreadBps),
    });
    const quote: ForwardQuote = {
      id: randomUUID(),
      rateMicro: roundToQuoteStep(rateMicro),
      expiresAt: new Date(now.getTime() + this.settings.quoteTtlSeconds * 1000),
      forwardDate,
    };
    await repo.insertQuote(this.db, {
      id: quote.id,
      enterprise_id: enterpriseId,
      kind: 'FORWARD',
      rate_micro: quote.rateMicro,
      spot_quote_id: spot.id,
      forward_date: forwardDate,
      created_at: now,
      expires_at: quote.expiresAt,
    });
    this.quotes.remember({ ...quote, enterpriseId, kind: 'FORWARD', createdAt: now }, now);
    return quote;
  }

  /** Customer-rate history for charts: hourly up to a week, daily beyond. */
  async history(days: number): Promise<Array<{ t: string; rateMicro: bigint }>> {
    const now = this.now();
    try {
      await this.recordTick(now);
    } catch (error) {
      // The chart shows what was recorded while the source cannot be trusted.
      if (!(error instanceof AppError && error.code === 'RATE_SOURCE_UNAVAILABLE')) throw error;
    }
    const since = new Date(now.getTime() - days * DAY_MS);
    const ticks = await repo.findRateHistory(this.db, since, days > 7);
    return ticks.map((tick) => ({
      t: tick.observedAt.toISOString(),
      rateMicro: roundToQuoteStep(
        divideRoundHalfUp(tick.midMicro * BigInt(10_000 - this.settings.spreadBps), 10_000n),
      ),
    }));
  }

  /** Stores a year of daily and a week of hourly history, so charts have data from the start. */
  async backfillHistory(): Promise<void> {
    // A published source knows only today's rate; its history is what was recorded.
    if (!this.source.knowsThePast) return;
    const now = this.now();
    const ticks: Array<{ observedAt: Date; midMicro: bigint }> = [];
    const lastHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    for (let hour = 0; hour <= 8 * 24; hour += 1) {
      const at = new Date(lastHour - hour * HOUR_MS);
      ticks.push({ observedAt: at, midMicro: this.source.midRateAt(at) });
    }
    const lastNoon = Math.floor(now.getTime() / DAY_MS) * DAY_MS + 18 * HOUR_MS;
    for (let day = 1; day <= 366; day += 1) {
      const at = new Date(lastNoon - day * DAY_MS);
      ticks.push({ observedAt: at, midMicro: this.source.midRateAt(at) });
    }
    await repo.insertRateTicks(this.db, ticks);
  }

  private async recordTick(now: Date): Promise<void> {
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    // One tick a minute: the row exists once this process has stored it.
    if (minute === this.lastTickMinute) return;
    const at = new Date(minute);
    await repo.insertRateTicks(this.db, [{ observedAt: at, midMicro: this.source.midRateAt(at) }]);
    this.lastTickMinute = minute;
  }

  private async requireQuote(
    db: Executor,
    enterpriseId: string,
    quoteId: string,
    kind: 'SPOT' | 'FORWARD',
    options: { field: string; statedRateMicro?: bigint | undefined; rateField?: string },
  ): Promise<Quote> {
    const quote = isUuid(quoteId) ? await this.findQuote(db, quoteId) : undefined;
    if (!quote || quote.enterpriseId !== enterpriseId || quote.kind !== kind) {
      throw new AppError('QUOTE_MISMATCH', { field: options.field });
    }
    if (quote.expiresAt <= this.now())
      throw new AppError('QUOTE_EXPIRED', { field: options.field });
    if (options.statedRateMicro !== undefined && options.statedRateMicro !== quote.rateMicro) {
      throw new AppError('QUOTE_MISMATCH', { field: options.rateField ?? options.field });
    }
    return toQuote(quote);
  }

  /** A quote by id, from the cache or the table (which then fills the cache). */
  private async findQuote(db: Executor, quoteId: string): Promise<CachedQuote | undefined> {
    const cached = this.quotes.get(quoteId);
    if (cached) return cached;
    const row = await repo.findQuote(db, quoteId);
    if (!row) return undefined;
    const quote = fromRow(row);
    this.quotes.remember(quote, this.now());
    return quote;
  }
}

function fromRow(row: repo.QuoteRow): CachedQuote {
  return {
    id: row.id,
    enterpriseId: row.enterprise_id,
    kind: row.kind,
    rateMicro: row.rate_micro,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** A spot quote issued within QUOTE_REUSE_MS that has not expired can be handed out again. */
function isReusable(quote: CachedQuote, now: Date): boolean {
  return now.getTime() - quote.createdAt.getTime() < QUOTE_REUSE_MS && quote.expiresAt > now;
}

function toQuote(quote: CachedQuote): Quote {
  return { id: quote.id, rateMicro: quote.rateMicro, expiresAt: quote.expiresAt };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
