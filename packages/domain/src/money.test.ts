import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainInputError } from './domain-input-error.js';
import {
  FORWARD_DEPOSIT_PERCENT,
  MAX_MONEY_CENTS,
  MAX_RATE_MICRO,
  convertMxnToUsd,
  convertUsdToMxn,
  divideCeil,
  divideRoundHalfUp,
  forwardDeposit,
  moneyToDecimalString,
  moneyToNumber,
  parseMoney,
  parseRate,
  percentOf,
  percentUsed,
  rateToDecimalString,
  rateToNumber,
} from './money.js';

const RUNS = { numRuns: 1000 };

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainInputError) return error.reason;
    throw error;
  }
  return undefined;
}

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

describe('parseMoney', () => {
  it('reads JSON numbers through their shortest representation', () => {
    expect(parseMoney(1234.5)).toBe(123450n);
    expect(parseMoney(0.1)).toBe(10n);
    expect(parseMoney(19.99)).toBe(1999n);
    expect(parseMoney(-0.05)).toBe(-5n);
    expect(parseMoney(500000)).toBe(50_000_000n);
  });

  it('reads strings exactly', () => {
    expect(parseMoney('1234.50')).toBe(123450n);
    expect(parseMoney('0.01')).toBe(1n);
  });

  it('refuses a third decimal instead of rounding it', () => {
    expect(reasonOf(() => parseMoney(10.005))).toBe('TOO_MANY_DECIMALS');
    expect(reasonOf(() => parseMoney('10.005'))).toBe('TOO_MANY_DECIMALS');
    expect(reasonOf(() => parseMoney(0.1 + 0.2))).toBe('TOO_MANY_DECIMALS');
  });

  it('refuses exponents, NaN, Infinity and text', () => {
    expect(reasonOf(() => parseMoney('1e5'))).toBe('EXPONENT_NOT_ALLOWED');
    expect(reasonOf(() => parseMoney(Number.NaN))).toBe('NOT_FINITE');
    expect(reasonOf(() => parseMoney(Number.POSITIVE_INFINITY))).toBe('NOT_FINITE');
    expect(reasonOf(() => parseMoney('NaN'))).toBe('NOT_FINITE');
    expect(reasonOf(() => parseMoney('12 USD'))).toBe('NOT_A_NUMBER');
  });

  it('refuses amounts beyond 9,999,999,999,999.99', () => {
    expect(parseMoney('9999999999999.99')).toBe(MAX_MONEY_CENTS);
    expect(reasonOf(() => parseMoney('10000000000000'))).toBe('OUT_OF_RANGE');
  });
});

describe('money formatting', () => {
  it('writes two decimals', () => {
    expect(moneyToDecimalString(123450n)).toBe('1234.50');
    expect(moneyToDecimalString(-5n)).toBe('-0.05');
    expect(moneyToNumber(123450n)).toBe(1234.5);
    expect(moneyToNumber(-85812n)).toBe(-858.12);
  });

  it('round-trips every amount through its string and its JSON number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS }), (cents) => {
        expect(parseMoney(moneyToDecimalString(cents))).toBe(cents);
        expect(parseMoney(JSON.parse(JSON.stringify(moneyToNumber(cents))) as number)).toBe(cents);
      }),
      RUNS,
    );
  });

  it('gives the number its decimal string reads as, for every amount', () => {
    const amounts = fc.oneof(
      fc.bigInt({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS }),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
      fc.integer({ min: -100_000, max: 100_000 }).map(BigInt),
    );
    fc.assert(
      fc.property(amounts, (cents) => {
        expect(moneyToNumber(cents)).toBe(Number(moneyToDecimalString(cents)));
      }),
      { numRuns: 20_000 },
    );
    expect(moneyToNumber(0n)).toBe(0);
    expect(moneyToNumber(1n)).toBe(0.01);
    expect(moneyToNumber(-1n)).toBe(-0.01);
    expect(moneyToNumber(MAX_MONEY_CENTS)).toBe(9_999_999_999_999.99);
  });
});

