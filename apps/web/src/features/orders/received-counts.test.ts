import { describe, expect, it } from 'vitest';
import type { OrderLine } from './api/orders';
import { checkReceived, receivedDefaults } from './received-counts';

function line(id: string, ordered: number, delivered: number | null): OrderLine {
  return {
    sLineId: id,
    sProductId: 'p',
    sProductName: `Mango ${id}`,
    sName: 'Grower',
    dQuantity: ordered,
    dBoxesPerPallet: 70,
    dPallets: 2,
    dUnitPriceUSD: 25,
    sLogisticCost: '2.57',
    dTotalInOutPerBox: 0.35,
    sTotalPerBox: '27.92',
    sTotal: '3908.80',
    dDeliveredQuantity: delivered,
    dDeliveredUnitPrice: delivered === null ? null : 25,
    dAgreedUnitPrice: 25,
    dReceivedQuantity: null,
    dVendorDeliveredQuantity: null,
    dFinalPrice: null,
  };
}

describe('the buyer’s received counts', () => {
  const lines = [line('a', 140, 130), line('b', 50, null)];

  it('starts from the grower’s count, or the boxes ordered', () => {
    expect(receivedDefaults(lines)).toEqual({ a: '130', b: '50' });
  });

  it('sends every line and names the counts that differ from the grower’s', () => {
    expect(checkReceived(lines, { a: '120', b: '50' })).toEqual({
      errors: {},
      lines: [
        { sLineId: 'a', dReceivedQuantity: 120 },
        { sLineId: 'b', dReceivedQuantity: 50 },
      ],
      differing: [{ sProductName: 'Mango a', vendor: 130, received: 120 }],
    });
  });

  it('refuses a count above the boxes ordered, a negative or a decimal one', () => {
    const check = checkReceived(lines, { a: '141', b: '-1' });
    expect(check.lines).toBeNull();
    expect(check.errors).toEqual({
      a: { key: 'tooMany', count: 140 },
      b: { key: 'wholeBoxes' },
    });
    expect(checkReceived(lines, { a: '12.5', b: '' }).errors).toEqual({
      a: { key: 'wholeBoxes' },
      b: { key: 'wholeBoxes' },
    });
  });
});
