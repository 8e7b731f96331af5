import {
  addDays,
  calendarDateFromParts,
  parseRate,
  todayInTimeZone,
  type CalendarDate,
} from '@app/domain';
import { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { RateSource } from './rate-source.js';
import * as repo from './reference-rates.repository.js';

/** Banxico's series of the FIX, the reference USD/MXN rate (DOMAIN.md, "Banxico FIX"). */
export const FIX_SERIES = 'SF43718';

export interface BanxicoSettings {
  /** The SIE API's host, `https://www.banxico.org.mx` (tests point it at recorded answers). */
  url: string;
  token: string;
  /** How long after the last answer of the source quotes may still use its FIX. */
  maxAgeMinutes: number;
  timeoutMs: number;
}

export interface PublishedFix {
  date: CalendarDate;
  rateMicro: bigint;
}

/** The SIE answer: `{ bmx: { series: [{ idSerie, titulo, datos: [{ fecha, dato }] }] } }`. */
const sieAnswerSchema = z.object({
  bmx: z.object({
    series: z.array(
      z.object({
        idSerie: z.string(),
        datos: z.array(z.object({ fecha: z.string(), dato: z.string() })).optional(),
      }),
    ),
  }),
});

/** `fecha` is `dd/mm/yyyy`. */
function sieDate(fecha: string): CalendarDate | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(fecha);
  if (!match) return undefined;
  try {
    return calendarDateFromParts(Number(match[3]), Number(match[2]), Number(match[1]));
  } catch {
    return undefined;
  }
}

/** The published values of an SIE answer, oldest first; `N/E` (no value: holidays) left out. */
export function publishedValues(answer: unknown): PublishedFix[] {
  const parsed = sieAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new Error('Banxico SIE: unexpected answer shape');
  const series = parsed.data.bmx.series.find((item) => item.idSerie === FIX_SERIES);
  if (!series) throw new Error(`Banxico SIE: series ${FIX_SERIES} missing from the answer`);
  const values: PublishedFix[] = [];
  for (const datum of series.datos ?? []) {
    const date = sieDate(datum.fecha);
    const text = datum.dato.trim();
    if (!date || !/^\d{1,3}(,?\d{3})*(\.\d{1,6})?$/.test(text)) continue;
    const rateMicro = parseRate(text.replaceAll(',', ''));
    if (rateMicro > 0n) values.push({ date, rateMicro });
  }
  return values.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Quotes from Banxico's FIX: the mid is the latest published FIX (a rate published once a
 * banking day), kept in `reference_rates` with its date. `refresh` asks the SIE API for the
 * last two weeks (a range, so that a holiday's `N/E` falls back to the day before); when the
 * source has not answered for `maxAgeMinutes`, quoting stops with RATE_SOURCE_UNAVAILABLE
 * rather than price money on a rate nobody confirmed.
 */
export class BanxicoFixSource implements RateSource {
  readonly name = 'banxico';
  private latest: (PublishedFix & { confirmedAt: Date }) | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: BanxicoSettings,
    private readonly now: () => Date,
    private readonly fetchJson: (url: string, init: RequestInit) => Promise<unknown> = fetchJsonOk,
  ) {}

  midRateAt(): bigint {
    const latest = this.latest;
    const ageMs = latest ? this.now().getTime() - latest.confirmedAt.getTime() : Infinity;
    if (!latest || ageMs > this.settings.maxAgeMinutes * 60_000) {
      throw new AppError('RATE_SOURCE_UNAVAILABLE');
    }
    return latest.rateMicro;
  }

  /** The FIX quotes use now, with its date, while it is fresh enough to quote on. */
  currentFix(): PublishedFix | undefined {
    try {
      const rateMicro = this.midRateAt();
      return this.latest ? { date: this.latest.date, rateMicro } : undefined;
    } catch {
      return undefined;
    }
  }

  /** What an earlier process (or another replica) stored: a restart keeps quoting. */
  async loadStored(): Promise<void> {
    const row = await repo.latestReferenceRate(this.db, FIX_SERIES);
    if (row && (!this.latest || row.fetched_at > this.latest.confirmedAt)) {
      this.latest = { date: row.rate_date, rateMicro: row.rate_micro, confirmedAt: row.fetched_at };
    }
  }

  /** Asks the source; throws (leaving the last FIX to age) when it cannot be read. */
  async refresh(): Promise<PublishedFix> {
    const now = this.now();
    const today = todayInTimeZone(now);
    const from = addDays(today, -14);
    const url = `${this.settings.url.replace(/\/$/, '')}/SieAPIRest/service/v1/series/${FIX_SERIES}/datos/${from}/${today}`;
    const answer = await this.fetchJson(url, {
      headers: { 'Bmx-Token': this.settings.token, Accept: 'application/json' },
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    const values = publishedValues(answer).filter((value) => value.date <= today);
    const newest = values.at(-1);
    if (!newest) throw new Error(`Banxico SIE: no FIX published between ${from} and ${today}`);
    await repo.storeReferenceRates(this.db, FIX_SERIES, values, now);
    this.latest = { ...newest, confirmedAt: now };
    return newest;
  }
}

/**
 * The FIX in force on a day (published that day, or the last banking day before), as this
 * server recorded it; none when the FIX was never read (the simulated market).
 */
export async function fixOfDay(db: Executor, day: CalendarDate): Promise<PublishedFix | null> {
  const row = await repo.referenceRateOn(db, FIX_SERIES, day);
  return row ? { date: row.rate_date, rateMicro: row.rate_micro } : null;
}

async function fetchJsonOk(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`Banxico SIE answered HTTP ${response.status}`);
  return response.json();
}
