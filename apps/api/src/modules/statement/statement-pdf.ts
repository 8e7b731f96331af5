import type { Language } from '@app/domain';
import { formatCalendarDate, formatShortCalendarDate } from '../../ledger/journal-description.js';
import {
  formatInstantText,
  formatMoneyText,
  formatRateText,
  labelledLine,
  PDF_FONT,
  renderPdf,
  tableRow,
  type TableColumn,
} from '../payments/pdf.js';
import type { JournalKind } from '../../ledger/accounts.js';
import type { Statement } from './statement.view.js';

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
    rate: 'Rate {rate}',
    fix: 'Banxico FIX of {date}: {rate}',
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
      ORDER_HOLD: 'Marketplace order',
      ORDER_RELEASE: 'Order released',
      ORDER_REFUND: 'Order refund',
    } satisfies Record<JournalKind, string> as Record<string, string>,
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
    rate: 'Tipo de cambio {rate}',
    fix: 'FIX de Banxico del {date}: {rate}',
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
      ORDER_HOLD: 'Pedido del marketplace',
      ORDER_RELEASE: 'Pedido liberado',
      ORDER_REFUND: 'Reembolso de pedido',
    } satisfies Record<JournalKind, string> as Record<string, string>,
  },
} as const;

const MARGIN = 40;
/** Columns on a letter page (612 pt wide) between 40 pt margins. */
const COLUMNS: readonly TableColumn[] = [
  { x: 40, width: 52, align: 'left' },
  { x: 94, width: 70, align: 'left' },
  { x: 166, width: 106, align: 'left' },
  { x: 274, width: 118, align: 'left' },
  { x: 394, width: 58, align: 'right' },
  { x: 454, width: 58, align: 'right' },
  { x: 514, width: 58, align: 'right' },
];

export function renderStatementPdf(
  statement: Omit<Statement, 'total' | 'page'>,
  /** The company the statement is of: its name, and its time zone for the issue time. */
  company: { name: string; timeZone: string },
  issuedAt: Date,
  language: Language,
): Promise<Buffer> {
  const text = TEXT[language];
  const amount = (cents: bigint) => `$${formatMoneyText(cents)} ${statement.currency}`;
  const day = (date: string) => formatCalendarDate(date, language);
  return renderPdf(
    {
      title: `${text.title} ${statement.currency} ${statement.from} – ${statement.to}`,
      createdAt: issuedAt,
      margin: MARGIN,
    },
    (doc) => {
      doc.font(PDF_FONT.bold).fontSize(18).text(text.title);
      doc.moveDown(0.5);
      labelledLine(doc, text.enterprise, company.name);
      labelledLine(doc, text.account, text.accounts[statement.currency]);
      labelledLine(doc, text.period, `${day(statement.from)} – ${day(statement.to)}`);
      labelledLine(doc, text.issued, formatInstantText(issuedAt, language, company.timeZone));
      doc.moveDown(0.5);
      labelledLine(doc, text.opening, amount(statement.opening));
      doc.moveDown(0.5);

      const titles = () => tableRow(doc, COLUMNS, text.columns, { bold: true, fontSize: 7.5 });
      // Cells wrap within their column; each new page repeats the column titles.
      const row = (cells: string[]) =>
        tableRow(doc, COLUMNS, cells, { fontSize: 7.5, padding: 3, onNewPage: titles });

      // The description, the account paid, and a conversion's rate beside the day's FIX.
      const describe = (line: Statement['lines'][number]) => {
        const parts = [
          line.paidAccount ? `${line.description} (${line.paidAccount})` : line.description,
        ];
        if (line.rateMicro !== null) {
          parts.push(text.rate.replace('{rate}', formatRateText(line.rateMicro)));
        }
        if (line.referenceFix) {
          parts.push(
            text.fix
              .replace('{date}', formatShortCalendarDate(line.referenceFix.date, language))
              .replace('{rate}', formatRateText(line.referenceFix.rateMicro)),
          );
        }
        return parts.join(' · ');
      };
      titles();
      if (statement.lines.length === 0) {
        doc.font(PDF_FONT.regular).fontSize(9).text(text.empty, MARGIN, doc.y);
      }
      for (const line of statement.lines) {
        row([
          formatShortCalendarDate(line.date, language),
          text.types[line.type] ?? line.type,
          describe(line),
          line.reference ?? '',
          line.debit ? formatMoneyText(line.debit) : '',
          line.credit ? formatMoneyText(line.credit) : '',
          formatMoneyText(line.balance),
        ]);
      }
      doc.moveDown();
      if (statement.truncated) {
        doc
          .font(PDF_FONT.regular)
          .fontSize(8)
          .fillColor('#a00000')
          .text(text.truncated, MARGIN, doc.y);
        doc.moveDown(0.5);
      }
      labelledLine(doc, text.totalDebit, amount(statement.totalDebit));
      labelledLine(doc, text.totalCredit, amount(statement.totalCredit));
      labelledLine(doc, text.closing, amount(statement.closing));
    },
  );
}
