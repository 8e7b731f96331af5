import type { DeliveredLine, OrderLine, PriceChange } from './api/orders';

/** What the vendor types per line: delivered boxes and the delivered unit price (USD). */
export interface DeliveryInput {
  boxes: string;
  unitPrice: string;
}

export type DeliveryError =
  { key: 'wholeBoxes' } | { key: 'tooMany'; count: number } | { key: 'price' };

export interface DeliveryCheck {
  /** Per line id, the first problem of its boxes or price field. */
  errors: Record<string, { boxes?: DeliveryError; unitPrice?: DeliveryError }>;
  /** The body lines when there is no error. */
  lines: DeliveredLine[] | null;
}

/** 22.5 → "22.50": an amount of the API as the field shows it (no grouping). */
const plainMoney = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

const WHOLE = /^\d{1,7}$/;
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The form's starting values: what was recorded, else the ordered boxes and the agreed
 * price; a raise waiting for the buyer shows as asked, so saving the form again keeps it.
 */
export function deliveryDefaults(
  lines: readonly OrderLine[],
  priceChange: PriceChange = null,
): Record<string, DeliveryInput> {
  const requested = new Map(
    (priceChange?.lines ?? []).map((line) => [line.sLineId, line.dRequestedUnitPrice]),
  );
  return Object.fromEntries(
    lines.map((line) => [
      line.sLineId,
      {
        boxes: String(line.dDeliveredQuantity ?? line.dQuantity),
        unitPrice: plainMoney.format(
          requested.get(line.sLineId) ?? line.dDeliveredUnitPrice ?? line.dAgreedUnitPrice,
        ),
      },
    ]),
  );
}

/**
 * Checks the form like the server does (whole boxes, 1 to the boxes ordered, a price above
 * 0 with at most 2 decimals) and builds POST vendor/orders/:id/delivery's lines. An empty
 * price keeps the one recorded.
 */
export function checkDelivery(
  lines: readonly OrderLine[],
  values: Record<string, DeliveryInput>,
): DeliveryCheck {
  const errors: DeliveryCheck['errors'] = {};
  const body: DeliveredLine[] = [];
  for (const line of lines) {
    const input = values[line.sLineId] ?? { boxes: '', unitPrice: '' };
    const boxesText = input.boxes.trim();
    const priceText = input.unitPrice.trim();
    const lineErrors: DeliveryCheck['errors'][string] = {};
    // A line is delivered with at least one box: the server refuses 0.
    if (!WHOLE.test(boxesText) || Number(boxesText) < 1) lineErrors.boxes = { key: 'wholeBoxes' };
    else if (Number(boxesText) > line.dQuantity)
      lineErrors.boxes = { key: 'tooMany', count: line.dQuantity };
    if (priceText !== '' && (!MONEY.test(priceText) || Number(priceText) <= 0)) {
      lineErrors.unitPrice = { key: 'price' };
    }
    if (lineErrors.boxes || lineErrors.unitPrice) {
      errors[line.sLineId] = lineErrors;
      continue;
    }
    const delivered: DeliveredLine = {
      sLineId: line.sLineId,
      dDeliveredQuantity: Number(boxesText),
    };
    // A decimal string with at most 2 places: its JSON number is the same amount.
    if (priceText !== '') delivered.dDeliveredUnitPrice = Number(priceText);
    body.push(delivered);
  }
  return { errors, lines: Object.keys(errors).length === 0 ? body : null };
}
