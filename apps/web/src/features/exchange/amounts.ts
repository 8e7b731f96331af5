import {
  convertMxnToUsd,
  convertUsdToMxn,
  moneyToDecimalString,
  parseMoney,
  parseRate,
} from '@app/domain';

/**
 * The linked USD and MXN amount fields of the exchange dialogs. Only the field the user
 * typed in is state; the other is derived from it at the current rate on every render,
 * so the two can never disagree with the rate that will be sent. All arithmetic is on
 * integers (cents, rate micro-units) through @app/domain.
 */

export type AmountSource = 'usd' | 'mxn';

export interface AmountEntry {
  /** The field the user typed in last. */
  source: AmountSource;
  /** What they typed: digits with at most two decimals. */
  text: string;
}

export const EMPTY_AMOUNT: AmountEntry = { source: 'usd', text: '' };

export interface LinkedAmounts {
  usdText: string;
  mxnText: string;
  /** USD cents to submit; undefined while the entry is empty or not a positive amount. */
  usdCents: bigint | undefined;
  /** MXN centavos that `usdCents` buys at the rate (what the server books). */
  mxnCents: bigint | undefined;
}

const AMOUNT_WHILE_TYPING = /^\d*\.?\d{0,2}$/;

/**
 * What an amount field keeps of a keystroke: digits and at most two decimals, thousands
 * separators and spaces dropped. Undefined means "refuse the change".
 */
export function sanitizeAmountInput(raw: string): string | undefined {
  const text = raw.replace(/[,\s]/g, '');
  return AMOUNT_WHILE_TYPING.test(text) ? text : undefined;
}

function readCents(text: string): bigint | undefined {
  if (!/\d/.test(text)) return undefined;
  try {
    return parseMoney(text);
  } catch {
    return undefined;
  }
}

function readRate(rate: number | undefined): bigint | undefined {
  if (rate === undefined) return undefined;
  try {
    const micro = parseRate(rate);
    return micro > 0n ? micro : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Both fields from the one typed. From USD: MXN = USD × rate, to the centavo. From MXN:
 * USD = MXN / rate, to the cent, and that rounded USD is what is submitted.
 */
export function linkAmounts(entry: AmountEntry, rate: number | undefined): LinkedAmounts {
  const typed = readCents(entry.text);
  const rateMicro = readRate(rate);
  const usdCents =
    entry.source === 'usd'
      ? typed
      : typed !== undefined && rateMicro !== undefined
        ? convertMxnToUsd(typed, rateMicro)
        : undefined;
  const mxnCents =
    usdCents !== undefined && rateMicro !== undefined
      ? convertUsdToMxn(usdCents, rateMicro)
      : undefined;
  const positiveUsd = usdCents !== undefined && usdCents > 0n ? usdCents : undefined;
  if (entry.source === 'usd') {
    return {
      usdText: entry.text,
      mxnText: mxnCents === undefined ? '' : moneyToDecimalString(mxnCents),
      usdCents: positiveUsd,
      mxnCents: positiveUsd === undefined ? undefined : mxnCents,
    };
  }
  return {
    usdText: usdCents === undefined ? '' : moneyToDecimalString(usdCents),
    mxnText: entry.text,
    usdCents: positiveUsd,
    mxnCents: positiveUsd === undefined ? undefined : mxnCents,
  };
}

/** True when the user typed something that does not make a positive USD amount. */
export function hasAmountProblem(entry: AmountEntry, linked: LinkedAmounts): boolean {
  return entry.text !== '' && linked.usdCents === undefined;
}
