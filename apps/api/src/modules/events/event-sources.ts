import { moneyToDecimalString, rateToDecimalString } from '@app/domain';
import type { Executor } from '../../db/database.js';
import { publishEvent } from './publish-event.js';

/**
 * The events of the existing modules, each read from its rows in the caller's transaction
 * and published there (payments, orders, disputes). Deposits publish from the funds
 * service itself (it holds every field).
 */

/** `payment.completed` or `payment.returned` of a payout, to the paying company. */
export async function publishPaymentEvent(
  trx: Executor,
  paymentId: string,
  type: 'payment.completed' | 'payment.returned',
  at: Date,
): Promise<void> {
  const payment = await trx
    .selectFrom('payments as p')
    .innerJoin('payment_recipients as r', 'r.id', 'p.payment_recipient_id')
    .select([
      'p.id',
      'p.enterprise_id',
      'p.tracking_id',
      'p.tracking_key',
      'p.amount_mxn',
      'p.amount_usd',
      'p.rate_micro',
      'p.concept',
      'p.return_reason',
      'r.id as recipient_id',
      'r.name as recipient_name',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) return;
  await publishEvent(trx, {
    type,
    sEnterpriseId: payment.enterprise_id,
    at,
    data: {
      sPaymentId: payment.id,
      iTrackingId: Number(payment.tracking_id),
      sTrackingKey: payment.tracking_key,
      dAmountMxn: moneyToDecimalString(payment.amount_mxn),
      dAmountUsd: moneyToDecimalString(payment.amount_usd),
      dRate: rateToDecimalString(payment.rate_micro),
      sConcept: payment.concept,
      sPaymentRecipientId: payment.recipient_id,
      sRecipientName: payment.recipient_name,
      ...(type === 'payment.returned' ? { sReturnReason: payment.return_reason } : {}),
    },
  });
}

/** `order.status_changed`, to the buyer's company and to the grower's. */
export async function publishOrderStatusChanged(
  trx: Executor,
  orderId: string,
  status: string,
  at: Date,
): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'tracking_id', 'buyer_enterprise_id', 'vendor_enterprise_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return;
  for (const enterpriseId of [order.buyer_enterprise_id, order.vendor_enterprise_id]) {
    await publishEvent(trx, {
      type: 'order.status_changed',
      sEnterpriseId: enterpriseId,
      at,
      data: {
        sOrderId: order.id,
        iOrderTrackingId: Number(order.tracking_id),
        sStatus: status,
        sSide: enterpriseId === order.buyer_enterprise_id ? 'buyer' : 'vendor',
      },
    });
  }
}

/** `dispute.opened` or `dispute.resolved`, to the buyer's company and to the grower's. */
export async function publishDisputeEvent(
  trx: Executor,
  disputeId: string,
  type: 'dispute.opened' | 'dispute.resolved',
  at: Date,
): Promise<void> {
  const dispute = await trx
    .selectFrom('disputes as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .select([
      'd.id',
      'd.tracking_id',
      'd.order_id',
      'o.tracking_id as order_tracking_id',
      'd.buyer_enterprise_id',
      'd.vendor_enterprise_id',
      'd.category',
      'd.subcategory',
      'd.description',
      'd.resolution',
      'd.status',
    ])
    .where('d.id', '=', disputeId)
    .executeTakeFirst();
  if (!dispute) return;
  for (const enterpriseId of [dispute.buyer_enterprise_id, dispute.vendor_enterprise_id]) {
    await publishEvent(trx, {
      type,
      sEnterpriseId: enterpriseId,
      at,
      data: {
        sDisputeId: dispute.id,
        iDisputeTrackingId: Number(dispute.tracking_id),
        sOrderId: dispute.order_id,
        iOrderTrackingId: Number(dispute.order_tracking_id),
        sCategory: dispute.category,
        sSubcategory: dispute.subcategory,
        sDescription: dispute.description,
        sStatus: dispute.status,
        ...(type === 'dispute.resolved' ? { sResolution: dispute.resolution } : {}),
      },
    });
  }
}
