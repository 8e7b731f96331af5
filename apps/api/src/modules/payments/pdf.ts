import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { formatCompanyTime, moneyToDecimalString, rateToDecimalString } from '@app/domain';
import type { Language } from '@app/domain';

/**
 * The fonts of every PDF, all under the SIL Open Font License 1.1 and shipped by npm packages
 * (nothing from the system): Noto Sans Hans (@embedpdf/fonts-sc), which covers Latin (with
 * the accents of Spanish, French, German), Greek, Cyrillic and Chinese, so a name like
 * 北京果蔬有限公司 prints as written; then, for what it lacks, Noto Naskh Arabic
 * (@embedpdf/fonts-arabic) and the monochrome Noto Emoji (@expo-google-fonts/noto-emoji).
 * pdfkit embeds only the glyphs a document uses. Use these names with `doc.font(...)`, never
 * the built-in Helvetica, which knows Windows-1252 only.
 */
export const PDF_FONT = { regular: 'NotoSans', bold: 'NotoSans-Bold' } as const;

/** The fonts a run of text falls back to, in order, when the main font lacks a letter. */
const FALLBACK_FONTS = {
  [PDF_FONT.regular]: ['NotoNaskhArabic', 'NotoEmoji'],
  [PDF_FONT.bold]: ['NotoNaskhArabic-Bold', 'NotoEmoji-Bold'],
} as const;

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

/**
 * Characters that belong to their neighbours: spaces keep an Arabic phrase one run (so it is
 * laid out right to left as a whole), and joiners, variation selectors and marks stay with the
 * letter or emoji they modify.
 */
const FOLLOWS_ITS_RUN = /^(?:\s|\p{M}|\u200C|\u200D|[\uFE00-\uFE0F]|[\u{E0020}-\u{E007F}])$/u;

/**
 * The text cut into runs, each with the first font of the chain that has its characters
 * (the main font for what none has: `printable` then stands in its base letter).
 */
export function fontRuns(
  text: string,
  chain: readonly { name: string; font: GlyphSource }[],
): { name: string; text: string }[] {
  const runs: { name: string; text: string }[] = [];
  const main = chain[0];
  if (!main) return [{ name: '', text }];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    let name = main.name;
    if (last && FOLLOWS_ITS_RUN.test(character)) {
      name = last.name;
    } else if (codePoint >= 0x80 && !main.font.hasGlyphForCodePoint(codePoint)) {
      name = chain.find((entry) => entry.font.hasGlyphForCodePoint(codePoint))?.name ?? main.name;
    }
    if (last && last.name === name) last.text += character;
    else runs.push({ name, text: character });
  }
  // Spaces after an Arabic or emoji run go to the main font: laid out with the run, a right-to-
  // left run would draw its trailing space on its left, and the emoji font's space is wide.
  const moved: { name: string; text: string }[] = [];
  for (const run of runs) {
    const trailing = run.name === main.name ? '' : (/\s+$/.exec(run.text)?.[0] ?? '');
    const pieces = trailing
      ? [
          { name: run.name, text: run.text.slice(0, -trailing.length) },
          { name: main.name, text: trailing },
        ]
      : [run];
    for (const piece of pieces) {
      const last = moved.at(-1);
      if (last && last.name === piece.name) last.text += piece.text;
      else moved.push({ ...piece });
    }
  }
  return moved;
}

type FontFiles = Record<string, Buffer>;
let fontFiles: Promise<FontFiles> | undefined;

function loadFonts(): Promise<FontFiles> {
  fontFiles ??= (async () => {
    const require = createRequire(import.meta.url);
    const hans = join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    const arabic = join(dirname(require.resolve('@embedpdf/fonts-arabic')), '..', 'fonts');
    const emoji = dirname(require.resolve('@expo-google-fonts/noto-emoji/package.json'));
    const files: Record<string, string> = {
      [PDF_FONT.regular]: join(hans, 'NotoSansHans-Regular.otf'),
      [PDF_FONT.bold]: join(hans, 'NotoSansHans-Bold.otf'),
      NotoNaskhArabic: join(arabic, 'NotoNaskhArabic-Regular.ttf'),
      'NotoNaskhArabic-Bold': join(arabic, 'NotoNaskhArabic-Bold.ttf'),
      NotoEmoji: join(emoji, '400Regular', 'NotoEmoji_400Regular.ttf'),
      'NotoEmoji-Bold': join(emoji, '700Bold', 'NotoEmoji_700Bold.ttf'),
    };
    const entries = await Promise.all(
      Object.entries(files).map(async ([name, path]) => [name, await readFile(path)] as const),
    );
    return Object.fromEntries(entries);
  })();
  fontFiles.catch(() => (fontFiles = undefined));
  return fontFiles;
}

