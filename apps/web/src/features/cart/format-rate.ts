const quoteRate = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 4,
  maximumFractionDigits: 6,
});

/** A quote as the amounts are computed with it: 18.0038 → "18.0038" (en-US, like money). */
export function formatQuoteRate(rate: number): string {
  return quoteRate.format(rate);
}
