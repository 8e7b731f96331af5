import { ARTICLE_SORTS, type ArticleSort } from './api/catalog';

/** The search, filters, sort and page of an article list, as the URL query string keeps them. */
export interface ArticleFilters {
  search: string;
  vendor: string;
  minPrice: string;
  maxPrice: string;
  sort: ArticleSort;
  page: number;
}

export const DEFAULT_SORT: ArticleSort = 'newest';
/** Up to 8 whole digits and 2 decimals: what the API takes as a price per box. */
const PRICE = /^\d{1,8}(\.\d{1,2})?$/;

function isSort(value: string | null): value is ArticleSort {
  return value !== null && (ARTICLE_SORTS as readonly string[]).includes(value);
}

/** Reads the filters from the URL; anything malformed falls back to its default. */
export function readArticleFilters(params: URLSearchParams): ArticleFilters {
  const page = Number(params.get('page'));
  const price = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return PRICE.test(value) ? value : '';
  };
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    vendor: params.get('vendor')?.trim() ?? '',
    minPrice: price('minPrice'),
    maxPrice: price('maxPrice'),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of the filters; defaults are left out so the URL stays short. */
export function writeArticleFilters(filters: ArticleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.vendor) params.set('vendor', filters.vendor);
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function hasActiveFilters(filters: ArticleFilters): boolean {
  return Boolean(filters.search || filters.vendor || filters.minPrice || filters.maxPrice);
}

export type PriceProblem = 'invalid' | 'range';

/** What is wrong with a typed price range, field by field (empty means no bound). */
export function priceRangeProblems(
  minPrice: string,
  maxPrice: string,
): { min?: PriceProblem; max?: PriceProblem } {
  const min = minPrice.trim();
  const max = maxPrice.trim();
  const problems: { min?: PriceProblem; max?: PriceProblem } = {};
  if (min && !PRICE.test(min)) problems.min = 'invalid';
  if (max && !PRICE.test(max)) problems.max = 'invalid';
  if (!problems.min && !problems.max && min && max && priceCents(min) > priceCents(max)) {
    problems.max = 'range';
  }
  return problems;
}

/** "12.5" → 1250: prices compared as whole cents, never as floats. */
function priceCents(price: string): number {
  const [whole = '0', fraction = ''] = price.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
