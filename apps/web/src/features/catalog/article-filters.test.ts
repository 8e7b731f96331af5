import { describe, expect, it } from 'vitest';
import {
  hasActiveFilters,
  priceRangeProblems,
  readArticleFilters,
  writeArticleFilters,
} from './article-filters';
import { boxesProblem, canBuy, palletsOf } from '../../lib/boxes';

describe('article filters in the URL', () => {
  it('reads defaults from an empty query string', () => {
    expect(readArticleFilters(new URLSearchParams())).toEqual({
      search: '',
      vendor: '',
      minPrice: '',
      maxPrice: '',
      sort: 'newest',
      page: 1,
    });
  });

  it('round-trips every filter and leaves defaults out', () => {
    const filters = {
      search: 'lime',
      vendor: 'v-1',
      minPrice: '10',
      maxPrice: '25.5',
      sort: 'price_desc' as const,
      page: 3,
    };
    const params = writeArticleFilters(filters);
    expect(params.toString()).toBe(
      'search=lime&vendor=v-1&minPrice=10&maxPrice=25.5&sort=price_desc&page=3',
    );
    expect(readArticleFilters(params)).toEqual(filters);
    expect(
      writeArticleFilters({ ...filters, sort: 'newest', page: 1, search: '' }).toString(),
    ).toBe('vendor=v-1&minPrice=10&maxPrice=25.5');
  });

  it('drops malformed values', () => {
    const filters = readArticleFilters(
      new URLSearchParams('sort=cheap&page=-2&minPrice=abc&maxPrice=1.234'),
    );
    expect(filters.sort).toBe('newest');
    expect(filters.page).toBe(1);
    expect(filters.minPrice).toBe('');
    expect(filters.maxPrice).toBe('');
  });

  it('knows when filters are active (sort and page are not filters)', () => {
    const none = readArticleFilters(new URLSearchParams('sort=name&page=2'));
    expect(hasActiveFilters(none)).toBe(false);
    expect(hasActiveFilters({ ...none, vendor: 'x' })).toBe(true);
  });
});

describe('priceRangeProblems', () => {
  it('accepts empty bounds and ordered bounds', () => {
    expect(priceRangeProblems('', '')).toEqual({});
    expect(priceRangeProblems('10', '10.00')).toEqual({});
    expect(priceRangeProblems('9.99', '10')).toEqual({});
  });

  it('flags bad amounts and a minimum above the maximum, comparing cents', () => {
    expect(priceRangeProblems('1,5', '')).toEqual({ min: 'invalid' });
    expect(priceRangeProblems('', '2.345')).toEqual({ max: 'invalid' });
    expect(priceRangeProblems('10.1', '10.09')).toEqual({ max: 'range' });
    expect(priceRangeProblems('100', '20')).toEqual({ max: 'range' });
  });
});

describe('boxes of a purchase', () => {
  it('shows pallets to 2 decimals', () => {
    expect(palletsOf(60, 216)).toBe(0.28);
    expect(palletsOf(216, 216)).toBe(1);
    expect(palletsOf(0, 216)).toBe(0);
  });

  it('checks the minimum purchase and the stock', () => {
    expect(boxesProblem('54', 54, 100)).toBeNull();
    expect(boxesProblem('', 54, 100)).toBe('required');
    expect(boxesProblem('5.5', 1, 100)).toBe('whole');
    expect(boxesProblem('10', 54, 100)).toBe('belowMinimum');
    expect(boxesProblem('101', 54, 100)).toBe('aboveStock');
  });

  it('cannot buy when the stock is below the minimum purchase', () => {
    expect(canBuy(54, 53)).toBe(false);
    expect(canBuy(54, 54)).toBe(true);
    expect(canBuy(1, 0)).toBe(false);
  });
});
