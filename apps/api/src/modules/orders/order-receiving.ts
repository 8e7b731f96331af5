import type { Language } from '@app/domain';
import type { Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../rates/rates.service.js';
import { refreshFinalTotal } from './order-price-change.service.js';
import * as priceRepo from './order-price-changes.repository.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';

/** The buyer's own count of a line, given when it accepts the load. */
export interface ReceivedLineInput {
  lineId: string;
  receivedBoxes: number;
}

/**
 * Opens a dispute on a delivered order locked in the caller's transaction: the disputes
 * module's own creation path (the orders module cannot import it; the app hands it in).
 */
export interface DisputeOpener {
  openOnLockedOrder(
    trx: Trx,
    order: OrderRow,
    input: { category: 'QUANTITY'; subcategory: 'SHORT_BOXES'; description: string },
    at: Date,
  ): Promise<string>;
}

export interface CountDifference {
  productName: string;
  vendorBoxes: number;
  receivedBoxes: number;
}

/**
 * Records the buyer's counts. Where a count differs from the grower's, the lower one is
 * what counts as delivered (and is paid); the differences are answered so the caller opens
 * a dispute on them instead of finishing the order. A line not given keeps the grower's count.
 */
export async function recordReceived(
  trx: Trx,
  order: OrderRow,
  input: ReceivedLineInput[],
): Promise<CountDifference[]> {
  const lines = await repo.lockLines(trx, order.id);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const given = new Map<string, number>();
  for (const [index, line] of input.entries()) {
    const id = line.lineId.toLowerCase();
    const existing = isUuid(line.lineId) ? byId.get(id) : undefined;
    if (!existing) throw new AppError('NOT_FOUND', { field: `lines.${index}.sLineId` });
    if (given.has(id)) throw new AppError('INVALID_INPUT', { field: `lines.${index}.sLineId` });
    if (line.receivedBoxes > existing.quantity_boxes) {
      throw new AppError('INVALID_INPUT', { field: `lines.${index}.dReceivedQuantity` });
    }
    given.set(id, line.receivedBoxes);
  }
  const differences: CountDifference[] = [];
  for (const line of lines) {
    const received = given.get(line.id);
    if (received === undefined) continue;
    const vendorBoxes = line.delivered_boxes ?? line.quantity_boxes;
    const paidBoxes = Math.min(received, vendorBoxes);
    await priceRepo.setReceived(trx, line.id, {
      receivedBoxes: received,
      paidBoxes,
      vendorBoxes: received === vendorBoxes ? null : vendorBoxes,
    });
    if (received !== vendorBoxes) {
      differences.push({ productName: line.product_name, vendorBoxes, receivedBoxes: received });
    }
  }
  // The delivered price of a line without a delivery record is its agreed price.
  if (given.size > 0) await refreshFinalTotal(trx, order);
  return differences;
}

const DESCRIPTION: Record<
  Language,
  { intro: string; line: (d: CountDifference) => string; outro: string }
> = {
  en: {
    intro: "The buyer's count at acceptance differs from the grower's delivery record:",
    line: (d) => `${d.productName}: grower ${d.vendorBoxes} boxes, buyer ${d.receivedBoxes} boxes.`,
    outro: 'The lower count is paid unless this dispute decides otherwise.',
  },
  sp: {
    intro: 'El conteo del comprador al aceptar difiere del registro de entrega del productor:',
    line: (d) =>
      `${d.productName}: productor ${d.vendorBoxes} cajas, comprador ${d.receivedBoxes} cajas.`,
    outro: 'Se paga el conteo menor salvo que esta disputa decida otra cosa.',
  },
};

/** The dispute's description of the differing counts, in the buyer's language. */
export function countDisputeDescription(
  differences: CountDifference[],
  language: Language,
): string {
  const text = DESCRIPTION[language];
  return [text.intro, ...differences.map(text.line), text.outro].join('\n');
}
