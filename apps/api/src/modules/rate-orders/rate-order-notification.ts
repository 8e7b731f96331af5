import { moneyToDecimalString, rateToDecimalString, type Language } from '@app/domain';
import type { Trx } from '../../db/database.js';
import { publishEvent } from '../events/publish-event.js';
import type { MailService } from '../mail/mail.service.js';
import type { RateOrderReason } from './rate-order-rules.js';
import { findNotificationFacts, type RateOrderRow } from './rate-orders.repository.js';

export type RateOrderOutcome =
  | { kind: 'filled'; rateMicro: bigint; usdCents: bigint; conversionId: string }
  | { kind: 'failed'; reason: RateOrderReason };

const REASON_TEXT: Record<Language, Record<RateOrderReason, string>> = {
  en: {
    INSUFFICIENT_FUNDS: 'your USD balance did not cover it',
    EXPIRED: 'the market did not reach the rate by the last day',
    INVOICE_NOT_TO_PAY: 'the invoice was converted or paid meanwhile',
    INVOICE_REMOVED: 'the invoice was deleted',
    APPROVAL_REJECTED: 'its conversion was above the approval threshold and was rejected',
    APPROVAL_EXPIRED:
      'its conversion was above the approval threshold and nobody approved it in time',
    APPROVAL_FAILED: 'its conversion was approved but could not be carried out',
  },
  sp: {
    INSUFFICIENT_FUNDS: 'su saldo en USD no alcanzó',
    EXPIRED: 'el mercado no llegó al tipo de cambio antes del último día',
    INVOICE_NOT_TO_PAY: 'la factura se convirtió o pagó mientras tanto',
    INVOICE_REMOVED: 'la factura fue eliminada',
    APPROVAL_REJECTED: 'su conversión superaba el umbral de aprobación y fue rechazada',
    APPROVAL_EXPIRED: 'su conversión superaba el umbral de aprobación y nadie la aprobó a tiempo',
    APPROVAL_FAILED: 'su conversión se aprobó pero no se pudo realizar',
  },
};

function formatMxn(cents: bigint): string {
  return `MXN ${moneyToDecimalString(cents)}`;
}

function formatRate(rateMicro: bigint): string {
  // Customer rates are quoted to 4 decimals.
  return rateToDecimalString(rateMicro).replace(/^(\d+\.\d{4})\d*$/, '$1');
}

/**
 * The notification of a rate order's outcome, in the transaction that settles the order:
 * - filled: the `rate_order.filled` event (e-mail to each user of the company who keeps it
 *   on, in their language, and the company's webhooks);
 * - failed or expired (no event of its own in the list): an e-mail to the user who set it,
 *   in the language they set it in.
 */
export async function notifyRateOrderOutcome(
  trx: Trx,
  mail: Pick<MailService, 'enqueue'>,
  order: RateOrderRow,
  outcome: RateOrderOutcome,
  at: Date,
): Promise<void> {
  if (outcome.kind === 'filled') {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['invoice_name', 'total_mxn'])
      .where('id', '=', order.invoice_id)
      .executeTakeFirstOrThrow();
    await publishEvent(trx, {
      type: 'rate_order.filled',
      sEnterpriseId: order.enterprise_id,
      at,
      data: {
        sRateOrderId: order.id,
        sInvoiceId: order.invoice_id,
        sInvoice: invoice.invoice_name,
        sConversionId: outcome.conversionId,
        dRate: formatRate(outcome.rateMicro),
        dTargetRate: formatRate(order.target_rate_micro),
        dAmountUsd: moneyToDecimalString(outcome.usdCents),
        dAmountMxn: moneyToDecimalString(invoice.total_mxn),
      },
    });
    return;
  }
  const facts = await findNotificationFacts(trx, order);
  if (!facts) return;
  const language: Language = order.language === 'sp' ? 'sp' : 'en';
  const invoice = facts.invoice_name;
  const total = formatMxn(facts.total_mxn);
  const target = formatRate(order.target_rate_micro);
  const why = REASON_TEXT[language][outcome.reason];
  const subject =
    language === 'sp'
      ? `Orden de tipo de cambio no ejecutada: factura ${invoice}`
      : `Rate order not filled: invoice ${invoice}`;
  const text =
    language === 'sp'
      ? `Hola ${facts.first_name}:\n\nSu orden de convertir ${total} de la factura ${invoice} a ${target} no se ejecutó: ${why}.\n\nPuede crear otra orden o convertir ahora desde Facturas.`
      : `Hello ${facts.first_name},\n\nYour order to convert ${total} of invoice ${invoice} at ${target} was not filled: ${why}.\n\nYou can set a new order or convert now from Invoices.`;
  await mail.enqueue(trx, { to: facts.email, subject, text, priority: 'notification' });
}
