import { describe, expect, it } from 'vitest';
import { renderStatementPdf } from '../statement/statement-pdf.js';
import { pdfText } from '../../test/payment-fixtures.js';
import { renderPaymentReceipt } from './payment-receipt.js';

const NAMES = {
  chinese: '北京果蔬有限公司',
  russian: 'ООО «Фрукты Москвы»',
  greek: 'Φρούτα Αθηνών ΑΕ',
  spanish: 'Agrícola Peñasco y Señora, S. de R.L. — ¡Año 2026!',
};

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
        })),
      },
      NAMES.chinese,
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
