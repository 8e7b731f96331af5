import { MONEY_DECIMALS, parseMoney } from '@app/domain';
import type { TFunction } from 'i18next';

/**
 * An amount field keeps what the person typed, character for character, and says what is
 * wrong with it: a field that silently dropped the "e" of "1e9" (leaving 19) or the sign of
 * "-5" would send an amount nobody typed. Thousands separators and spaces are read past.
 */

export type AmountProblem =
  'notANumber' | 'exponent' | 'negative' | 'decimals' | 'zero' | 'tooLarge';

/** The texts of each problem, shell keys (`amountProblems.*`), in both languages. */
export const AMOUNT_PROBLEMS: readonly AmountProblem[] = [
  'notANumber',
  'exponent',
  'negative',
  'decimals',
  'zero',
  'tooLarge',
];

/** The digits of a typed amount, separators and spaces left out. */
function digitsOf(text: string): string {
  return text.replace(/[,\s]/g, '');
}

/** Cents of a typed amount, or undefined when it is empty or has a problem. */
export function readAmountCents(text: string, max?: bigint): bigint | undefined {
  if (amountProblem(text, max) !== undefined) return undefined;
  const digits = digitsOf(text);
  if (!/\d/.test(digits)) return undefined;
  return parseMoney(digits);
}

/** What is wrong with a typed amount; undefined for an empty field or a good amount. */
export function amountProblem(text: string, max?: bigint): AmountProblem | undefined {
  const digits = digitsOf(text);
  if (digits === '') return undefined;
  if (/^[+-]?\d*\.?\d*[eE][+-]?\d*$/.test(digits) && /\d/.test(digits)) return 'exponent';
  if (digits.startsWith('-')) return 'negative';
  if (!/^\d*\.?\d*$/.test(digits) || !/\d/.test(digits)) return 'notANumber';
  const decimals = digits.split('.')[1] ?? '';
  if (decimals.length > MONEY_DECIMALS) return 'decimals';
  let cents: bigint;
  try {
    cents = parseMoney(digits);
  } catch {
    return 'tooLarge';
  }
  if (cents <= 0n) return 'zero';
  if (max !== undefined && cents > max) return 'tooLarge';
  return undefined;
}

/** The sentence of a problem in the interface language; `maxText` is the bound, formatted. */
export function amountProblemText(t: TFunction, problem: AmountProblem, maxText = ''): string {
  return t(`amountProblems.${problem}`, { max: maxText });
}
