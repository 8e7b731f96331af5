import type { OrderLine, ReceivedLine } from './api/orders';

export type ReceivedError = { key: 'wholeBoxes' } | { key: 'tooMany'; count: number };

export interface ReceivedCheck {
  errors: Record<string, ReceivedError>;
  /** The body lines when there is no error. */
  lines: ReceivedLine[] | null;
  /** Lines whose count differs from the grower's: the lower one is paid, a dispute opens. */
  differing: Array<{ sProductName: string; vendor: number; received: number }>;
}

const WHOLE = /^\d{1,7}$/;

/** The grower's count of a line: what it recorded, else the boxes ordered. */
export function vendorCount(line: OrderLine): number {
  return line.dDeliveredQuantity ?? line.dQuantity;
}

/** The dialog's starting values: the grower's count of each line. */
export function receivedDefaults(lines: readonly OrderLine[]): Record<string, string> {
  return Object.fromEntries(lines.map((line) => [line.sLineId, String(vendorCount(line))]));
}

/**
 * Checks the buyer's counts like the server does (whole boxes, at most the boxes ordered)
 * and says which differ from the grower's, before the buyer confirms.
 */
export function checkReceived(
  lines: readonly OrderLine[],
  values: Record<string, string>,
): ReceivedCheck {
  const errors: ReceivedCheck['errors'] = {};
  const body: ReceivedLine[] = [];
  const differing: ReceivedCheck['differing'] = [];
  for (const line of lines) {
    const text = (values[line.sLineId] ?? '').trim();
    if (!WHOLE.test(text)) {
      errors[line.sLineId] = { key: 'wholeBoxes' };
      continue;
    }
    const received = Number(text);
    if (received > line.dQuantity) {
      errors[line.sLineId] = { key: 'tooMany', count: line.dQuantity };
      continue;
    }
    body.push({ sLineId: line.sLineId, dReceivedQuantity: received });
    if (received !== vendorCount(line)) {
      differing.push({ sProductName: line.sProductName, vendor: vendorCount(line), received });
    }
  }
  return { errors, lines: Object.keys(errors).length === 0 ? body : null, differing };
}
