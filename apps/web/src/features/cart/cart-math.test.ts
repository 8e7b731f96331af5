import { describe, expect, it } from 'vitest';
import { cartLineCount, cartShippedPallets, shippedPallets, trucksFor } from './cart-math';
import { boxesProblem } from '../../lib/boxes';

describe('cart counts', () => {
  it('ships each line on whole pallets', () => {
    expect(shippedPallets(60, 216)).toBe(1);
    expect(shippedPallets(216, 216)).toBe(1);
    expect(shippedPallets(217, 216)).toBe(2);
    expect(shippedPallets(0, 216)).toBe(0);
  });

  it('adds the whole pallets of every line of a cart', () => {
    expect(
      cartShippedPallets([
        { dQuantity: 60, dBoxesPerPallet: 216 },
        { dQuantity: 100, dBoxesPerPallet: 40 },
      ]),
    ).toBe(4);
  });

  it('needs one truck per 26 pallets, rounded up', () => {
    expect(trucksFor(0)).toBe(0);
    expect(trucksFor(1)).toBe(1);
    expect(trucksFor(26)).toBe(1);
    expect(trucksFor(27)).toBe(2);
    expect(trucksFor(52)).toBe(2);
    expect(trucksFor(53)).toBe(3);
  });

  it('counts the lines of all the carts', () => {
    expect(cartLineCount([{ aProducts: [1, 2] }, { aProducts: [3] }])).toBe(3);
    expect(cartLineCount([])).toBe(0);
  });
});

describe('boxesProblem on a cart line', () => {
  it('accepts whole boxes between the minimum and the stock', () => {
    expect(boxesProblem('54', 54, 1296)).toBeNull();
    expect(boxesProblem(' 1296 ', 54, 1296)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(boxesProblem('', 54, 100)).toBe('required');
    expect(boxesProblem('1.5', 1, 100)).toBe('whole');
    expect(boxesProblem('-3', 1, 100)).toBe('whole');
    expect(boxesProblem('53', 54, 100)).toBe('belowMinimum');
    expect(boxesProblem('101', 54, 100)).toBe('aboveStock');
  });
});
