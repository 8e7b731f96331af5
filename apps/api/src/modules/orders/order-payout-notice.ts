import { moneyToDecimalString, rateToDecimalString } from '@app/domain';
import type { Trx } from '../../db/database.js';
import { publishEvent } from '../events/publish-event.js';
import { maskClabe } from './order.view.js';

/**
 * `order.payout_sent` to the grower's company, in the payout's transaction: each of its
 * users is e-mailed in their own language what was sent (MXN and the USD of goods), at
 * which rate, to which account (masked) and under which tracking key, so the grower can
 * find the transfer in its bank.
 */
export async function publishOrderPayoutSent(
  trx: Trx,
  input: {
    orderId: string;
    trackingId: bigint;
    vendorEnterpriseId: string;
    amountUsdCents: bigint;
    amountMxnCents: bigint;
    rateMicro: bigint;
    clabe: string;
    trackingKey: string;
    at: Date;
  },
): Promise<void> {
  await publishEvent(trx, {
    type: 'order.payout_sent',
    sEnterpriseId: input.vendorEnterpriseId,
    at: input.at,
    data: {
      sOrderId: input.orderId,
      iOrderTrackingId: Number(input.trackingId),
      dAmountUsd: moneyToDecimalString(input.amountUsdCents),
      dAmountMxn: moneyToDecimalString(input.amountMxnCents),
      dRate: rateToDecimalString(input.rateMicro).replace(/^(\d+\.\d{4})\d*$/, '$1'),
      sClabeMasked: maskClabe(input.clabe),
      sTrackingKey: input.trackingKey,
    },
  });
}
