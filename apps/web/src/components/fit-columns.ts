import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

/**
 * Tables that fit a laptop: a DataGrid's columns are flex columns with a minimum
 * width, so they never need a horizontal scroll while the minimums fit the table's width.
 * When they do not, columns are hidden by priority (the first of `hideOrder` first) until
 * they do; the Actions column is never in `hideOrder`, so it always stays on screen. The
 * minimums are chosen so that nothing hides at 1280 px and wider; below that, a hidden column
 * can be shown again from the grid's column menu ('Manage columns'), and what the user shows
 * or hides there wins over the fitting (`useFittedColumns`). On a phone nothing hides: the
 * table scrolls sideways with its first column pinned (`pinnedFirstColumnSx`).
 */

/** Borders and the rounding of flex widths: what the columns may not use. */
const SLACK = 4;
const DEFAULT_MIN_WIDTH = 50;
/** The DataGrid's width of a column with neither `width` nor `flex`. */
const DEFAULT_WIDTH = 100;
/** Narrower than this (a phone) the table scrolls sideways instead of hiding columns. */
export const PHONE_TABLE_WIDTH = 700;

/** The least a column takes: its minimum when it flexes, else its width. */
function leastWidth(column: GridColDef<never>): number {
  if (column.flex) return column.minWidth ?? DEFAULT_MIN_WIDTH;
  return column.width ?? Math.max(column.minWidth ?? DEFAULT_MIN_WIDTH, DEFAULT_WIDTH);
}

export function fitColumnVisibility<Row extends object>(
  columns: readonly GridColDef<Row>[],
  width: number | undefined,
  hideOrder: readonly string[],
): GridColumnVisibilityModel {
  const hidden: GridColumnVisibilityModel = {};
  if (width === undefined || width < PHONE_TABLE_WIDTH) return hidden;
  let total = columns.reduce((sum, column) => sum + leastWidth(column as GridColDef<never>), 0);
  for (const field of hideOrder) {
    if (total <= width - SLACK) break;
    const column = columns.find((candidate) => candidate.field === field);
    if (!column) continue;
    hidden[field] = false;
    total -= leastWidth(column as GridColDef<never>);
  }
  return hidden;
}

/** The width of an element, kept up to date as it resizes. */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The user's own choices from the column menu: the fields whose visibility the grid's new
 * model changes against the model it was shown.
 */
export function userVisibilityChoices(
  shown: GridColumnVisibilityModel,
  next: GridColumnVisibilityModel,
  earlier: GridColumnVisibilityModel,
): GridColumnVisibilityModel {
  const choices: GridColumnVisibilityModel = { ...earlier };
  const fields = new Set([...Object.keys(shown), ...Object.keys(next)]);
  for (const field of fields) {
    const before = shown[field] !== false;
    const after = next[field] !== false;
    if (before !== after) choices[field] = after;
  }
  return choices;
}

/**
 * A DataGrid's column visibility: fitted to the table's width by `hideOrder`, with what the
 * user shows or hides from the column menu on top. Spread the result into the DataGrid and
 * put `ref` on the box around it.
 */
export function useFittedColumns<Row extends object>(
  columns: readonly GridColDef<Row>[],
  hideOrder: readonly string[],
) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const [choices, setChoices] = useState<GridColumnVisibilityModel>({});
  const columnVisibilityModel = useMemo(
    () => ({ ...fitColumnVisibility(columns, width, hideOrder), ...choices }),
    [columns, width, hideOrder, choices],
  );
  const onColumnVisibilityModelChange = useCallback(
    (next: GridColumnVisibilityModel) =>
      setChoices((earlier) => userVisibilityChoices(columnVisibilityModel, next, earlier)),
    [columnVisibilityModel],
  );
  return { ref, width, columnVisibilityModel, onColumnVisibilityModelChange };
}

/**
 * On a phone the grid scrolls sideways with its first columns pinned at the left (each at
 * its offset), so a row never loses who it is. Plain CSS `position: sticky` inside the
 * grid's scroller.
 */
export function pinnedColumnsSx(columns: readonly { field: string; left: number }[]) {
  const rules: Record<string, object> = {};
  for (const [index, { field, left }] of columns.entries()) {
    const last = index === columns.length - 1;
    const pinned = {
      position: 'sticky',
      left,
      zIndex: 3,
      bgcolor: 'background.paper',
      ...(last ? { boxShadow: 'inset -1px 0 0 rgba(0, 0, 0, 0.12)' } : {}),
    };
    rules[`& .MuiDataGrid-cell[data-field="${field}"]`] = pinned;
    rules[`& .MuiDataGrid-columnHeader[data-field="${field}"]`] = { ...pinned, zIndex: 4 };
  }
  // A scrolled column's separator would be drawn over the pinned header.
  rules['& .MuiDataGrid-columnSeparator'] = { display: 'none' };
  return { [`@media (max-width: ${String(PHONE_TABLE_WIDTH)}px)`]: rules };
}

/** The header height of a compact grid: three lines of a wrapped header. */
export const COMPACT_HEADER_HEIGHT = 64;

/**
 * The look of a finance grid that must fit a laptop: narrow cell padding, slightly smaller
 * text, and headers that wrap at spaces on up to three lines (never cut, never mid-word).
 */
export const compactGridSx = {
  '& .MuiDataGrid-columnHeader, & .MuiDataGrid-cell': { px: '6px' },
  '& .MuiDataGrid-cell': { fontSize: '0.8125rem' },
  '& .MuiDataGrid-columnHeaderTitle': {
    whiteSpace: 'normal',
    lineHeight: 1.15,
    fontSize: '0.75rem',
    fontWeight: 600,
  },
  '& .MuiDataGrid-columnHeaderTitleContainerContent': { overflow: 'visible' },
} as const;
