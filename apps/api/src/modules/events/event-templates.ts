import type { EventType, Language } from '@app/domain';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../orders/order-statuses.js';

/**
 * The e-mail of each event, in English and Spanish: a subject and a plain-text body built
 * from the event's data (the same `data` a webhook carries). A field the publisher did not
 * give reads as a dash, never as "undefined".
 */
export interface EmailText {
  subject: string;
  text: string;
}

type Data = Record<string, unknown>;

/** 1234567.5 → "1,234,567.50"; what is not a decimal string is shown as given. */
function amount(value: unknown): string {
  const text = field(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${fraction.padEnd(2, '0')}`;
}

function field(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

const FOOTER: Record<Language, string> = {
  en: 'You receive this e-mail because this notification is on in your profile (Notifications). You can turn it off there.',
  sp: 'Recibes este correo porque esta notificación está activa en tu perfil (Notificaciones). Puedes desactivarla ahí.',
};

type Template = (data: Data) => EmailText;

/** The order status in the reader's language (the data carries its code). */
function orderStatus(value: unknown, language: Language): string {
  const labels = ORDER_STATUS_LABELS[language] as Record<string, string>;
  return typeof value === 'string' && value in labels
    ? (labels[value as OrderStatus] ?? value)
    : field(value);
}

const TEMPLATES: Record<Language, Record<EventType, Template>> = {
  en: {
    'payment.completed': (d) => ({
      subject: `Payment completed: ${amount(d.dAmountMxn)} MXN to ${field(d.sRecipientName)}`,
      text: `Your payment of ${amount(d.dAmountMxn)} MXN to ${field(d.sRecipientName)} was delivered to the receiving bank.\nTracking key (clave de rastreo): ${field(d.sTrackingKey)}`,
    }),
    'payment.returned': (d) => ({
      subject: `Payment returned: ${amount(d.dAmountMxn)} MXN to ${field(d.sRecipientName)}`,
      text: `The receiving bank returned your payment of ${amount(d.dAmountMxn)} MXN to ${field(d.sRecipientName)}. The MXN are back in your balance.\nReason: ${field(d.sReturnReason)}\nTracking key (clave de rastreo): ${field(d.sTrackingKey)}`,
    }),
    'deposit.credited': (d) =>
      d.dAmountMxn !== undefined
        ? {
            subject: `Deposit credited: ${amount(d.dAmountMxn)} MXN`,
            text: `We received your SPEI transfer of ${amount(d.dAmountMxn)} MXN and credited it to your MXN balance.\nTracking key (clave de rastreo): ${field(d.sBankReference)}`,
          }
        : {
            subject: `Deposit credited: ${amount(d.dAmountUsd)} USD`,
            text: `We received your wire of ${amount(d.dAmountUsd)} USD and credited it to your USD balance.\nBank reference: ${field(d.sBankReference)}`,
          },
    'forward.due': (d) =>
      d.iDaysLeft === 0
        ? {
            subject: `Your forward is due today (${field(d.dForwardDate)})`,
            text: `Your forward of ${amount(d.dAmountUsd)} USD at ${field(d.dRate)} (${amount(d.dAmountMxn)} MXN) is due today, ${field(d.dForwardDate)}. Close it from Transactions with the balance due.`,
          }
        : {
            subject: `Your forward is due in ${field(d.iDaysLeft)} days (${field(d.dForwardDate)})`,
            text: `Your forward of ${amount(d.dAmountUsd)} USD at ${field(d.dRate)} (${amount(d.dAmountMxn)} MXN) is due on ${field(d.dForwardDate)}, in ${field(d.iDaysLeft)} days. Have the balance due ready in your USD balance.`,
          },
    'approval.requested': (d) => ({
      subject: `Approval requested: ${field(d.sAction)}`,
      text: `${field(d.sRequestedBy)} asks for an approval: ${field(d.sAction)}${d.dAmount ? ` (${amount(d.dAmount)} ${field(d.sCurrency)})` : ''}.\nApprove or reject it in Approvals.`,
    }),
    'rate_order.filled': (d) => ({
      subject: `Rate order filled at ${field(d.dRate)} for invoice ${field(d.sInvoice)}`,
      text: `The market reached your rate: ${amount(d.dAmountUsd)} USD were converted to ${amount(d.dAmountMxn)} MXN at ${field(d.dRate)} for invoice ${field(d.sInvoice)}.`,
    }),
    'order.status_changed': (d) => ({
      subject: `Order #${field(d.iOrderTrackingId)}: ${orderStatus(d.sStatus, 'en')}`,
      text: `Order #${field(d.iOrderTrackingId)} is now: ${orderStatus(d.sStatus, 'en')}.`,
    }),
    'order.payout_sent': (d) => ({
      subject: `You were paid ${amount(d.dAmountMxn)} MXN for order #${field(d.iOrderTrackingId)}`,
      text: `We sent you ${amount(d.dAmountMxn)} MXN for order #${field(d.iOrderTrackingId)}: ${amount(d.dAmountUsd)} USD of goods at the rate locked at checkout, ${field(d.dRate)} MXN per USD.\nTo your account (CLABE): ${field(d.sClabeMasked)}\nTracking key (clave de rastreo): ${field(d.sTrackingKey)}`,
    }),
    'dispute.opened': (d) => ({
      subject: `Dispute opened on order #${field(d.iOrderTrackingId)}`,
      text: `A dispute was opened on order #${field(d.iOrderTrackingId)} (dispute #${field(d.iDisputeTrackingId)}).\nDescription: ${field(d.sDescription)}`,
    }),
    'dispute.resolved': (d) => ({
      subject: `Dispute resolved on order #${field(d.iOrderTrackingId)}`,
      text: `The dispute #${field(d.iDisputeTrackingId)} on order #${field(d.iOrderTrackingId)} was resolved.\nResolution: ${field(d.sResolution)}`,
    }),
  },
  sp: {
    'payment.completed': (d) => ({
      subject: `Pago completado: ${amount(d.dAmountMxn)} MXN a ${field(d.sRecipientName)}`,
      text: `Tu pago de ${amount(d.dAmountMxn)} MXN a ${field(d.sRecipientName)} se entregó al banco receptor.\nClave de rastreo: ${field(d.sTrackingKey)}`,
    }),
    'payment.returned': (d) => ({
      subject: `Pago devuelto: ${amount(d.dAmountMxn)} MXN a ${field(d.sRecipientName)}`,
      text: `El banco receptor devolvió tu pago de ${amount(d.dAmountMxn)} MXN a ${field(d.sRecipientName)}. Los MXN regresaron a tu saldo.\nMotivo: ${field(d.sReturnReason)}\nClave de rastreo: ${field(d.sTrackingKey)}`,
    }),
    'deposit.credited': (d) =>
      d.dAmountMxn !== undefined
        ? {
            subject: `Depósito acreditado: ${amount(d.dAmountMxn)} MXN`,
            text: `Recibimos tu transferencia SPEI de ${amount(d.dAmountMxn)} MXN y la acreditamos a tu saldo en MXN.\nClave de rastreo: ${field(d.sBankReference)}`,
          }
        : {
            subject: `Depósito acreditado: ${amount(d.dAmountUsd)} USD`,
            text: `Recibimos tu transferencia de ${amount(d.dAmountUsd)} USD y la acreditamos a tu saldo en USD.\nReferencia bancaria: ${field(d.sBankReference)}`,
          },
    'forward.due': (d) =>
      d.iDaysLeft === 0
        ? {
            subject: `Tu forward vence hoy (${field(d.dForwardDate)})`,
            text: `Tu forward de ${amount(d.dAmountUsd)} USD a ${field(d.dRate)} (${amount(d.dAmountMxn)} MXN) vence hoy, ${field(d.dForwardDate)}. Ciérralo desde Transacciones con el saldo pendiente.`,
          }
        : {
            subject: `Tu forward vence en ${field(d.iDaysLeft)} días (${field(d.dForwardDate)})`,
            text: `Tu forward de ${amount(d.dAmountUsd)} USD a ${field(d.dRate)} (${amount(d.dAmountMxn)} MXN) vence el ${field(d.dForwardDate)}, en ${field(d.iDaysLeft)} días. Ten listo el saldo pendiente en tu saldo en USD.`,
          },
    'approval.requested': (d) => ({
      subject: `Aprobación solicitada: ${field(d.sAction)}`,
      text: `${field(d.sRequestedBy)} solicita una aprobación: ${field(d.sAction)}${d.dAmount ? ` (${amount(d.dAmount)} ${field(d.sCurrency)})` : ''}.\nApruébala o recházala en Aprobaciones.`,
    }),
    'rate_order.filled': (d) => ({
      subject: `Orden de tipo de cambio ejecutada a ${field(d.dRate)} para la factura ${field(d.sInvoice)}`,
      text: `El mercado alcanzó tu tipo de cambio: se convirtieron ${amount(d.dAmountUsd)} USD a ${amount(d.dAmountMxn)} MXN a ${field(d.dRate)} para la factura ${field(d.sInvoice)}.`,
    }),
    'order.status_changed': (d) => ({
      subject: `Pedido #${field(d.iOrderTrackingId)}: ${orderStatus(d.sStatus, 'sp')}`,
      text: `El pedido #${field(d.iOrderTrackingId)} ahora está: ${orderStatus(d.sStatus, 'sp')}.`,
    }),
    'order.payout_sent': (d) => ({
      subject: `Te pagamos ${amount(d.dAmountMxn)} MXN por el pedido #${field(d.iOrderTrackingId)}`,
      text: `Te enviamos ${amount(d.dAmountMxn)} MXN por el pedido #${field(d.iOrderTrackingId)}: ${amount(d.dAmountUsd)} USD de mercancía al tipo de cambio fijado en la compra, ${field(d.dRate)} MXN por USD.\nA tu cuenta (CLABE): ${field(d.sClabeMasked)}\nClave de rastreo: ${field(d.sTrackingKey)}`,
    }),
    'dispute.opened': (d) => ({
      subject: `Disputa abierta en el pedido #${field(d.iOrderTrackingId)}`,
      text: `Se abrió una disputa en el pedido #${field(d.iOrderTrackingId)} (disputa #${field(d.iDisputeTrackingId)}).\nDescripción: ${field(d.sDescription)}`,
    }),
    'dispute.resolved': (d) => ({
      subject: `Disputa resuelta en el pedido #${field(d.iOrderTrackingId)}`,
      text: `La disputa #${field(d.iDisputeTrackingId)} del pedido #${field(d.iOrderTrackingId)} se resolvió.\nResolución: ${field(d.sResolution)}`,
    }),
  },
};

export function eventEmail(type: EventType, data: Data, language: Language): EmailText {
  const { subject, text } = TEMPLATES[language][type](data);
  return { subject, text: `${text}\n\n${FOOTER[language]}` };
}
