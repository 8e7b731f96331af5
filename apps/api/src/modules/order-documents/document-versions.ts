import { moneyToDecimalString, moneyToNumber, parseMoney } from '@app/domain';
import { palletsFor } from '../orders/order-pricing.js';
import type { ApiOrder } from '../orders/order.view.js';

/**
 * A trade document has two versions once a delivery is recorded: as ordered (what was bought
 * and shipped) and as delivered (the delivered boxes at the final price). Both are drawn from
 * the order itself, so the earlier one stays available exactly as it was issued; the delivered
 * one is current from the moment the grower records the delivery.
 */
export const DOCUMENT_VERSIONS = ['ordered', 'delivered'] as const;
export type DocumentVersion = (typeof DOCUMENT_VERSIONS)[number];

/** The versions an order's documents have, and which one is current. */
export function documentVersions(order: ApiOrder): {
  current: DocumentVersion;
  deliveredAt: string | null;
} {
  const delivered = order.lines.some((line) => line.dDeliveredQuantity !== null);
  return {
    current: delivered ? 'delivered' : 'ordered',
    deliveredAt: delivered ? order.delivered_at : null,
  };
}

/**
 * The order as delivered: each line's delivered boxes at its delivered unit price (the
 * agreed one when none was recorded), with its freight and in/out per box, and the totals
 * that follow; the per-transport fees (crossing, insurance) are unchanged, as at release.
 */
export function asDelivered(order: ApiOrder): ApiOrder {
  let subtotal = 0n;
  let boxes = 0;
  const lines = order.lines.map((line) => {
    const quantity = line.dDeliveredQuantity ?? line.dQuantity;
    const unitPrice = parseMoney(line.dDeliveredUnitPrice ?? line.dUnitPriceUSD);
    const perBox =
      unitPrice + parseMoney(line.sLogisticCost ?? 0) + parseMoney(line.dTotalInOutPerBox ?? 0);
    const total = perBox * BigInt(quantity);
    subtotal += total;
    boxes += quantity;
    return {
      ...line,
      dQuantity: quantity,
      dPallets: palletsFor(quantity, line.dBoxesPerPallet),
      dUnitPriceUSD: moneyToNumber(unitPrice),
      sTotalPerBox: moneyToDecimalString(perBox),
      sTotal: moneyToDecimalString(total),
    };
  });
  const fees = order.fees.reduce((sum, fee) => sum + parseMoney(fee.dTotal), 0n);
  return {
    ...order,
    lines,
    iOrderedBoxes: boxes,
    dSubtotal: moneyToNumber(subtotal),
    dTotal: moneyToNumber(subtotal + fees),
  };
}
