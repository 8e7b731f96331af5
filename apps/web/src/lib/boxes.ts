/** Boxes and pallets of a purchase: counts, not money. */

/** Pallets the boxes fill, to 2 decimals, as the cart shows them. */
export function palletsOf(boxes: number, boxesPerPallet: number): number {
  if (boxesPerPallet <= 0) return 0;
  return Math.round((boxes * 100) / boxesPerPallet) / 100;
}

export type BoxesProblem = 'required' | 'whole' | 'belowMinimum' | 'aboveStock';

/** Why a typed number of boxes cannot be bought (minimum purchase and stock), if it cannot. */
export function boxesProblem(input: string, minBoxes: number, stock: number): BoxesProblem | null {
  const value = input.trim();
  if (value === '') return 'required';
  if (!/^\d+$/.test(value)) return 'whole';
  const boxes = Number(value);
  if (boxes < minBoxes) return 'belowMinimum';
  if (boxes > stock) return 'aboveStock';
  return null;
}

/** Whether any quantity can be bought: the stock reaches the minimum purchase. */
export function canBuy(minBoxes: number, stock: number): boolean {
  return stock >= minBoxes && stock > 0;
}
