import {
  convertUsdToMxn,
  moneyToDecimalString,
  moneyToNumber,
  parseMoney,
  parseRate,
  usdForExactMxn,
} from '@app/domain';
import { readAmountCents } from '../../lib/amount-text';

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
  /** What they typed, as typed: `amountProblem` says what is wrong with it, if anything. */
  text: string;
}

export const EMPTY_AMOUNT: AmountEntry = { source: 'usd', text: '' };

export interface LinkedAmounts {
  usdText: string;
  mxnText: string;
  /** USD cents charged; undefined while the entry is empty or not a positive amount. */
  usdCents: bigint | undefined;
  /** MXN centavos delivered: the typed MXN exactly, or what `usdCents` buys at the rate. */
  mxnCents: bigint | undefined;
}

/** Cents of the typed text; undefined while it is empty or has a problem (`amountProblem`). */
function readCents(text: string): bigint | undefined {
  return readAmountCents(text);
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
 * Both fields from the one typed. From USD: MXN = USD × rate, to the centavo. From MXN: the
 * MXN is exact (it is what is submitted, as `dDesAmount`) and USD = MXN / rate rounded up
 * to the cent, as the server charges it (DESIGN §4 "Amount targets").
 */
export function linkAmounts(entry: AmountEntry, rate: number | undefined): LinkedAmounts {
  const typed = readCents(entry.text);
  const rateMicro = readRate(rate);
  if (entry.source === 'usd') {
    const usdCents = typed !== undefined && typed > 0n ? typed : undefined;
    const mxnCents =
      typed !== undefined && rateMicro !== undefined
        ? convertUsdToMxn(typed, rateMicro)
        : undefined;
    return {
      usdText: entry.text,
      mxnText: mxnCents === undefined ? '' : moneyToDecimalString(mxnCents),
      usdCents:
        usdCents !== undefined && mxnCents !== undefined && mxnCents > 0n ? usdCents : undefined,
      mxnCents:
        usdCents !== undefined && mxnCents !== undefined && mxnCents > 0n ? mxnCents : undefined,
    };
  }
  const usdCents =
    typed !== undefined && rateMicro !== undefined ? usdForExactMxn(typed, rateMicro) : undefined;
  const positive = typed !== undefined && typed > 0n && usdCents !== undefined;
  return {
    usdText: usdCents === undefined ? '' : moneyToDecimalString(usdCents),
    mxnText: entry.text,
    usdCents: positive ? usdCents : undefined,
    mxnCents: positive ? typed : undefined,
  };
}

/** The amount to send: the field the user typed last, `dAmount` (USD) or `dDesAmount` (MXN). */
export function amountTarget(
  entry: AmountEntry,
  linked: LinkedAmounts,
): { dAmount: number } | { dDesAmount: number } | undefined {
  if (linked.usdCents === undefined || linked.mxnCents === undefined) return undefined;
  return entry.source === 'mxn'
    ? { dDesAmount: moneyToNumber(linked.mxnCents) }
    : { dAmount: moneyToNumber(linked.usdCents) };
}

/** True when the amount charged is above the USD available (flagged while typing). */
export function isAboveBalance(linked: LinkedAmounts, usdBalance: number | undefined): boolean {
  if (usdBalance === undefined || linked.usdCents === undefined) return false;
  try {
    return linked.usdCents > parseMoney(usdBalance);
  } catch {
    return false;
  }
}

/** True when the user typed something that does not make a positive USD amount. */
export function hasAmountProblem(entry: AmountEntry, linked: LinkedAmounts): boolean {
  return entry.text !== '' && linked.usdCents === undefined;
}
