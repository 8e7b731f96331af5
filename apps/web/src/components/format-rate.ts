/** Rates are shown en-US like money: 2 decimals on the rate card, the full quote in dialogs. */
const cardRate = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const quoteRate = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 4,
  maximumFractionDigits: 6,
});

/** 17.1284 → "17.13" (the spec's displayed rate). */
export function formatCardRate(rate: number): string {
  return cardRate.format(rate);
}

/** 17.1284 → "17.1284": the rate the amounts are computed with. */
export function formatQuoteRate(rate: number): string {
  return quoteRate.format(rate);
}
