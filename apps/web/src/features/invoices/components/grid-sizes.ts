/** The invoices table's fixed sizes (px), shared with the skeleton that holds its place. */
export const GRID_SIZES = {
  columnHeaderHeight: 72,
  /** MUI X's standard density. */
  rowHeight: 52,
  /** The loading and empty overlays (`--DataGrid-overlayHeight`). */
  overlayHeight: 240,
  /** The pagination footer and the grid's borders. */
  footerHeight: 55,
} as const;
