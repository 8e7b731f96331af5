import { formatCompanyTime, maskAccount, type Language } from '@app/domain';
import { formatCalendarDate } from '../../ledger/journal-description.js';
import type { PaymentStatus, PaymentType } from './payments.repository.js';
import { CEP_LABELS, type CepData } from '../rails/stp/cep.js';
import { formatMoneyText, formatRateText, labelledLine, PDF_FONT, renderPdf } from './pdf.js';

/**
 * A receipt's time on the company's clock (its time zone setting), named: 'November 21, 2026
 * at 12:00 PM CST' or '21 de noviembre de 2026, 12:00 p.m. CST', as the screens show it.
 */
export function formatReceiptInstant(at: Date, language: Language, timeZone: string): string {
  return formatCompanyTime(
    at,
    language === 'sp' ? 'es-MX' : 'en-US',
    { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    timeZone,
  );
}

export interface ReceiptData {
  trackingId: bigint;
  trackingKey: string;
  createdAt: Date;
  completedAt: Date | null;
  status: PaymentStatus;
  /** Why the receiving bank returned the payout (RETURNED only). */
  returnReason?: string | null;
  type: PaymentType;
  payerName: string;
  /** The paying company's time zone: the receipt's times are on its clock. */
  timeZone: string;
  recipientName: string;
  bankName: string;
  clabe: string;
  taxId: string;
  amountMxn: bigint;
  amountUsd: bigint;
  rateMicro: bigint;
  /** The published reference rate (Banxico's FIX) in force on the payment's day, if recorded. */
  referenceFix?: { date: string; rateMicro: bigint } | null;
  concept: string;
  invoices: Array<{ name: string; amountMxn: bigint }>;
  /** What fetches Banxico's CEP of a payout STP settled; absent otherwise. */
  cep?: CepData | null;
}

const TEXT = {
  en: {
    title: 'Payment receipt',
    subtitle: 'SPEI transfer to a supplier in Mexico',
    paymentId: 'Payment',
    date: 'Date',
    completed: 'Completed',
    trackingKey: 'Tracking key (clave de rastreo)',
    status: 'Status',
    returnReason: 'Return reason',
    type: 'Payment type',
    payer: 'Payer',
    recipient: 'Recipient',
    bank: 'Bank',
    clabe: 'CLABE',
    rfc: 'RFC',
    amountMxn: 'Amount sent (MXN)',
    amountUsd: 'Amount (USD)',
    rate: 'Exchange rate (MXN per USD)',
    referenceFix: 'Banxico FIX of {date} (reference)',
    concept: 'Payment concept',
    invoices: 'Invoices paid',
    noInvoices: 'No invoices attached',
    statuses: { PROCESSING: 'Processing', COMPLETED: 'Completed', RETURNED: 'Returned' },
    types: { PAY_NOW: 'Pay now', FOREX: 'Forex', FORWARD: 'Forward' },
    footer: 'Keep this receipt for your records. Amounts in MXN are what the recipient receives.',
  },
  sp: {
    title: 'Comprobante de pago',
    subtitle: 'Transferencia SPEI a un proveedor en México',
    paymentId: 'Pago',
    date: 'Fecha',
    completed: 'Liquidado',
    trackingKey: 'Clave de rastreo',
    status: 'Estado',
    returnReason: 'Motivo de devolución',
    type: 'Tipo de pago',
    payer: 'Ordenante',
    recipient: 'Beneficiario',
    bank: 'Banco',
    clabe: 'CLABE',
    rfc: 'RFC',
    amountMxn: 'Monto enviado (MXN)',
    amountUsd: 'Monto (USD)',
    rate: 'Tipo de cambio (MXN por USD)',
    referenceFix: 'FIX de Banxico del {date} (referencia)',
    concept: 'Concepto de pago',
    invoices: 'Facturas pagadas',
    noInvoices: 'Sin facturas asignadas',
    statuses: { PROCESSING: 'En proceso', COMPLETED: 'Liquidado', RETURNED: 'Devuelto' },
    types: { PAY_NOW: 'Pago inmediato', FOREX: 'Conversión', FORWARD: 'Forward' },
    footer: 'Conserve este comprobante. Los montos en MXN son los que recibe el beneficiario.',
  },
} as const;

/** The receipt of one payment as a PDF file. */
export function renderPaymentReceipt(receipt: ReceiptData, language: Language): Promise<Buffer> {
  const text = TEXT[language];
  return renderPdf(
    { title: text.title, subject: receipt.trackingKey, createdAt: receipt.createdAt },
    (doc) => {
      doc.font(PDF_FONT.bold).fontSize(20).text(text.title);
      doc.font(PDF_FONT.regular).fontSize(11).fillColor('#555555').text(text.subtitle);
      doc.moveDown();
      labelledLine(doc, text.paymentId, `#${receipt.trackingId.toString()}`);
      labelledLine(
        doc,
        text.date,
        formatReceiptInstant(receipt.createdAt, language, receipt.timeZone),
      );
      labelledLine(doc, text.trackingKey, receipt.trackingKey);
      labelledLine(doc, text.status, text.statuses[receipt.status]);
      if (receipt.status === 'RETURNED' && receipt.returnReason) {
        labelledLine(doc, text.returnReason, receipt.returnReason);
      }
      if (receipt.completedAt) {
        labelledLine(
          doc,
          text.completed,
          formatReceiptInstant(receipt.completedAt, language, receipt.timeZone),
        );
      }
      labelledLine(doc, text.type, text.types[receipt.type]);
      doc.moveDown();
      labelledLine(doc, text.payer, receipt.payerName);
      labelledLine(doc, text.recipient, receipt.recipientName);
      labelledLine(doc, text.bank, receipt.bankName);
      labelledLine(doc, text.clabe, maskAccount(receipt.clabe));
      labelledLine(doc, text.rfc, receipt.taxId);
      doc.moveDown();
      labelledLine(doc, text.amountMxn, `$${formatMoneyText(receipt.amountMxn)} MXN`);
      labelledLine(doc, text.amountUsd, `$${formatMoneyText(receipt.amountUsd)} USD`);
      labelledLine(doc, text.rate, formatRateText(receipt.rateMicro));
      if (receipt.referenceFix) {
        labelledLine(
          doc,
          text.referenceFix.replace(
            '{date}',
            formatCalendarDate(receipt.referenceFix.date, language),
          ),
          formatRateText(receipt.referenceFix.rateMicro),
        );
      }
      labelledLine(doc, text.concept, receipt.concept);
      doc.moveDown();
      doc.font(PDF_FONT.bold).fontSize(12).fillColor('#000000').text(text.invoices);
      doc.font(PDF_FONT.regular).fontSize(10);
      if (receipt.invoices.length === 0) doc.text(text.noInvoices);
      for (const invoice of receipt.invoices) {
        doc.text(`${invoice.name}: $${formatMoneyText(invoice.amountMxn)} MXN`);
      }
      if (receipt.cep) {
        const cep = receipt.cep;
        const labels = CEP_LABELS[language];
        doc.moveDown();
        doc.font(PDF_FONT.bold).fontSize(12).fillColor('#000000').text(labels.title);
        doc.moveDown(0.5);
        labelledLine(doc, labels.date, formatCalendarDate(cep.fechaOperacion, language));
        labelledLine(doc, labels.trackingKey, cep.claveRastreo);
        labelledLine(doc, labels.sending, `${cep.emisorName} (${cep.emisor})`);
        labelledLine(doc, labels.receiving, `${cep.receptorName} (${cep.receptor})`);
        labelledLine(doc, labels.account, cep.cuentaBeneficiario);
        labelledLine(doc, labels.amount, `$${formatMoneyText(cep.amountMxn)} MXN`);
        labelledLine(doc, labels.link, 'banxico.org.mx/cep');
        doc
          .font(PDF_FONT.regular)
          .fontSize(7)
          .fillColor('#1a4f8b')
          .text(cep.url, { link: cep.url });
      }
      doc.moveDown(2);
      doc.fontSize(8).fillColor('#777777').text(text.footer);
    },
  );
}
