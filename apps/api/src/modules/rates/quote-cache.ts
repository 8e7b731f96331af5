/** A quote as the cache keeps it: quotes never change once written. */
export interface CachedQuote {
  id: string;
  enterpriseId: string;
  kind: 'SPOT' | 'FORWARD';
  rateMicro: bigint;
  createdAt: Date;
  expiresAt: Date;
}

/** Past this many entries, expired quotes are dropped (and, if still full, the oldest). */
const MAX_ENTRIES = 20_000;

/**
 * The quotes this process wrote or read, by id, and each enterprise's latest spot quote.
 * Quotes are immutable and stored before they are handed out, so a hit is as good as a read
 * of the `quotes` table: it saves the hottest reads (every dashboard, every money request)
 * a round trip. A miss falls back to the table, so several processes stay correct.
 */
export class QuoteCache {
  private readonly byId = new Map<string, CachedQuote>();
  private readonly latestSpot = new Map<string, CachedQuote>();

  get(quoteId: string): CachedQuote | undefined {
    return this.byId.get(quoteId);
  }

  /** The enterprise's latest spot quote written or read here, if any. */
  latestSpotOf(enterpriseId: string): CachedQuote | undefined {
    return this.latestSpot.get(enterpriseId);
  }

  remember(quote: CachedQuote, now: Date): void {
    if (this.byId.size >= MAX_ENTRIES) this.evict(now);
    this.byId.set(quote.id, quote);
    if (quote.kind === 'SPOT') {
      const latest = this.latestSpot.get(quote.enterpriseId);
      if (!latest || latest.createdAt <= quote.createdAt) {
        this.latestSpot.set(quote.enterpriseId, quote);
      }
    }
  }

  private evict(now: Date): void {
    for (const [id, quote] of this.byId) {
      if (quote.expiresAt <= now) this.byId.delete(id);
    }
    for (const [enterpriseId, quote] of this.latestSpot) {
      if (quote.expiresAt <= now) this.latestSpot.delete(enterpriseId);
    }
    // Map keeps insertion order: what is left over the limit goes oldest first.
    for (const id of this.byId.keys()) {
      if (this.byId.size < MAX_ENTRIES) break;
      this.byId.delete(id);
    }
  }
}
