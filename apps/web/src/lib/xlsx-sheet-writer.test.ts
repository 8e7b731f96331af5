import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile, { readSheetNames } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { writeWorkbook } from './excel-workbook';
import { XLSX_MIME_TYPE, XlsxSheetWriter } from './xlsx-sheet-writer';

/** The file's bytes (jsdom's Blob has no `arrayBuffer()`; its FileReader reads it). */
function bytesOf(blob: Blob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('XlsxSheetWriter', () => {
  it('writes a workbook a spreadsheet reads back: texts, numbers and dates as such', async () => {
    const blob = writeWorkbook({
      sheet: 'Estado de cuenta',
      header: ['Fecha', 'Descripción', 'Importe'],
      rows: [
        [new Date(Date.UTC(2026, 10, 21)), 'Pago a Agrícola Peña & Hijos <SPEI>', 1234.56],
        [new Date(Date.UTC(2024, 1, 29)), '  "espacios"  ', -0.01],
        ['N/A', 'N/A', 0],
      ],
    });
    expect(blob.type).toBe(XLSX_MIME_TYPE);
    const file = await bytesOf(blob);

    expect(await readSheetNames(file)).toEqual(['Estado de cuenta']);
    const rows = await readXlsxFile(file, { trim: false });
    expect(rows).toEqual([
      ['Fecha', 'Descripción', 'Importe'],
      [new Date(Date.UTC(2026, 10, 21)), 'Pago a Agrícola Peña & Hijos <SPEI>', 1234.56],
      [new Date(Date.UTC(2024, 1, 29)), '  "espacios"  ', -0.01],
      ['N/A', 'N/A', 0],
    ]);
  });

  it('bolds the header, gives dates the yyyy-mm-dd format, sizes the columns and keeps texts in their cells', async () => {
    const writer = new XlsxSheetWriter('Hoja1', ['Día', 'Texto']);
    writer.addRows([[new Date(Date.UTC(1970, 0, 1)), 'uno']]);
    const parts = unzipSync(new Uint8Array(await bytesOf(writer.finish())));
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    const styles = strFromU8(parts['xl/styles.xml']!);

    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t>Día</t></is></c>');
    // Wide enough for a date (not "###"), at least 8 characters for a short text.
    expect(sheet).toContain(
      '<cols><col min="1" max="1" width="12" customWidth="1"/><col min="2" max="2" width="8" customWidth="1"/></cols>',
    );
    // 1970-01-01 is day 25,569 of Excel's calendar.
    expect(sheet).toContain('<c r="A2" s="2"><v>25569</v></c>');
    expect(sheet).toContain('<c r="B2" t="inlineStr"><is><t>uno</t></is></c>');
    expect(styles).toMatch(/<font><b\/>/);
    expect(styles).toContain('formatCode="yyyy-mm-dd"');
    expect(Object.keys(parts)).not.toContain('xl/sharedStrings.xml');
  });

  it('writes rows given in slices in order, past column Z, and drops what XML cannot hold', async () => {
    const header = Array.from({ length: 28 }, (_, index) => `C${index + 1}`);
    const writer = new XlsxSheetWriter('Hoja1', header);
    for (let slice = 0; slice < 3; slice += 1) {
      writer.addRows(
        Array.from({ length: 1000 }, (_, index) =>
          header.map((_, column) =>
            column === 27 ? `fila\u0007 ${slice * 1000 + index + 1}` : column,
          ),
        ),
      );
    }
    const rows = await readXlsxFile(await bytesOf(writer.finish()));

    expect(rows).toHaveLength(3001);
    expect(rows[0]?.[27]).toBe('C28');
    expect(rows[1]?.[26]).toBe(26);
    expect(rows[3000]?.[27]).toBe('fila 3000');
  });

  it('gives the sheet a name Excel accepts: 31 characters at most, none of []:*?/\\', async () => {
    const writer = new XlsxSheetWriter('Pagos 2026/11 [USD] * del año fiscal completo', ['A']);
    const names = await readSheetNames(await bytesOf(writer.finish()));

    expect(names).toEqual(['Pagos 2026 11  USD    del año f']);
    expect(names[0]!.length).toBeLessThanOrEqual(31);
  });
});
