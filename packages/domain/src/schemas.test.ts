import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  calendarDateSchema,
  clabeSchema,
  emailSchema,
  moneySchema,
  nonNegativeMoneySchema,
  rateSchema,
  rfcSchema,
} from './schemas.js';

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('moneySchema', () => {
  it('turns a JSON number or a numeric string into cents', () => {
    expect(moneySchema.parse(1234.5)).toBe(123450n);
    expect(moneySchema.parse('1234.50')).toBe(123450n);
    expect(moneySchema.parse(0.01)).toBe(1n);
  });

  it('answers with codes', () => {
    expect(messagesOf(moneySchema, 10.005)).toEqual(['TOO_MANY_DECIMALS']);
    expect(messagesOf(moneySchema, 0)).toEqual(['NOT_POSITIVE']);
    expect(messagesOf(moneySchema, -5)).toEqual(['NOT_POSITIVE']);
    expect(messagesOf(moneySchema, 'abc')).toEqual(['NOT_A_NUMBER']);
    expect(messagesOf(moneySchema, '1e3')).toEqual(['EXPONENT_NOT_ALLOWED']);
    expect(messagesOf(moneySchema, Number.POSITIVE_INFINITY)).toHaveLength(1);
    expect(messagesOf(moneySchema, null)).toEqual(['NOT_A_NUMBER']);
    expect(messagesOf(moneySchema, true)).toEqual(['NOT_A_NUMBER']);
  });

  it('has a non-negative variant', () => {
    expect(nonNegativeMoneySchema.parse(0)).toBe(0n);
    expect(messagesOf(nonNegativeMoneySchema, -0.01)).toEqual(['NEGATIVE']);
  });
});

describe('rateSchema', () => {
  it('turns a rate into micro-units', () => {
    expect(rateSchema.parse(18.55376)).toBe(18_553_760n);
    expect(rateSchema.parse('19')).toBe(19_000_000n);
  });

  it('refuses zero, negatives and a seventh decimal', () => {
    expect(messagesOf(rateSchema, 0)).toEqual(['NOT_POSITIVE']);
    expect(messagesOf(rateSchema, -18.4)).toEqual(['NOT_POSITIVE']);
    expect(messagesOf(rateSchema, 18.5537604)).toEqual(['TOO_MANY_DECIMALS']);
  });
});

describe('calendarDateSchema', () => {
  it('keeps real days as strings', () => {
    expect(calendarDateSchema.parse('2026-11-24')).toBe('2026-11-24');
    expect(messagesOf(calendarDateSchema, '2026-02-30')).toEqual(['INVALID_DATE']);
    expect(messagesOf(calendarDateSchema, '2026-11-24T00:00:00Z')).toEqual(['INVALID_DATE']);
    expect(messagesOf(calendarDateSchema, 20261124)).toEqual(['INVALID_DATE']);
  });
});

describe('clabeSchema', () => {
  it('accepts a valid CLABE, trimmed', () => {
    expect(clabeSchema.parse(' 032180000118359719 ')).toBe('032180000118359719');
  });

  it('names the problem', () => {
    expect(messagesOf(clabeSchema, '032180000118359718')).toEqual(['CLABE_CHECK_DIGIT']);
    expect(messagesOf(clabeSchema, '0321800001183597')).toEqual(['CLABE_LENGTH']);
    expect(messagesOf(clabeSchema, '03218000011835971X')).toEqual(['CLABE_NOT_DIGITS']);
  });
});

describe('rfcSchema', () => {
  it('normalizes and accepts a wrong check digit', () => {
    expect(rfcSchema.parse(' sat970701nn3 ')).toBe('SAT970701NN3');
    expect(rfcSchema.parse('GODE561231GR9')).toBe('GODE561231GR9');
  });

  it('refuses bad shapes and dates', () => {
    expect(messagesOf(rfcSchema, 'SAT97')).toEqual(['RFC_FORMAT']);
    expect(messagesOf(rfcSchema, 'SAT971301NN3')).toEqual(['RFC_DATE']);
  });
});

describe('emailSchema', () => {
  it('trims and lowercases', () => {
    expect(emailSchema.parse('  Ana@Example.COM ')).toBe('ana@example.com');
    expect(messagesOf(emailSchema, 'not-an-email')).toEqual(['INVALID_EMAIL']);
    expect(messagesOf(emailSchema, 42)).toEqual(['INVALID_EMAIL']);
  });
});
