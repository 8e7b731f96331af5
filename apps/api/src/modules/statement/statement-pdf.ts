import type { Language } from '@app/domain';
import { formatInstantText, formatMoneyText, labelledLine, renderPdf } from '../payments/pdf.js';
import type { Statement } from './statement.service.js';

const TEXT = {
  en: {
    title: 'Account statement',
    enterprise: 'Company',
    account: 'Account',
    accounts: { USD: 'USD available balance', MXN: 'MXN available balance' },
    period: 'Period',
    issued: 'Issued',
    opening: 'Opening balance',
    closing: 'Closing balance',
    totalDebit: 'Total money out',
    totalCredit: 'Total money in',
    columns: ['Date', 'Type', 'Description', 'Reference', 'Debit', 'Credit', 'Balance'],
    empty: 'No movements in this period.',
    truncated:
      'Only the first movements are listed; the totals and closing balance cover them all.',
    types: {
      ADD_FUNDS: 'Funds added',
      FOREX: 'Forex',
      FORWARD_BOOKING: 'Forward deposit',
      FORWARD_SETTLEMENT: 'Forward settlement',
      PAY_NOW: 'Pay now',
      SUPPLIER_PAYMENT: 'Supplier payment',
      PAYOUT_SETTLED: 'Payout completed',
      PAYOUT_RETURNED: 'Payment returned',
    } as Record<string, string>,
  },
  sp: {
    title: 'Estado de cuenta',
    enterprise: 'Empresa',
    account: 'Cuenta',
    accounts: { USD: 'Saldo disponible USD', MXN: 'Saldo disponible MXN' },
    period: 'Periodo',
    issued: 'Emitido',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    totalDebit: 'Total de cargos',
    totalCredit: 'Total de abonos',
    columns: ['Fecha', 'Tipo', 'Descripción', 'Referencia', 'Cargo', 'Abono', 'Saldo'],
    empty: 'Sin movimientos en este periodo.',
    truncated:
      'Solo se listan los primeros movimientos; los totales y el saldo final los incluyen todos.',
    types: {
      ADD_FUNDS: 'Depósito',
      FOREX: 'Forex',
      FORWARD_BOOKING: 'Depósito forward',
      FORWARD_SETTLEMENT: 'Liquidación forward',
      PAY_NOW: 'Pago inmediato',
      SUPPLIER_PAYMENT: 'Pago a proveedor',
      PAYOUT_SETTLED: 'Pago liquidado',
      PAYOUT_RETURNED: 'Pago devuelto',
    } as Record<string, string>,
  },
} as const;

const MARGIN = 40;
/** Columns on a letter page (612 pt wide) between 40 pt margins. */
const COLUMNS = [
  { x: 40, width: 52, align: 'left' },
  { x: 94, width: 70, align: 'left' },
  { x: 166, width: 106, align: 'left' },
  { x: 274, width: 118, align: 'left' },
  { x: 394, width: 58, align: 'right' },
  { x: 454, width: 58, align: 'right' },
  { x: 514, width: 58, align: 'right' },
] as const;

export function renderStatementPdf(
  statement: Statement,
  enterpriseName: string,
  issuedAt: Date,
  language: Language,
): Promise<Buffer> {
  const text = TEXT[language];
  const amount = (cents: bigint) => `$${formatMoneyText(cents)} ${statement.currency}`;
  return renderPdf(
    {
      title: `${text.title} ${statement.currency} ${statement.from} – ${statement.to}`,
      createdAt: issuedAt,
      margin: MARGIN,
    },
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text(text.title);
      doc.moveDown(0.5);
      labelledLine(doc, text.enterprise, enterpriseName);
      labelledLine(doc, text.account, text.accounts[statement.currency]);
      labelledLine(doc, text.period, `${statement.from} – ${statement.to}`);
      labelledLine(doc, text.issued, formatInstantText(issuedAt, language));
      doc.moveDown(0.5);
      labelledLine(doc, text.opening, amount(statement.opening));
      doc.moveDown(0.5);

      const rowHeight = 14;
      const bottom = () => doc.page.height - doc.page.margins.bottom - rowHeight;
      const row = (cells: string[], bold: boolean) => {
        if (doc.y > bottom()) {
          doc.addPage();
          // Each page repeats the column titles.
          if (!bold) row([...text.columns], true);
        }
        const y = doc.y;
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(7.5)
          .fillColor('#000000');
        cells.forEach((cell, index) => {
          const column = COLUMNS[index];
          if (!column) return;
          // One line per cell: a fixed height with an ellipsis cuts what does not fit.
          doc.text(cell, column.x, y, {
            width: column.width,
            height: rowHeight - 4,
            align: column.align,
            ellipsis: true,
          });
        });
        doc.x = MARGIN;
        doc.y = y + rowHeight;
      };

      row([...text.columns], true);
      if (statement.lines.length === 0) {
        doc.font('Helvetica').fontSize(9).text(text.empty, MARGIN, doc.y);
      }
      for (const line of statement.lines) {
        row(
          [
            line.date,
            text.types[line.type] ?? line.type,
            line.description,
            line.reference ?? '',
            line.debit ? formatMoneyText(line.debit) : '',
            line.credit ? formatMoneyText(line.credit) : '',
            formatMoneyText(line.balance),
          ],
          false,
        );
      }
      doc.moveDown();
      if (statement.truncated) {
        doc.font('Helvetica').fontSize(8).fillColor('#a00000').text(text.truncated, MARGIN, doc.y);
        doc.moveDown(0.5);
      }
      labelledLine(doc, text.totalDebit, amount(statement.totalDebit));
      labelledLine(doc, text.totalCredit, amount(statement.totalCredit));
      labelledLine(doc, text.closing, amount(statement.closing));
    },
  );
}