describe('rates', () => {
  it('reads up to 6 decimals', () => {
    expect(parseRate(18.4)).toBe(18_400_000n);
    expect(parseRate('18.553760')).toBe(18_553_760n);
    expect(parseRate(0.000001)).toBe(1n);
    expect(reasonOf(() => parseRate('18.5537604'))).toBe('TOO_MANY_DECIMALS');
    expect(reasonOf(() => parseRate(1e-7))).toBe('TOO_MANY_DECIMALS');
    expect(rateToDecimalString(18_400_000n)).toBe('18.400000');
    expect(rateToNumber(18_553_760n)).toBe(18.55376);
  });

  it('round-trips every rate through its JSON number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_RATE_MICRO }), (micro) => {
        expect(parseRate(rateToNumber(micro))).toBe(micro);
        expect(parseRate(rateToDecimalString(micro))).toBe(micro);
        expect(rateToNumber(micro)).toBe(Number(rateToDecimalString(micro)));
      }),
      { numRuns: 20_000 },
    );
  }, 30_000);
});

describe('divideRoundHalfUp', () => {
  it('rounds ties away from zero, whatever the signs', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfUp(5n, -2n)).toBe(-3n);
    expect(divideRoundHalfUp(-5n, -2n)).toBe(3n);
    expect(divideRoundHalfUp(7n, 3n)).toBe(2n);
    expect(divideRoundHalfUp(-7n, 3n)).toBe(-2n);
    expect(divideRoundHalfUp(0n, 3n)).toBe(0n);
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it('matches sign × floor((2|n| + |d|) / 2|d|), the exact rational rounding', () => {
    const nonZero = fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), nonZero, (n, d) => {
        const sign = n < 0n !== d < 0n ? -1n : 1n;
        const reference = sign * ((2n * abs(n) + abs(d)) / (2n * abs(d)));
        expect(divideRoundHalfUp(n, d)).toBe(reference);
      }),
      RUNS,
    );
  });

  it('is never more than half away from the exact quotient', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (n, d) => {
          const q = divideRoundHalfUp(n, d);
          // |n/d − q| ≤ 1/2  ⇔  |2n − 2qd| ≤ d
          expect(abs(2n * n - 2n * q * d) <= d).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

describe('divideCeil', () => {
  it('rounds towards +∞', () => {
    expect(divideCeil(7n, 2n)).toBe(4n);
    expect(divideCeil(-7n, 2n)).toBe(-3n);
    expect(divideCeil(7n, -2n)).toBe(-3n);
    expect(divideCeil(-7n, -2n)).toBe(4n);
    expect(divideCeil(6n, 2n)).toBe(3n);
  });
});

describe('conversions', () => {
  it('follows DOMAIN.md: MXN 500,000 at 19.00 and 18.40', () => {
    expect(convertMxnToUsd(50_000_000n, 19_000_000n)).toBe(2_631_579n); // 26,315.79
    expect(convertMxnToUsd(50_000_000n, 18_400_000n)).toBe(2_717_391n); // 27,173.91
    expect(convertUsdToMxn(2_717_391n, 18_400_000n)).toBe(49_999_994n); // 499,999.94
  });

  it('rounds half-up to the cent', () => {
    // 0.05 USD × 18.5 = 0.925 MXN → 0.93
    expect(convertUsdToMxn(5n, 18_500_000n)).toBe(93n);
    // 0.37 MXN / 20 = 0.0185 USD → 0.02
    expect(convertMxnToUsd(37n, 20_000_000n)).toBe(2n);
  });

  it('refuses a non-positive rate', () => {
    expect(() => convertUsdToMxn(100n, 0n)).toThrow(RangeError);
    expect(() => convertMxnToUsd(100n, -1n)).toThrow(RangeError);
  });

  const usdCents = fc.bigInt({ min: 0n, max: 10n ** 13n });
  const realisticRate = fc.bigInt({ min: 16_000_000n, max: 22_000_000n });

  it('USD → MXN → USD comes back within one cent for rates of 16–22', () => {
    fc.assert(
      fc.property(usdCents, realisticRate, (usd, rate) => {
        const back = convertMxnToUsd(convertUsdToMxn(usd, rate), rate);
        expect(abs(back - usd) <= 1n).toBe(true);
      }),
      RUNS,
    );
  });

  it('USD → MXN is within half a centavo of usd × rate', () => {
    fc.assert(
      fc.property(usdCents, fc.bigInt({ min: 1n, max: MAX_RATE_MICRO }), (usd, rate) => {
        const mxn = convertUsdToMxn(usd, rate);
        // |mxn − usd·rate/1e6| ≤ 1/2  ⇔  |2·mxn·1e6 − 2·usd·rate| ≤ 1e6
        expect(abs(2n * mxn * 1_000_000n - 2n * usd * rate) <= 1_000_000n).toBe(true);
      }),
      RUNS,
    );
  });

  it('MXN → USD is within half a cent of mxn / rate', () => {
    fc.assert(
      fc.property(usdCents, fc.bigInt({ min: 1n, max: MAX_RATE_MICRO }), (mxn, rate) => {
        const usd = convertMxnToUsd(mxn, rate);
        // |usd − mxn·1e6/rate| ≤ 1/2  ⇔  |2·usd·rate − 2·mxn·1e6| ≤ rate
        expect(abs(2n * usd * rate - 2n * mxn * 1_000_000n) <= rate).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('forwardDeposit', () => {
  it('is 5 % rounded up to the cent', () => {
    expect(FORWARD_DEPOSIT_PERCENT).toBe(5);
    expect(forwardDeposit(2_694_871n)).toBe(134_744n); // 1,347.4355 → 1,347.44
    expect(forwardDeposit(2_694_872n)).toBe(134_744n); // 1,347.436 → 1,347.44
    expect(forwardDeposit(10_000n)).toBe(500n);
    expect(forwardDeposit(1n)).toBe(1n);
    expect(forwardDeposit(0n)).toBe(0n);
    expect(() => forwardDeposit(-1n)).toThrow(RangeError);
  });

  it('never falls short of 5 %', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MONEY_CENTS }), (usd) => {
        const deposit = forwardDeposit(usd);
        expect(deposit * 100n >= usd * 5n).toBe(true);
        expect((deposit - 1n) * 100n < usd * 5n).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('percentages', () => {
  it('has two decimals, half-up', () => {
    expect(percentOf(-85_812n, 2_631_579n)).toBe(-3.26);
    expect(percentOf(1n, 8n)).toBe(12.5);
    expect(percentOf(1n, 3n)).toBe(33.33);
    expect(percentOf(2n, 3n)).toBe(66.67);
    expect(percentOf(-1n, 200_000n)).toBe(0); // -0.0005 % → 0, never -0
    expect(percentOf(5n, 0n)).toBe(0);
  });

  it('is the number of its two-decimal string, for any part and whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS }),
        fc.bigInt({ min: 1n, max: MAX_MONEY_CENTS }),
        (part, whole) => {
          const hundredths = divideRoundHalfUp(part * 10_000n, whole);
          const negative = hundredths < 0n;
          const abs = negative ? -hundredths : hundredths;
          const text = `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
          expect(Object.is(percentOf(part, whole), Number(text) + 0)).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('clamps percent used to 0–100', () => {
    expect(percentUsed(25n, 100n)).toBe(25);
    expect(percentUsed(150n, 100n)).toBe(100);
    expect(percentUsed(-5n, 100n)).toBe(0);
    expect(percentUsed(5n, 0n)).toBe(0);
    expect(percentUsed(1n, 3n)).toBe(33.33);
  });
});
