/** The invoices table's fixed sizes (px), shared with the skeleton that holds its place. */
export const GRID_SIZES = {
  columnHeaderHeight: 72,
  /** A row (MUI X's standard density, which the table keeps). */
  rowHeight: 52,
  /** The body while the first page loads (skeleton rows) or when no invoice matches. */
  overlayHeight: 240,
  /** The pagination footer and the table's borders. */
  footerHeight: 55,
} as const;
