// A Web Worker, started by `downloadExcel` (excel.ts) for each export: it writes the .xlsx
// away from the page, so the page keeps answering while 100,000 rows are written. The rows
// arrive in slices, then a message with the sheet's name and header asks for the file.
import type { SheetContent, WorkbookAnswer, WorkbookMessage } from './excel';
import { writeWorkbook } from './excel-workbook';

const rows: SheetContent['rows'] = [];

self.onmessage = async (event: MessageEvent<WorkbookMessage>) => {
  const message = event.data;
  if (message.kind === 'rows') {
    for (const row of message.rows) rows.push(row);
    return;
  }
  let answer: WorkbookAnswer;
  try {
    answer = { blob: await writeWorkbook({ sheet: message.sheet, header: message.header, rows }) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
};
