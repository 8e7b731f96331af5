import { divideCeil, divideRoundHalfUp } from '@app/domain';
import type { Language } from '@app/domain';

/**
 * What an order costs beyond the goods, priced at checkout and kept on the order. Prices
 * are FOB McAllen per box; the grower arranges the northbound trip and the crossing, so
 * the whole total is paid to the grower. All amounts are USD cents.
 *
 * - Freight: a fixed cost per pallet (a 26-pallet reefer from the packing regions to the
 *   border) shared evenly over the boxes of a pallet of that article, rounded half-up to
 *   the cent: the line's `sLogisticCost` per box.
 * - In/out: the border cold storage's handling charge per box (in and out of the
 *   warehouse at McAllen/Pharr): the line's `dTotalInOutPerBox`.
 * - Fees per order: the crossing (customs broker and transfer carrier) per transport, and
 *   cargo insurance on the goods' value.
 */
export const FREIGHT_PER_PALLET_CENTS = 18_000n;
export const IN_OUT_PER_BOX_CENTS = 35n;
export const BORDER_CROSSING_PER_TRANSPORT_CENTS = 45_000n;
/** Cargo insurance, in basis points of the goods' value (0.25 %). */
export const CARGO_INSURANCE_BPS = 25n;

export const FEE_KEYS = ['BORDER_CROSSING', 'CARGO_INSURANCE'] as const;
export type FeeKey = (typeof FEE_KEYS)[number];

export const FEE_LABELS: Readonly<Record<Language, Record<FeeKey, string>>> = {
  en: {
    BORDER_CROSSING: 'Border crossing (customs broker and transfer), per transport',
    CARGO_INSURANCE: 'Cargo insurance (0.25% of the goods)',
  },
  sp: {
    BORDER_CROSSING: 'Cruce fronterizo (agente aduanal y transfer), por transporte',
    CARGO_INSURANCE: 'Seguro de carga (0.25% de la mercancía)',
  },
};

export function feeLabel(key: string, language: Language): string {
  return (FEE_LABELS[language] as Record<string, string | undefined>)[key] ?? key;
}

export interface LineInput {
  quantityBoxes: number;
  boxesPerPallet: number;
  unitPriceCents: bigint;
}

export interface PricedLine extends LineInput {
  pallets: number;
  logisticPerBoxCents: bigint;
  inOutPerBoxCents: bigint;
  totalPerBoxCents: bigint;
  totalCents: bigint;
}

export interface PricedOrder {
  lines: PricedLine[];
  pallets: number;
  transports: number;
  subtotalCents: bigint;
  fees: Array<{ key: FeeKey; totalCents: bigint }>;
  feesCents: bigint;
  totalCents: bigint;
}

/** Pallets a line fills: ceil(boxes / boxes per pallet). */
export function palletsFor(quantityBoxes: number, boxesPerPallet: number): number {
  return Math.ceil(quantityBoxes / boxesPerPallet);
}

/** Transports (trucks) an order needs: ceil(pallets / pallets per truck). */
export function transportsFor(pallets: number, truckPallets: number): number {
  return Math.ceil(pallets / truckPallets);
}

/** A pallet's freight shared over its boxes. */
export function logisticPerBox(boxesPerPallet: number): bigint {
  return divideRoundHalfUp(FREIGHT_PER_PALLET_CENTS, BigInt(boxesPerPallet));
}

export function priceOrder(lines: LineInput[], truckPallets: number): PricedOrder {
  const priced = lines.map((line): PricedLine => {
    const logisticPerBoxCents = logisticPerBox(line.boxesPerPallet);
    const totalPerBoxCents = line.unitPriceCents + logisticPerBoxCents + IN_OUT_PER_BOX_CENTS;
    return {
      ...line,
      pallets: palletsFor(line.quantityBoxes, line.boxesPerPallet),
      logisticPerBoxCents,
      inOutPerBoxCents: IN_OUT_PER_BOX_CENTS,
      totalPerBoxCents,
      totalCents: totalPerBoxCents * BigInt(line.quantityBoxes),
    };
  });
  const pallets = priced.reduce((sum, line) => sum + line.pallets, 0);
  const transports = transportsFor(pallets, truckPallets);
  const subtotalCents = priced.reduce((sum, line) => sum + line.totalCents, 0n);
  const goodsCents = priced.reduce(
    (sum, line) => sum + line.unitPriceCents * BigInt(line.quantityBoxes),
    0n,
  );
  const fees = [
    {
      key: 'BORDER_CROSSING' as const,
      totalCents: BORDER_CROSSING_PER_TRANSPORT_CENTS * BigInt(transports),
    },
    {
      key: 'CARGO_INSURANCE' as const,
      totalCents: divideCeil(goodsCents * CARGO_INSURANCE_BPS, 10_000n),
    },
  ];
  const feesCents = fees.reduce((sum, fee) => sum + fee.totalCents, 0n);
  return {
    lines: priced,
    pallets,
    transports,
    subtotalCents,
    fees,
    feesCents,
    totalCents: subtotalCents + feesCents,
  };
}

/**
 * A delivered line's final price: the boxes delivered at the (possibly adjusted) unit
 * price plus the freight and in/out per box they carried.
 */
export function deliveredLineTotal(line: {
  deliveredBoxes: number;
  deliveredUnitPriceCents: bigint;
  logisticPerBoxCents: bigint;
  inOutPerBoxCents: bigint;
}): bigint {
  return (
    BigInt(line.deliveredBoxes) *
    (line.deliveredUnitPriceCents + line.logisticPerBoxCents + line.inOutPerBoxCents)
  );
}

export interface TransportLoad {
  number: number;
  pallets: number;
  lines: Array<{ index: number; pallets: number }>;
}

/**
 * How the lines' pallets fill the trucks: in line order, each truck up to `truckPallets`;
 * a line larger than the room left continues on the next truck.
 */
export function loadTransports(linePallets: number[], truckPallets: number): TransportLoad[] {
  const transports: TransportLoad[] = [];
  let current: TransportLoad | undefined;
  for (const [index, pallets] of linePallets.entries()) {
    let rest = pallets;
    while (rest > 0) {
      if (!current || current.pallets === truckPallets) {
        current = { number: transports.length + 1, pallets: 0, lines: [] };
        transports.push(current);
      }
      const part = Math.min(rest, truckPallets - current.pallets);
      current.lines.push({ index, pallets: part });
      current.pallets += part;
      rest -= part;
    }
  }
  return transports;
}
