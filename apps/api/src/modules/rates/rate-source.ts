/** Where market USD/MXN mid rates come from (MXN per USD, micro-units). */
export interface RateSource {
  readonly name: string;
  /** Throws AppError('RATE_SOURCE_UNAVAILABLE') when the source cannot be trusted now. */
  midRateAt(at: Date): bigint;
  /** It answers for past times too (a simulation), so charts can be filled at start. */
  readonly knowsThePast?: boolean;
}

const DAY_MS = 86_400_000;
const EPOCH_MS = Date.UTC(2024, 0, 1);

/** mulberry32: a small seeded generator, so every replica computes the same market. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function hashToUnit(seed: number, index: number): number {
  return seededRandom((seed * 2_654_435_761) ^ index)();
}

/**
 * A simulated market: daily closes follow a seeded, mean-reverting random walk around a
 * realistic mid; within a day the rate moves from one close to the next with a little
 * minute-by-minute noise. It is a function of time alone, so it needs no state and every
 * replica agrees. Floating point is used only to simulate the market; the rate leaves
 * here as integer micro-units and money math never sees a float.
 */
export class SimulatedMarket implements RateSource {
  readonly name = 'simulated';
  readonly knowsThePast = true;
  private readonly closes: number[] = [];
  private readonly random: () => number;

  constructor(
    private readonly options: {
      seed: number;
      centerMicro: bigint;
      /** Daily standard deviation in basis points of the rate. */
      dailyVolatilityBps: number;
    },
  ) {
    this.random = seededRandom(options.seed);
  }

  midRateAt(at: Date): bigint {
    const elapsed = Math.max(0, at.getTime() - EPOCH_MS);
    const day = Math.floor(elapsed / DAY_MS);
    const fraction = (elapsed - day * DAY_MS) / DAY_MS;
    const from = this.closeOfDay(day);
    const to = this.closeOfDay(day + 1);
    const minute = Math.floor(elapsed / 60_000);
    const noise = (hashToUnit(this.options.seed, minute) - 0.5) * 0.0004;
    const rate = (from + (to - from) * fraction) * (1 + noise);
    return BigInt(Math.round(rate * 1_000_000));
  }

  private closeOfDay(day: number): number {
    const center = Number(this.options.centerMicro) / 1_000_000;
    const sigma = this.options.dailyVolatilityBps / 10_000;
    if (this.closes.length === 0) this.closes.push(center);
    while (this.closes.length <= day) {
      const previous = this.closes[this.closes.length - 1] ?? center;
      // Box-Muller normal step with a pull back toward the center.
      const u = Math.max(this.random(), Number.EPSILON);
      const v = this.random();
      const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      const reversion = 0.03 * (center - previous);
      this.closes.push(previous + reversion + previous * sigma * normal);
    }
    return this.closes[day] ?? center;
  }
}
