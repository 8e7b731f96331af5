import { downloadBlob } from './files';

/** A column of an exported sheet: its header and how to read a row's cell. */
export interface ExcelColumn<Row> {
  header: string;
  /** A Date is written as an Excel date (see `excelDate`), not as text. */
  value: (row: Row) => string | number | Date | null | undefined;
}

/**
 * A calendar day ('YYYY-MM-DD') as the Date an Excel date cell holds: midnight UTC of that
 * day, built from its parts (never `new Date('YYYY-MM-DD')`). Anything else is kept as text.
 */
export function excelDate(calendarDate: string | null | undefined): Date | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(calendarDate ?? '');
  if (!match) return calendarDate ?? '';
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

export class ExcelExportError extends Error {
  readonly code = 'CSV_NO_DATA';
}

/** What a sheet holds, as plain values: it crosses to the worker, functions cannot. */
export interface SheetContent {
  sheet: string;
  header: string[];
  rows: Array<Array<string | number | Date>>;
}

/** The worker's answer (`excel-worker.ts`). */
export type WorkbookAnswer = { blob: Blob } | { error: string };

/**
 * What the page sends the worker: the sheet's name and header, then the rows a slice at a
 * time (each message is copied on the page's thread, and 100,000 rows at once held it for
 * about 300 ms), then the request for the file.
 */
export type WorkbookMessage =
  | { kind: 'start'; sheet: string; header: string[] }
  | { kind: 'rows'; rows: SheetContent['rows'] }
  | { kind: 'end' };

/** Rows per message to the worker. */
const ROWS_PER_MESSAGE = 5000;

const ROWS_PER_SLICE = 1000;

/**
 * Lets the page handle input and paint before the next slice. `scheduler.yield()` where the
 * browser has it; otherwise a message to ourselves, which (unlike a chain of `setTimeout(0)`,
 * clamped to 4 ms each) costs nothing: 100 slices of a 100,000-row export waited 0.4 s.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Every row's cells, a slice of rows per task, so 10,000 rows never block the page. */
async function readCells<Row>(
  columns: ExcelColumn<Row>[],
  rows: Row[],
  emptyCell: string,
): Promise<SheetContent['rows']> {
  const cells: SheetContent['rows'] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
    if (start > 0) await nextTask();
    for (const row of rows.slice(start, start + ROWS_PER_SLICE)) {
      cells.push(
        columns.map((column) => {
          const value = column.value(row);
          return value === null || value === undefined || value === '' ? emptyCell : value;
        }),
      );
    }
  }
  return cells;
}

type WorkbookWriter = {
  write: (content: SheetContent) => Promise<Blob>;
  dispose: () => void;
};

/**
 * The .xlsx writer, in a Web Worker: for 10,000 rows its XML and zip work would otherwise
 * hold the page for a long while. It starts at once, so its code loads while the rows do.
 * Without workers (tests) it writes here.
 */
function startWorkbookWriter(): WorkbookWriter {
  if (typeof Worker === 'undefined') {
    return {
      write: async (content) => (await import('./excel-workbook')).writeWorkbook(content),
      dispose: () => {},
    };
  }
  const worker = new Worker(new URL('./excel-worker.ts', import.meta.url), { type: 'module' });
  // Listened to from the start: the worker's code may fail to load before rows are ready.
  const failed = new Promise<never>((_, reject) => {
    worker.onerror = (event) => reject(new Error(event.message || 'The Excel worker failed.'));
  });
  failed.catch(() => {});
  return {
    write: (content) => {
      const answered = new Promise<Blob>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<WorkbookAnswer>) => {
          if ('blob' in event.data) resolve(event.data.blob);
          else reject(new Error(event.data.error));
        };
      });
      const sent = (async () => {
        worker.postMessage({
          kind: 'start',
          sheet: content.sheet,
          header: content.header,
        } satisfies WorkbookMessage);
        for (let start = 0; start < content.rows.length; start += ROWS_PER_MESSAGE) {
          if (start > 0) await nextTask();
          const slice = content.rows.slice(start, start + ROWS_PER_MESSAGE);
          worker.postMessage({ kind: 'rows', rows: slice } satisfies WorkbookMessage);
        }
        worker.postMessage({ kind: 'end' } satisfies WorkbookMessage);
      })();
      return Promise.race([sent.then(() => answered), failed]);
    },
    dispose: () => worker.terminate(),
  };
}

/**
 * Writes a real .xlsx in the browser and downloads it. The writer is loaded only when a
 * user exports (it stays out of the first load). Empty cells say 'N/A' (spec §9).
 * `rows` may be a loader: it is called once the writer's code is asked for, so that
 * request does not queue behind the loader's own (a browser opens 6 at a time).
 */
export async function downloadExcel<Row>(options: {
  fileName: string;
  sheet?: string;
  columns: ExcelColumn<Row>[];
  rows: Row[] | (() => Promise<Row[]>);
  emptyCell?: string;
}): Promise<void> {
  let writer: WorkbookWriter | undefined;
  try {
    writer = startWorkbookWriter();
    const rows = typeof options.rows === 'function' ? await options.rows() : options.rows;
    const content: SheetContent = {
      sheet: options.sheet ?? 'Hoja1',
      header: options.columns.map((column) => column.header),
      rows: await readCells(options.columns, rows, options.emptyCell ?? 'N/A'),
    };
    downloadBlob(await writer.write(content), options.fileName);
  } catch (error) {
    throw new ExcelExportError('CSV_NO_DATA', { cause: error });
  } finally {
    writer?.dispose();
  }
}
