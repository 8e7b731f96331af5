import { describe, expect, it } from 'vitest';
import { renderStatementPdf } from '../statement/statement-pdf.js';
import { pdfText } from '../../test/payment-fixtures.js';
import { fontRuns } from './pdf.js';
import { renderPaymentReceipt } from './payment-receipt.js';

const NAMES = {
  chinese: '北京果蔬有限公司',
  russian: 'ООО «Фрукты Москвы»',
  greek: 'Φρούτα Αθηνών ΑΕ',
  spanish: 'Agrícola Peñasco y Señora, S. de R.L. — ¡Año 2026!',
  arabic: 'شركة الفواكه الطازجة',
  emoji: 'Aguacates 🥑🍋 del Valle',
};

/** The letters of a text, sorted, without spaces or bidi controls: order-free comparison. */
function letters(text: string): string {
  return [...text.replace(/[\s\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')].sort().join('');
}

/** Text without the spaces and line breaks pdftotext puts between wrapped pieces. */
function squeezed(text: string): string {
  return text.replace(/\s+/g, '');
}

describe('PDFs in any script', () => {
  it('prints Chinese, Cyrillic, Greek and Spanish names on a receipt as written', async () => {
    const pdf = await renderPaymentReceipt(
      {
        trackingId: 42n,
        trackingKey: 'PP20261121ABCDEFGHJKLMNPQR',
        createdAt: new Date('2026-11-21T18:00:00Z'),
        completedAt: null,
        status: 'PROCESSING',
        type: 'PAY_NOW',
        payerName: NAMES.chinese,
        timeZone: 'America/Mexico_City',
        recipientName: NAMES.russian,
        bankName: NAMES.greek,
        clabe: '012180000000000005',
        taxId: 'AVA010101AB1',
        amountMxn: 250_000n,
        amountUsd: 13_587n,
        rateMicro: 18_400_000n,
        concept: `${NAMES.spanish} ${'Pedido muy largo '.repeat(12)}`,
        invoices: [{ name: `${NAMES.chinese} 发票 2026-001`, amountMxn: 250_000n }],
      },
      'sp',
    );
    const text = pdfText(pdf);
    for (const name of [NAMES.chinese, NAMES.russian, NAMES.spanish]) {
      expect(squeezed(text)).toContain(squeezed(name));
    }
    // The font has Greek without tonos: accented letters print as their base letter.
    expect(text).toContain('Φρουτα Αθηνων ΑΕ');
    expect(text).toContain('北京果蔬有限公司 发票 2026-001');
    // Only the glyphs used are embedded: the file stays small.
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('prints Arabic and emoji names in their own fonts, and Chinese beside them', async () => {
    const pdf = await renderPaymentReceipt(
      {
        trackingId: 43n,
        trackingKey: 'PP20261121ABCDEFGHJKLMNPQS',
        createdAt: new Date('2026-11-21T18:00:00Z'),
        completedAt: null,
        status: 'PROCESSING',
        type: 'PAY_NOW',
        payerName: NAMES.chinese,
        timeZone: 'America/Mexico_City',
        recipientName: NAMES.arabic,
        bankName: NAMES.emoji,
        clabe: '012180000000000005',
        taxId: 'AVA010101AB1',
        amountMxn: 250_000n,
        amountUsd: 13_587n,
        rateMicro: 18_400_000n,
        concept: `Pedido para ${NAMES.arabic} y ${NAMES.chinese} 🍋`,
        invoices: [{ name: `فاتورة 2026-001 ${NAMES.emoji}`, amountMxn: 250_000n }],
      },
      'en',
    );
    const text = pdfText(pdf);
    const line = (label: string) =>
      text.split('\n').find((candidate) => candidate.trimStart().startsWith(label)) ?? '';
    // The Recipient line is not empty: it holds every letter of the Arabic name (pdftotext may
    // give a right-to-left phrase in either order).
    const recipient = line('Recipient:').replace('Recipient:', '');
    expect(letters(recipient)).toBe(letters(NAMES.arabic));
    expect(line('Bank:')).toContain(NAMES.emoji);
    expect(line('Payer:')).toContain(NAMES.chinese);
    expect(letters(line('Payment concept:'))).toBe(
      letters(`Payment concept: Pedido para ${NAMES.arabic} y ${NAMES.chinese} 🍋`),
    );
    // Drawn with the Arabic and the emoji fonts (a name drawn with a font that lacks it
    // extracts the same text but shows boxes or nothing).
    const source = pdf.toString('latin1');
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoNaskhArabic/);
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoEmoji/);
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('lays out an Arabic phrase right to left as a whole, its spaces kept', () => {
    const main = { name: 'main', font: { hasGlyphForCodePoint: (c: number) => c < 0x600 } };
    const arabic = {
      name: 'arabic',
      font: { hasGlyphForCodePoint: (c: number) => c < 0x80 || (c >= 0x600 && c < 0x700) },
    };
    const emoji = { name: 'emoji', font: { hasGlyphForCodePoint: (c: number) => c > 0x1f000 } };
    expect(fontRuns('de محمد علي y 🥑 x', [main, arabic, emoji])).toEqual([
      { name: 'main', text: 'de ' },
      { name: 'arabic', text: 'محمد علي' },
      { name: 'main', text: ' y ' },
      { name: 'emoji', text: '🥑' },
      { name: 'main', text: ' x' },
    ]);
  });

  it('wraps long statement cells inside their column instead of running into the next', async () => {
    const description = `Pago a ${NAMES.chinese} ${NAMES.russian} por el pedido de limones persas 150ct de noviembre`;
    const pdf = await renderStatementPdf(
      {
        currency: 'USD',
        from: '2026-11-01',
        to: '2026-11-30',
        opening: 0n,
        closing: 100_000n,
        totalDebit: 0n,
        totalCredit: 100_000n,
        truncated: false,
        lines: Array.from({ length: 60 }, (_, index) => ({
          date: '2026-11-21',
          at: new Date('2026-11-21T18:00:00Z'),
          description,
          type: 'PAY_NOW',
          debit: 0n,
          credit: 100_000n,
          balance: BigInt(index + 1) * 100_000n,
          reference: `PP20261121ABCDEFGHJKLMNPQR${index}`,
          paidAccount: null,
          rateMicro: null,
          referenceFix: null,
        })),
      },
      { name: NAMES.chinese, timeZone: 'America/Mexico_City' },
      new Date('2026-11-30T18:00:00Z'),
      'sp',
    );
    const text = pdfText(pdf);
    expect(text).toContain(NAMES.chinese);
    // Every row's description is there in full, wrapped inside its column (not cut with an
    // ellipsis), and every amount.
    const count = (piece: string) => text.split(piece).length - 1;
    expect(count('pedido de limones persas')).toBe(60);
    expect(count('150ct de noviembre')).toBe(60);
    expect(text).toContain('6,000.00');
    // No wrapped description runs into the reference column on the same line.
    for (const line of text.split('\n').filter((candidate) => candidate.includes('PP20261121'))) {
      expect(line).not.toMatch(/persas|noviembre/);
    }
  });
});
