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
/** The fees of a checkout preview: the per-box charges summed, then the per-order fees. */
export const PREVIEW_FEE_KEYS = ['LOGISTICS', 'IN_OUT', ...FEE_KEYS] as const;
export type PreviewFeeKey = (typeof PREVIEW_FEE_KEYS)[number];
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

/** Labels of the checkout preview's fee lines (the stored order fees keep `FEE_LABELS`). */
export const PREVIEW_FEE_LABELS: Readonly<Record<Language, Record<PreviewFeeKey, string>>> = {
  en: {
    LOGISTICS: 'Freight to your warehouse',
    IN_OUT: 'Border cold storage (in/out)',
    BORDER_CROSSING: 'Border crossing (customs broker and transfer), per transport',
    CARGO_INSURANCE: 'Cargo insurance (0.25% of the goods)',
  },
  sp: {
    LOGISTICS: 'Flete a tu bodega',
    IN_OUT: 'Bodega fría fronteriza (entrada/salida)',
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
  /** Σ boxes × unit price: what is held for the grower until acceptance. */
  goodsCents: bigint;
  /** Σ boxes × freight per box. */
  logisticsCents: bigint;
  /** Σ boxes × in/out per box. */
  inOutCents: bigint;
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
export function logisticPerBox(
  boxesPerPallet: number,
  freightPerPalletCents: bigint = FREIGHT_PER_PALLET_CENTS,
): bigint {
  return divideRoundHalfUp(freightPerPalletCents, BigInt(boxesPerPallet));
}

/** The crossing every load goes through (McAllen, TX): freight is measured from here. */
export const CROSSING_COORDINATES = { latitude: 26.2034, longitude: -98.23 } as const;
const EARTH_RADIUS_KM = 6371.0088;

/**
 * Great-circle (haversine) distance in whole kilometres. Geometry, not money: the float
 * result is rounded to a whole kilometre before any money is computed from it.
 */
export function greatCircleKm(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.latitude - from.latitude);
  const dLon = rad(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a))));
}

export interface FreightRates {
  /** Per pallet from the packing regions to the border, whatever the destination. */
  basePerPalletCents: bigint;
  /** Per pallet per 100 km from the crossing to the buyer's warehouse. */
  per100KmPerPalletCents: bigint;
}

/** A pallet's freight to a warehouse `km` from the crossing, rounded half-up to the cent. */
export function freightPerPallet(km: number, rates: FreightRates): bigint {
  return (
    rates.basePerPalletCents + divideRoundHalfUp(BigInt(km) * rates.per100KmPerPalletCents, 100n)
  );
}

/**
 * The kilometres from the crossing to a warehouse; a warehouse without coordinates is
 * priced as if at the crossing (0 km).
 */
export function warehouseKm(warehouse: {
  latitude: string | null;
  longitude: string | null;
}): number {
  if (warehouse.latitude === null || warehouse.longitude === null) return 0;
  const latitude = Number(warehouse.latitude);
  const longitude = Number(warehouse.longitude);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return 0;
  return greatCircleKm(CROSSING_COORDINATES, { latitude, longitude });
}

export function priceOrder(
  lines: LineInput[],
  truckPallets: number,
  freightPerPalletCents: bigint = FREIGHT_PER_PALLET_CENTS,
): PricedOrder {
  const priced = lines.map((line): PricedLine => {
    const logisticPerBoxCents = logisticPerBox(line.boxesPerPallet, freightPerPalletCents);
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
  const logisticsCents = priced.reduce(
    (sum, line) => sum + line.logisticPerBoxCents * BigInt(line.quantityBoxes),
    0n,
  );
  const inOutCents = priced.reduce(
    (sum, line) => sum + line.inOutPerBoxCents * BigInt(line.quantityBoxes),
    0n,
  );
  return {
    lines: priced,
    pallets,
    transports,
    subtotalCents,
    fees,
    feesCents,
    totalCents: subtotalCents + feesCents,
    goodsCents,
    logisticsCents,
    inOutCents,
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
