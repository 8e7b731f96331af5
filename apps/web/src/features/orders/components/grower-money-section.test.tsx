import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFeatureTexts } from '../../../lib/i18n/feature-texts';
import { setLanguage } from '../../../lib/i18n/i18n';
import type { Order } from '../api/orders';
import { GrowerMoneySection } from './grower-money-section';

/** A grower's order as the vendor answer carries it: its own money, none of the buyer's. */
function growerOrder(payout: boolean): Order {
  return {
    dTotal: null,
    dFees: null,
    payment: null,
    vendorMoney: {
      dGoodsUsd: 1120,
      dGoodsMxn: 20384,
      dExchangeRate: 18.2,
      lines: [{ sLineId: 'line-1', dGoodsUsd: 1120, dGoodsMxn: 20384 }],
      payout: payout
        ? {
            dAmountUsd: 1120,
            dAmountMxn: 20384,
            dExchangeRate: 18.2,
            sStatus: 'COMPLETED',
            sTrackingKey: 'PESOS0000000042',
            created_at: '2026-11-21T15:12:00.000Z',
          }
        : null,
    },
  } as unknown as Order;
}

beforeAll(() => loadFeatureTexts('money'));

describe("the grower's money on its order page", () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('shows its goods at the locked rate and, once paid, the payout with its tracking key', () => {
    render(<GrowerMoneySection order={growerOrder(true)} />);
    expect(screen.getByText('What you receive')).toBeTruthy();
    expect(screen.getByTestId('grower-goods-mxn').textContent).toContain('20,384.00 MXN');
    expect(screen.getByTestId('grower-payout-usd').textContent).toContain('1,120.00 USD');
    expect(screen.getByTestId('grower-tracking-key').textContent).toContain('PESOS0000000042');
  });

  it('says in Spanish that it is not yet paid out', async () => {
    await act(() => setLanguage('sp'));
    render(<GrowerMoneySection order={growerOrder(false)} />);
    expect(screen.getByText('Lo que recibes')).toBeTruthy();
    expect(screen.getByTestId('grower-goods-usd').textContent).toContain('1,120.00 USD');
    expect(document.body.textContent).toContain('Aún no se ha pagado');
    expect(screen.queryByTestId('grower-payout-usd')).toBeNull();
  });
});
