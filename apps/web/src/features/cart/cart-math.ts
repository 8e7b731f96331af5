/** Counts of a cart: boxes, pallets and trucks (no money here; totals come from the server). */

/** Pallets a truck holds (the server's TRUCK_PALLETS default). */
export const TRUCK_PALLETS = 26;

/** Whole pallets a line ships on: each article fills its own pallets (as the order does). */
export function shippedPallets(boxes: number, boxesPerPallet: number): number {
  if (boxesPerPallet <= 0 || boxes <= 0) return 0;
  return Math.ceil(boxes / boxesPerPallet);
}

/** Whole pallets of a grower's cart. */
export function cartShippedPallets(
  lines: ReadonlyArray<{ dQuantity: number; dBoxesPerPallet: number }>,
): number {
  return lines.reduce((sum, line) => sum + shippedPallets(line.dQuantity, line.dBoxesPerPallet), 0);
}

/** Trucks the pallets need: ceil(pallets / 26). */
export function trucksFor(pallets: number, truckPallets = TRUCK_PALLETS): number {
  return pallets <= 0 ? 0 : Math.ceil(pallets / truckPallets);
}

/** How many lines the carts hold together (the top bar's count). */
export function cartLineCount(carts: ReadonlyArray<{ aProducts: readonly unknown[] }>): number {
  return carts.reduce((sum, cart) => sum + cart.aProducts.length, 0);
}
