// A Web Worker, started by `downloadExcel` (excel.ts) for each export: it writes the .xlsx
// away from the page, so the page keeps answering while 100,000 rows are written. A first
// message names the sheet and its header, the rows follow in slices and are written and
// zipped as they arrive, and a last message asks for the file.
import type { WorkbookAnswer, WorkbookMessage } from './excel';
import { XlsxSheetWriter } from './xlsx-sheet-writer';

let writer: XlsxSheetWriter | undefined;
let failure: unknown;

function answer(message: WorkbookMessage): WorkbookAnswer | undefined {
  if (message.kind === 'start') {
    writer = new XlsxSheetWriter(message.sheet, message.header);
    return undefined;
  }
  if (!writer) throw new Error('The Excel worker was sent rows before the sheet.');
  if (message.kind === 'rows') {
    writer.addRows(message.rows);
    return undefined;
  }
  return { blob: writer.finish() };
}

self.onmessage = (event: MessageEvent<WorkbookMessage>) => {
  // After a failure the rest of the rows are dropped; the last message reports it.
  if (failure === undefined) {
    try {
      const reply = answer(event.data);
      if (reply) self.postMessage(reply);
      return;
    } catch (error) {
      failure = error;
    }
  }
  if (event.data.kind === 'end') {
    self.postMessage({
      error: failure instanceof Error ? failure.message : String(failure),
    } satisfies WorkbookAnswer);
  }
};
