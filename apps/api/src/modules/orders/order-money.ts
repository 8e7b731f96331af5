import { journalText } from '../../ledger/journal-description.js';
import type { JournalEntry, PostingLine } from '../../ledger/ledger.service.js';

/**
 * The marketplace's three-party money (DESIGN §4, docs/MONEY.md): at checkout the buyer's
 * goods money is held for the order and the fees go to the house; at release the accepted
 * goods are paid out to the grower and the rest goes back to the buyer. Pure: amounts in,
 * journal lines out, so the property test can run them without a database.
 */

/** What checkout charges, split by where it goes. All USD cents. */
export interface OrderCharge {
  goodsCents: bigint;
  /** Freight and border cold storage (in/out), per box. */
  logisticsCents: bigint;
  borderCrossingCents: bigint;
  insuranceCents: bigint;
}

export function chargeTotal(charge: OrderCharge): bigint {
  return (
    charge.goodsCents + charge.logisticsCents + charge.borderCrossingCents + charge.insuranceCents
  );
}

/** Where the money of a checkout goes: goods to the buyer's held account, fees to the house. */
export function holdLines(buyerId: string, charge: OrderCharge): PostingLine[] {
  return [
    { account: { enterpriseId: buyerId, kind: 'USD_ORDER_HELD' }, amount: charge.goodsCents },
    { account: { house: 'HOUSE_FEE_LOGISTICS_USD' }, amount: charge.logisticsCents },
    { account: { house: 'HOUSE_FEE_BORDER_CROSSING_USD' }, amount: charge.borderCrossingCents },
    { account: { house: 'HOUSE_FEE_INSURANCE_USD' }, amount: charge.insuranceCents },
  ];
}

/** A line as the release sees it: ordered and delivered boxes and prices. */
export interface ReleaseLine {
  quantityBoxes: number;
  unitPriceCents: bigint;
  /** Freight + in/out per box, charged to the house at checkout. */
  perBoxFeesCents: bigint;
  /** Null when no delivery was recorded: the line counts as delivered in full. */
  deliveredBoxes: number | null;
  deliveredUnitPriceCents: bigint | null;
}

/** How a dispute's resolution splits the held goods money. */
export interface DisputeSplit {
  refundCents: bigint;
  releaseCents: bigint;
}

export interface ReleaseAmounts {
  /** Paid out to the grower (USD, converted at the locked rate). */
  payoutUsdCents: bigint;
  /** Held goods money that goes back to the buyer. */
  goodsRefundCents: bigint;
  /** Freight and in/out of boxes never delivered, given back by the house. */
  feesRefundCents: bigint;
}

/**
 * What a release moves. Without a split the grower gets the accepted goods (delivered
 * boxes at the delivered price, never more than is held) and the buyer the rest; with a
 * split (a resolved dispute) the operator's numbers, which must add up to the hold. Either
 * way the freight and in/out of boxes not delivered go back to the buyer.
 */
export function releaseAmounts(
  heldCents: bigint,
  lines: ReleaseLine[],
  split?: DisputeSplit,
): ReleaseAmounts | 'SPLIT_MISMATCH' {
  let accepted = 0n;
  let feesRefund = 0n;
  for (const line of lines) {
    const delivered = line.deliveredBoxes ?? line.quantityBoxes;
    const price = line.deliveredUnitPriceCents ?? line.unitPriceCents;
    accepted += BigInt(delivered) * price;
    feesRefund += BigInt(line.quantityBoxes - delivered) * line.perBoxFeesCents;
  }
  if (split) {
    if (
      split.refundCents < 0n ||
      split.releaseCents < 0n ||
      split.refundCents + split.releaseCents !== heldCents
    ) {
      return 'SPLIT_MISMATCH';
    }
    return {
      payoutUsdCents: split.releaseCents,
      goodsRefundCents: split.refundCents,
      feesRefundCents: feesRefund,
    };
  }
  const payout = accepted < heldCents ? accepted : heldCents;
  return {
    payoutUsdCents: payout,
    goodsRefundCents: heldCents - payout,
    feesRefundCents: feesRefund,
  };
}

/** The refund journal: held goods money and unused freight back to the buyer's USD balance. */
export function refundJournal(
  buyerId: string,
  input: { orderId: string; trackingId: bigint; amounts: ReleaseAmounts; at: Date },
): JournalEntry {
  const total = input.amounts.goodsRefundCents + input.amounts.feesRefundCents;
  return {
    enterpriseId: buyerId,
    kind: 'ORDER_REFUND',
    ...journalText({ code: 'ORDER_REFUND', params: { tracking: input.trackingId.toString() } }),
    reference: `order:${input.orderId}`,
    createdAt: input.at,
    lines: [
      {
        account: { enterpriseId: buyerId, kind: 'USD_ORDER_HELD' },
        amount: -input.amounts.goodsRefundCents,
      },
      { account: { house: 'HOUSE_FEE_LOGISTICS_USD' }, amount: -input.amounts.feesRefundCents },
      { account: { enterpriseId: buyerId, kind: 'USD_AVAILABLE' }, amount: total },
    ],
  };
}
