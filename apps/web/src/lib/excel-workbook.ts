import writeXlsxFile from 'write-excel-file';
import type { SheetContent } from './excel';

/**
 * The .xlsx of a sheet: a bold header row, then numbers as numbers, dates as Excel dates
 * (day/month/year cells a spreadsheet can sort and compute with) and the rest as text.
 */
export function writeWorkbook(content: SheetContent): Promise<Blob> {
  const header = content.header.map((value) => ({ value, fontWeight: 'bold' as const }));
  const body = content.rows.map((row) =>
    row.map((value) =>
      typeof value === 'number'
        ? { type: Number, value }
        : value instanceof Date
          ? { type: Date, value, format: 'yyyy-mm-dd' }
          : { type: String, value },
    ),
  );
  return writeXlsxFile([header, ...body], { sheet: content.sheet });
}
