import type { Executor } from '../../db/database.js';

export async function storeReferenceRates(
  db: Executor,
  series: string,
  values: Array<{ date: string; rateMicro: bigint }>,
  fetchedAt: Date,
): Promise<void> {
  if (values.length === 0) return;
  await db
    .insertInto('reference_rates')
    .values(
      values.map((value) => ({
        series,
        rate_date: value.date,
        rate_micro: value.rateMicro,
        fetched_at: fetchedAt,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['series', 'rate_date']).doUpdateSet((eb) => ({
        rate_micro: eb.ref('excluded.rate_micro'),
        fetched_at: eb.ref('excluded.fetched_at'),
      })),
    )
    .execute();
}

export async function latestReferenceRate(db: Executor, series: string) {
  return db
    .selectFrom('reference_rates')
    .selectAll()
    .where('series', '=', series)
    .orderBy('rate_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The reference rate in force on a day: the one published that day or the last before. */
export async function referenceRateOn(db: Executor, series: string, date: string) {
  return db
    .selectFrom('reference_rates')
    .select(['rate_date', 'rate_micro'])
    .where('series', '=', series)
    .where('rate_date', '<=', date)
    .orderBy('rate_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}
