import { describe, expect, it } from 'vitest';
import { depositCents, depositFormSchema, depositRequest } from './deposit-form';

describe('deposit form', () => {
  it('reads a USD amount exactly, refusing zero, negatives and a third decimal', () => {
    expect(depositCents('1500')).toBe(150000n);
    expect(depositCents(' 0.10 ')).toBe(10n);
    expect(depositCents('0')).toBeNull();
    expect(depositCents('-5')).toBeNull();
    expect(depositCents('1.005')).toBeNull();
    expect(depositCents('abc')).toBeNull();
  });

  it('keys its errors: required, amount and reference length', () => {
    const issues = (values: { amount: string; reference: string }) => {
      const result = depositFormSchema.safeParse(values);
      if (result.success) return [];
      // The form shows the first issue of each field.
      const first = new Map<unknown, string>();
      for (const issue of result.error.issues) {
        if (!first.has(issue.path[0])) first.set(issue.path[0], issue.message);
      }
      return [...first.values()];
    };
    expect(issues({ amount: '', reference: '' })).toEqual(['required', 'required']);
    expect(issues({ amount: '1.234', reference: 'ab' })).toEqual([
      'amountInvalid',
      'referenceLength',
    ]);
    expect(issues({ amount: '10', reference: 'x'.repeat(65) })).toEqual(['referenceLength']);
    expect(issues({ amount: '10', reference: 'WIRE-001' })).toEqual([]);
  });

  it('takes an optional reason of 3 to 500 characters, sent trimmed only when given', () => {
    const valid = (reason: string) =>
      depositFormSchema.safeParse({ amount: '10', reference: 'WIRE-001', reason }).success;
    expect(valid('')).toBe(true);
    expect(valid('ab')).toBe(false);
    expect(valid('x'.repeat(501))).toBe(false);
    expect(valid('Bank called before the statement')).toBe(true);
    expect(
      depositRequest('e1', { amount: '10', reference: 'W-9', reason: '  Statement late  ' }),
    ).toEqual({ sEnterpriseId: 'e1', dAmount: 10, sReference: 'W-9', sReason: 'Statement late' });
    expect(depositRequest('e1', { amount: '10', reference: 'W-9', reason: '  ' })).toEqual({
      sEnterpriseId: 'e1',
      dAmount: 10,
      sReference: 'W-9',
    });
  });

  it('builds the request with the exact amount and a trimmed reference', () => {
    expect(depositRequest('e1', { amount: '1234.5', reference: ' W-9 ' })).toEqual({
      sEnterpriseId: 'e1',
      dAmount: 1234.5,
      sReference: 'W-9',
    });
  });
});