/** pdfkit's current font: its registered name and its fontkit font (not in its types). */
function currentFont(doc: PDFKit.PDFDocument): { name?: string; font?: GlyphSource } {
  const font = (doc as unknown as { _font?: { font?: GlyphSource } })._font;
  return font?.font ? { font: font.font } : {};
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
  const glyphs = new Map<string, GlyphSource>();
  for (const [name, file] of Object.entries(fonts)) {
    doc.registerFont(name, file);
    doc.font(name);
    const { font } = currentFont(doc);
    if (font) glyphs.set(name, font);
  }
  doc.font(PDF_FONT.regular);
  /** The chain for the current font: it, then its fallbacks (regular or bold). */
  const chainOfCurrent = () => {
    const { font } = currentFont(doc);
    const main = ([PDF_FONT.regular, PDF_FONT.bold] as const).find(
      (name) => glyphs.get(name) === font,
    );
    if (!main || !font) return undefined;
    return [main, ...FALLBACK_FONTS[main]].flatMap((name) => {
      const source = glyphs.get(name);
      return source ? [{ name, font: source }] : [];
    });
  };
  // Every text call of every document goes through these. A text the main font draws whole
  // is drawn as before; a letter it lacks (Greek with tonos, some of Latin Extended) prints as
  // its base letter rather than as a blank (ύ → υ, ş → s); Arabic and emoji are drawn in
  // their own fonts, as runs of one line (`continued`), and the main font is set back after.
  // fontkit shapes an Arabic run (joined letter forms) and lays it out right to left.
  const text = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  const heightOfString = doc.heightOfString.bind(doc);
  const widthOfString = doc.widthOfString.bind(doc);
  doc.text = ((value: unknown, ...rest: unknown[]) => {
    const chain = chainOfCurrent();
    if (typeof value !== 'string' || !chain) return text(value, ...rest);
    const runs = fontRuns(value, chain);
    const main = chain[0]!;
    if (runs.length === 1 && runs[0]!.name === main.name) {
      return text(printable(value, main.font), ...rest);
    }
    // text(value, options) or text(value, x, y, options): the options come last.
    const last = rest.at(-1);
    const options =
      typeof last === 'object' && last !== null ? (last as Record<string, unknown>) : {};
    const position = typeof last === 'object' && last !== null ? rest.slice(0, -1) : rest;
    const continued = options.continued === true;
    runs.forEach((run, index) => {
      doc.font(run.name);
      const piece = run.name === main.name ? printable(run.text, main.font) : run.text;
      const more = index < runs.length - 1 || continued;
      // With `features` pdfkit lays a run out whole rather than word by word, so fontkit
      // orders a right-to-left phrase's words too, not only each word's letters.
      const runOptions = { continued: more, features: [] };
      if (index === 0) text(piece, ...position, { ...options, ...runOptions });
      else text(piece, runOptions);
    });
    doc.font(main.name);
    return doc;
  }) as typeof doc.text;
  doc.heightOfString = (value, options) => {
    const chain = chainOfCurrent();
    return heightOfString(chain ? printable(value, chain[0]!.font) : value, options);
  };
  doc.widthOfString = (value, options) => {
    const chain = chainOfCurrent();
    if (!chain) return widthOfString(value, options);
    const main = chain[0]!;
    let width = 0;
    for (const run of fontRuns(value, chain)) {
      doc.font(run.name);
      width += widthOfString(
        run.name === main.name ? printable(run.text, main.font) : run.text,
        options,
      );
    }
    doc.font(main.name);
    return width;
  };
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

/**
 * An instant as the date and time on the reading company's clock (its time zone setting),
 * the zone named ("… 9:12 AM CST").
 */
export function formatInstantText(at: Date, language: Language, timeZone: string): string {
  return formatCompanyTime(
    at,
    LOCALES[language],
    { dateStyle: 'long', timeStyle: 'short' },
    timeZone,
  );
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
