import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useLanguage } from '../lib/i18n/i18n';

/** Cells wrap (rows grow to fit) and stay centred vertically; numbers keep to the right. */
export const wrappingCellsSx = {
  '& .MuiDataGrid-cell': {
    py: 1,
    whiteSpace: 'normal',
    lineHeight: 1.35,
    overflowWrap: 'anywhere',
    display: 'flex',
    alignItems: 'center',
  },
  '& .MuiDataGrid-cell--textRight': { justifyContent: 'flex-end' },
} as const;

/**
 * Headers and cells wrap (rows grow to fit), so the table needs less width; every column
 * is rendered (pages hold at most 100 rows), which keeps them all readable by screen readers.
 */
export const wrappingGridSx = {
  bgcolor: 'background.paper',
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2, fontWeight: 600 },
  ...wrappingCellsSx,
} as const;

/** The grid's own texts in the interface language, with the table's empty-state line. */
export function useGridLocaleText(noRowsLabel: string) {
  const language = useLanguage();
  return useMemo(
    () => ({
      ...(language === 'sp' ? esES.components.MuiDataGrid.defaultProps.localeText : {}),
      noRowsLabel,
    }),
    [language, noRowsLabel],
  );
}
