import type { SheetContent } from './excel';
import { XlsxSheetWriter } from './xlsx-sheet-writer';

/**
 * The .xlsx of a sheet: a bold header row, then numbers as numbers, dates as Excel dates
 * (day/month/year cells a spreadsheet can sort and compute with) and the rest as text.
 */
export function writeWorkbook(content: SheetContent): Blob {
  const writer = new XlsxSheetWriter(content.sheet, content.header);
  writer.addRows(content.rows);
  return writer.finish();
}
