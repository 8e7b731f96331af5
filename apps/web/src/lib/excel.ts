/** A column of an exported sheet: its header and how to read a row's cell. */
export interface ExcelColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

export class ExcelExportError extends Error {
  readonly code = 'CSV_NO_DATA';
}

/**
 * Writes a real .xlsx in the browser and downloads it. The writer is loaded only when a
 * user exports (it stays out of the first load). Empty cells say 'N/A' (spec §9).
 */
export async function downloadExcel<Row>(options: {
  fileName: string;
  sheet?: string;
  columns: ExcelColumn<Row>[];
  rows: Row[];
  emptyCell?: string;
}): Promise<void> {
  const emptyCell = options.emptyCell ?? 'N/A';
  try {
    const { default: writeXlsxFile } = await import('write-excel-file');
    const header = options.columns.map((column) => ({
      value: column.header,
      fontWeight: 'bold' as const,
    }));
    const body = options.rows.map((row) =>
      options.columns.map((column) => {
        const value = column.value(row);
        if (value === null || value === undefined || value === '') {
          return { type: String, value: emptyCell };
        }
        return typeof value === 'number' ? { type: Number, value } : { type: String, value };
      }),
    );
    await writeXlsxFile([header, ...body], {
      fileName: options.fileName,
      sheet: options.sheet ?? 'Hoja1',
    });
  } catch (error) {
    throw new ExcelExportError('CSV_NO_DATA', { cause: error });
  }
}
