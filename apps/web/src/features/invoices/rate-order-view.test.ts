import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { RateOrder } from './api/rate-orders';
import { expiryWindow, isInWindow, rateOrderChip } from './rate-order-view';

const order: RateOrder = {
  sRateOrderId: 'o1',
  sInvoiceId: 'i1',
  dTargetRate: 18.9,
  dExpiresOn: '2026-12-05',
  sStatus: 'ACTIVE',
  sReason: null,
  sConversionId: null,
  dFilledRate: null,
  sApprovalId: null,
  created_at: '2026-11-21T18:00:00.000Z',
  closed_at: null,
};

/** Echoes the key and its values, so the test reads what the chip asks for. */
const t = ((key: string, options?: Record<string, string>) =>
  `${key.split('.').slice(-2).join('.')}${options ? ` ${JSON.stringify(options)}` : ''}`) as unknown as TFunction;

describe('rate order view', () => {
  it('takes a last day from tomorrow to a year ahead in Mexico City', () => {
    // 03:00 UTC on the 22nd is still the 21st in Mexico City.
    const window = expiryWindow(new Date('2026-11-22T03:00:00Z'));
    expect(window).toEqual({ today: '2026-11-21', earliest: '2026-11-22', latest: '2027-11-21' });
    expect(isInWindow('2026-11-21', window)).toBe(false);
    expect(isInWindow('2026-11-22', window)).toBe(true);
    expect(isInWindow('2027-11-21', window)).toBe(true);
    expect(isInWindow('2027-11-22', window)).toBe(false);
    expect(isInWindow('2026-02-30', window)).toBe(false);
  });

  it('shows the target and last day while waiting, the fill rate once filled, the reason on failure', () => {
    expect(rateOrderChip(order, 'en', t)).toMatchObject({
      text: 'chip.ACTIVE {"rate":"18.9000","date":"Dec 5, 2026","reason":""}',
      tone: 'waiting',
    });
    expect(rateOrderChip(order, 'sp', t)?.text).toMatch(/"date":"5 dic\.? 2026"/);
    expect(
      rateOrderChip({ ...order, sStatus: 'FILLED', dFilledRate: 18.9312 }, 'en', t),
    ).toMatchObject({ text: 'chip.FILLED {"rate":"18.9312","date":"Dec 5, 2026","reason":""}' });
    const failed = rateOrderChip(
      { ...order, sStatus: 'FAILED', sReason: 'INSUFFICIENT_FUNDS' },
      'en',
      t,
    );
    expect(failed?.tone).toBe('failed');
    expect(failed?.text).toContain('"reason":"reasons.INSUFFICIENT_FUNDS"');
    // Reached above the approval threshold: still waiting, for a second person now.
    expect(
      rateOrderChip({ ...order, sStatus: 'AWAITING_APPROVAL', sApprovalId: 'a1' }, 'en', t),
    ).toMatchObject({ text: expect.stringContaining('chip.AWAITING_APPROVAL'), tone: 'waiting' });
    expect(
      rateOrderChip({ ...order, sStatus: 'FAILED', sReason: 'APPROVAL_REJECTED' }, 'en', t)?.text,
    ).toContain('"reason":"reasons.APPROVAL_REJECTED"');
    expect(rateOrderChip({ ...order, sStatus: 'CANCELLED' }, 'en', t)).toBeUndefined();
    expect(rateOrderChip(null, 'en', t)).toBeUndefined();
  });
});
