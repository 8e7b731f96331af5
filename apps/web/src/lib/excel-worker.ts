// A Web Worker, started by `downloadExcel` (excel.ts) for each export: it writes the .xlsx
// away from the page, so the page keeps answering while 10,000 rows are written.
import type { SheetContent, WorkbookAnswer } from './excel';
import { writeWorkbook } from './excel-workbook';

self.onmessage = async (event: MessageEvent<SheetContent>) => {
  let answer: WorkbookAnswer;
  try {
    answer = { blob: await writeWorkbook(event.data) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
};
