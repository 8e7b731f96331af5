import { describe, expect, it } from 'vitest';
import type { VendorPayout } from './api';
import { payoutTotals } from './income-total';

const payout = (usd: number, mxn: number, status: VendorPayout['sStatus']): VendorPayout => ({
  sOrderId: 'o',
  iTrackingId: 1,
  dAmountUsd: usd,
  dAmountMxn: mxn,
  dExchangeRate: 18.4,
  sStatus: status,
  sTrackingKey: 'PP1',
  sClabeMasked: '••••1234',
  created_at: '2026-11-21T18:00:00.000Z',
});

describe('payout totals', () => {
  it('sums to the cent without floats and leaves returned payouts out', () => {
    expect(
      payoutTotals([
        payout(0.1, 1.84, 'COMPLETED'),
        payout(0.2, 3.68, 'PROCESSING'),
        payout(1000, 18400, 'RETURNED'),
      ]),
    ).toEqual({ usd: '0.30', mxn: '5.52' });
    expect(payoutTotals([])).toEqual({ usd: '0.00', mxn: '0.00' });
  });
});
