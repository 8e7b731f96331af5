import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BUSINESS_TIME_ZONE, moneyToDecimalString, rateToDecimalString } from '@app/domain';
import type { Language } from '@app/domain';

/**
 * The fonts of every PDF: Noto Sans Hans (SIL Open Font License 1.1, from the npm package
 * @embedpdf/fonts-sc), which covers Latin (with the accents of Spanish, French, German),
 * Greek, Cyrillic and Chinese, so a name like 北京果蔬有限公司 prints as written. pdfkit
 * embeds only the glyphs a document uses. Use these names with `doc.font(...)`, never the
 * built-in Helvetica, which knows Windows-1252 only.
 */
export const PDF_FONT = { regular: 'NotoSans', bold: 'NotoSans-Bold' } as const;

interface GlyphSource {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** The text with each character the font lacks replaced by its base letter, when it has one. */
export function printable(text: string, font: GlyphSource): string {
  let out = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (codePoint < 0x80 || font.hasGlyphForCodePoint(codePoint)) {
      out += character;
      continue;
    }
    const base = character.normalize('NFD').replace(/\p{M}+/gu, '');
    out += base && base !== character ? base : character;
  }
  return out;
}

let fontFiles: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

function loadFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  fontFiles ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    const folder = join(dirname(entry), '..', 'fonts');
    const [regular, bold] = await Promise.all([
      readFile(join(folder, 'NotoSansHans-Regular.otf')),
      readFile(join(folder, 'NotoSansHans-Bold.otf')),
    ]);
    return { regular, bold };
  })();
  fontFiles.catch(() => (fontFiles = undefined));
  return fontFiles;
}

/**
 * Small helpers for the server's PDF documents (payment receipts, account statements).
 * Streams are left uncompressed: the files stay small, and tests can read their text.
 */
export async function renderPdf(
  info: { title: string; subject?: string; createdAt: Date; margin?: number },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  // Loaded with the first document, not at start-up (it is a large module).
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), loadFonts()]);
  const doc = new PDFDocument({
    compress: false,
    size: 'LETTER',
    margin: info.margin ?? 56,
    info: {
      Title: info.title,
      ...(info.subject ? { Subject: info.subject } : {}),
      Producer: 'Pesos & Produce',
      Creator: 'Pesos & Produce',
      CreationDate: info.createdAt,
    },
  });
  doc.registerFont(PDF_FONT.regular, fonts.regular);
  doc.registerFont(PDF_FONT.bold, fonts.bold);
  doc.font(PDF_FONT.regular);
  // A letter the font lacks (Greek with tonos, some of Latin Extended) prints as its base
  // letter rather than as a blank: ύ → υ, ş → s. Every text call of every document goes
  // through it.
  const font = (doc as unknown as { _font?: { font?: GlyphSource } })._font?.font;
  if (font) {
    const text = doc.text.bind(doc);
    const heightOfString = doc.heightOfString.bind(doc);
    const widthOfString = doc.widthOfString.bind(doc);
    doc.text = ((value: unknown, ...rest: unknown[]) =>
      (text as (...args: unknown[]) => PDFKit.PDFDocument)(
        typeof value === 'string' ? printable(value, font) : value,
        ...rest,
      )) as typeof doc.text;
    doc.heightOfString = (value, options) => heightOfString(printable(value, font), options);
    doc.widthOfString = (value, options) => widthOfString(printable(value, font), options);
  }
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return finished;
}

/** 123456789n → "1,234,567.89" (exact: the digits come from the bigint, never a float). */
export function formatMoneyText(cents: bigint): string {
  const text = moneyToDecimalString(cents);
  const negative = text.startsWith('-');
  const [integer = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

/** 18_402_300n → "18.4023": the quoted digits, at least 2 decimals. */
export function formatRateText(rateMicro: bigint): string {
  return rateToDecimalString(rateMicro).replace(/(\.\d\d\d*?)0+$/, '$1');
}

const LOCALES: Record<Language, string> = { en: 'en-US', sp: 'es-MX' };

/** An instant as the wall-clock date and time of the business time zone. */
export function formatInstantText(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(at);
}

/** A label and its value, the value in bold; a long value wraps within the margins. */
export function labelledLine(doc: PDFKit.PDFDocument, label: string, value: string): void {
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .fillColor('#555555')
    .text(`${label}: `, { continued: true });
  doc.font(PDF_FONT.bold).fillColor('#000000').text(value);
}

export interface TableColumn {
  x: number;
  width: number;
  align: 'left' | 'right';
}

/**
 * One table row whose cells wrap inside their columns (a long name takes more lines, never
 * the next column), starting a new page first when the row does not fit. Answers the row's
 * height; `beforeBreak` draws what each new page repeats (column titles).
 */
export function tableRow(
  doc: PDFKit.PDFDocument,
  columns: readonly TableColumn[],
  cells: readonly string[],
  options: { bold?: boolean; fontSize: number; padding?: number; onNewPage?: () => void },
): number {
  const padding = options.padding ?? 4;
  doc.font(options.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(options.fontSize);
  const heights = cells.map((cell, index) => {
    const column = columns[index];
    return column ? doc.heightOfString(cell, { width: column.width, align: column.align }) : 0;
  });
  const height = Math.max(doc.currentLineHeight(true), ...heights) + padding;
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    options.onNewPage?.();
    doc.font(options.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(options.fontSize);
  }
  const y = doc.y;
  doc.fillColor('#000000');
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    doc.text(cell, column.x, y, { width: column.width, align: column.align });
  });
  doc.x = doc.page.margins.left;
  doc.y = y + height;
  return height;
}
