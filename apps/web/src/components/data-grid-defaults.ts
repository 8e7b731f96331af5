import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useLanguage } from '../lib/i18n/i18n';

/**
 * Headers and cells wrap (rows grow to fit), so the table needs less width; every column
 * is rendered (pages hold at most 100 rows), which keeps them all readable by screen readers.
 */
export const wrappingGridSx = {
  bgcolor: 'background.paper',
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2, fontWeight: 600 },
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
