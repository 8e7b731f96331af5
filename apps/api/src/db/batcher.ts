/** How a `Batcher` runs its statement: for many items at once, or for one alone. */
export interface BatchRunner<Item, Result> {
  /** Runs the statement for several items; answers one result per item, in order. */
  runMany(items: Item[]): Promise<Result[]>;
  /** Runs it for one item: a call made alone, and each item again when its batch failed. */
  runOne(item: Item): Promise<Result>;
  /** The most items in one statement. */
  maxBatch: number;
  /** The most statements in flight at once; calls made meanwhile wait and join the next. */
  maxInFlight: number;
  /** Told why a batch failed (its items then run again one at a time). */
  onBatchFailed?: (error: unknown) => void;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one busy statement (a write, or the read before it): calls made in the
 * same turn of the event loop, or while `maxInFlight` statements are running, run together,
 * in one round trip (and for a write, one commit). A call alone runs alone, as before. A
 * batch that fails (one write in it refused, a deadlock) runs again one item at a time, in
 * the order the calls came, so each call gets its own answer or error and none is affected
 * by another's.
 */
export class Batcher<Item, Result> {
  private readonly waiting: Array<Waiting<Item, Result>> = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly runner: BatchRunner<Item, Result>) {}

  run(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    if (this.inFlight >= this.runner.maxInFlight) return;
    this.scheduled = true;
    // After the current turn's I/O callbacks: the calls they make join this batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.runner.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.runner.maxBatch);
      this.inFlight += 1;
      void this.runBatch(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private async runBatch(batch: Array<Waiting<Item, Result>>): Promise<void> {
    if (batch.length > 1) {
      let results: Result[] | undefined;
      try {
        results = await this.runner.runMany(batch.map((waiting) => waiting.item));
      } catch (error) {
        results = undefined;
        try {
          this.runner.onBatchFailed?.(error);
        } catch {
          // A reporter that fails must not keep the batch's callers waiting.
        }
      }
      if (results) {
        batch.forEach((waiting, index) => waiting.resolve(results[index] as Result));
        return;
      }
    }
    for (const waiting of batch) {
      try {
        waiting.resolve(await this.runner.runOne(waiting.item));
      } catch (error) {
        waiting.reject(error);
      }
    }
  }
}
