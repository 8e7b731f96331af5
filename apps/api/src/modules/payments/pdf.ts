import { BUSINESS_TIME_ZONE, moneyToDecimalString, rateToDecimalString } from '@app/domain';
import type { Language } from '@app/domain';

/**
 * Small helpers for the server's PDF documents (payment receipts, account statements).
 * Streams are left uncompressed: the files stay small, and tests can read their text.
 */
export async function renderPdf(
  info: { title: string; subject?: string; createdAt: Date; margin?: number },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  // Loaded with the first document, not at start-up (it is a large module).
  const { default: PDFDocument } = await import('pdfkit');
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

/** A label and its value on one line, the value in bold. */
export function labelledLine(doc: PDFKit.PDFDocument, label: string, value: string): void {
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(`${label}: `, { continued: true });
  doc.font('Helvetica-Bold').fillColor('#000000').text(value);
}
