import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { fitColumnVisibility, userVisibilityChoices } from './fit-columns';

const columns: GridColDef<{ id: number }>[] = [
  { field: 'id', minWidth: 300 },
  { field: 'date', minWidth: 300 },
  { field: 'profit', minWidth: 300 },
  { field: 'gain', minWidth: 300 },
  { field: 'actions', minWidth: 300 },
];

describe('fitColumnVisibility', () => {
  it('hides nothing when the minimum widths fit', () => {
    expect(fitColumnVisibility(columns, 1600, ['gain', 'profit'])).toEqual({});
    expect(fitColumnVisibility(columns, undefined, ['gain'])).toEqual({});
  });

  it('hides by priority until they fit, never the actions', () => {
    expect(fitColumnVisibility(columns, 1350, ['gain', 'profit'])).toEqual({ gain: false });
    expect(fitColumnVisibility(columns, 870, ['gain', 'profit', 'date'])).toEqual({
      gain: false,
      profit: false,
      date: false,
    });
    expect(fitColumnVisibility(columns, 700, ['gain'])).toEqual({ gain: false });
  });
});

describe('userVisibilityChoices', () => {
  it('keeps what the user changed in the column menu, over the fitting', () => {
    // The fitting hid 'gain'; the user shows it again and hides 'date'.
    const shown = { gain: false };
    const next = { gain: true, date: false };
    expect(userVisibilityChoices(shown, next, {})).toEqual({ gain: true, date: false });
  });

  it('adds to earlier choices and leaves unchanged columns to the fitting', () => {
    expect(
      userVisibilityChoices({ gain: false }, { gain: false, id: false }, { date: false }),
    ).toEqual({ date: false, id: false });
  });
});

describe('phone widths', () => {
  it('hides nothing on a phone: the table scrolls with its first column pinned', () => {
    expect(fitColumnVisibility(columns, 390, ['gain', 'profit'])).toEqual({});
  });
});
