import { z } from 'zod';
import { isCalendarDate } from './calendar-date.js';
import { validateClabe } from './clabe.js';
import { DomainInputError } from './domain-input-error.js';
import { parseMoney, parseRate } from './money.js';
import { validateRfc } from './rfc.js';

/**
 * zod schemas shared by the API (request bodies) and the web forms (react-hook-form).
 * Money and rates arrive as a JSON number or a numeric string and come out as bigint
 * (cents, micro-units). Issue messages are codes ('TOO_MANY_DECIMALS', 'NOT_POSITIVE',
 * 'CLABE_CHECK_DIGIT', …) that each end translates.
 */

const numberOrNumericString = z.union([z.number(), z.string()], { error: 'NOT_A_NUMBER' });

function decimalSchema(parse: (input: string | number) => bigint, minimum: 'positive' | 'zero') {
  return numberOrNumericString.transform((input, ctx) => {
    let value: bigint;
    try {
      value = parse(input);
    } catch (error) {
      if (!(error instanceof DomainInputError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.reason, input });
      return z.NEVER;
    }
    if (minimum === 'positive' && value <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'NOT_POSITIVE', input });
      return z.NEVER;
    }
    if (minimum === 'zero' && value < 0n) {
      ctx.addIssue({ code: 'custom', message: 'NEGATIVE', input });
      return z.NEVER;
    }
    return value;
  });
}

/** An amount > 0 with at most 2 decimals → bigint cents. */
export const moneySchema = decimalSchema(parseMoney, 'positive');

/** An amount ≥ 0 with at most 2 decimals → bigint cents. */
export const nonNegativeMoneySchema = decimalSchema(parseMoney, 'zero');

/** An exchange rate > 0 with at most 6 decimals → bigint micro-units. */
export const rateSchema = decimalSchema(parseRate, 'positive');

/** A real 'YYYY-MM-DD' day, kept as the string. */
export const calendarDateSchema = z
  .string({ error: 'INVALID_DATE' })
  .refine(isCalendarDate, { error: 'INVALID_DATE' });

/** An 18-digit CLABE with a valid check digit; surrounding spaces are trimmed. */
export const clabeSchema = z
  .string({ error: 'CLABE_NOT_DIGITS' })
  .trim()
  .check((ctx) => {
    const result = validateClabe(ctx.value);
    if (!result.ok) {
      ctx.issues.push({ code: 'custom', message: `CLABE_${result.reason}`, input: ctx.value });
    }
  });

/** A company or person RFC → its normalized form; a bad check digit is not an error. */
export const rfcSchema = z.string({ error: 'RFC_FORMAT' }).transform((input, ctx) => {
  const result = validateRfc(input);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: `RFC_${result.reason}`, input });
    return z.NEVER;
  }
  return result.normalized;
});

/** A well-formed e-mail, trimmed and lowercased. */
export const emailSchema = z
  .string({ error: 'INVALID_EMAIL' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'INVALID_EMAIL' })
  .pipe(z.email({ error: 'INVALID_EMAIL' }));
