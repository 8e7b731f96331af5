import { describe, expect, it } from 'vitest';
import type { OrderLine } from './api/orders';
import { checkDelivery, deliveryDefaults } from './delivery-form';

function line(id: string, boxes: number, price: number, delivered?: [number, number]): OrderLine {
  return {
    sLineId: id,
    sProductId: `p-${id}`,
    sProductName: `Product ${id}`,
    sName: 'Grower',
    dQuantity: boxes,
    dBoxesPerPallet: 70,
    dPallets: 1,
    dUnitPriceUSD: price,
    sLogisticCost: '2.57',
    dTotalInOutPerBox: 0.35,
    sTotalPerBox: '25.42',
    sTotal: '1779.40',
    dDeliveredQuantity: delivered?.[0] ?? null,
    dDeliveredUnitPrice: delivered?.[1] ?? null,
    dAgreedUnitPrice: price,
    dReceivedQuantity: null,
    dVendorDeliveredQuantity: null,
    dFinalPrice: null,
  };
}

describe('delivered quantities form', () => {
  it('starts from what was recorded, else the ordered boxes and price', () => {
    expect(deliveryDefaults([line('a', 70, 22.5), line('b', 140, 18, [130, 17.25])])).toEqual({
      a: { boxes: '70', unitPrice: '22.50' },
      b: { boxes: '130', unitPrice: '17.25' },
    });
  });

  it('shows a raise waiting for the buyer as asked, so saving again keeps it', () => {
    const priceChange = {
      requested_at: '2026-11-28T17:00:00.000Z',
      dAddedToHold: 175,
      lines: [
        {
          sLineId: 'b',
          sProductName: 'Product b',
          iBoxes: 140,
          dAgreedUnitPrice: 18,
          dRequestedUnitPrice: 19.25,
        },
      ],
    };
    expect(
      deliveryDefaults([line('a', 70, 22.5), line('b', 140, 18, [140, 18])], priceChange),
    ).toEqual({
      a: { boxes: '70', unitPrice: '22.50' },
      b: { boxes: '140', unitPrice: '19.25' },
    });
  });

  it('builds the request lines', () => {
    const lines = [line('a', 70, 22.5), line('b', 140, 18)];
    const check = checkDelivery(lines, {
      a: { boxes: '58', unitPrice: '22.50' },
      b: { boxes: ' 140 ', unitPrice: '' },
    });
    expect(check.errors).toEqual({});
    expect(check.lines).toEqual([
      { sLineId: 'a', dDeliveredQuantity: 58, dDeliveredUnitPrice: 22.5 },
      { sLineId: 'b', dDeliveredQuantity: 140 },
    ]);
  });

  it('refuses more boxes than ordered, none, parts of boxes and prices with 3 decimals', () => {
    const lines = [line('a', 70, 22.5), line('b', 140, 18), line('c', 10, 5), line('d', 10, 5)];
    const check = checkDelivery(lines, {
      a: { boxes: '71', unitPrice: '22.5' },
      b: { boxes: '1.5', unitPrice: '18.005' },
      c: { boxes: '', unitPrice: 'x' },
      d: { boxes: '0', unitPrice: '0' },
    });
    expect(check.lines).toBeNull();
    expect(check.errors).toEqual({
      a: { boxes: { key: 'tooMany', count: 70 } },
      b: { boxes: { key: 'wholeBoxes' }, unitPrice: { key: 'price' } },
      c: { boxes: { key: 'wholeBoxes' }, unitPrice: { key: 'price' } },
      d: { boxes: { key: 'wholeBoxes' }, unitPrice: { key: 'price' } },
    });
  });
});
