import { z } from 'zod';
import { convertUsdToMxn, moneyToNumber, rateToNumber } from '@app/domain';

/**
 * When an order's money is taken, per payment method, as both parties' order pages show
 * it: pay now and convert take the total at checkout; a deferred order takes it when its
 * transfer is paid; a forward takes its 5 % deposit at checkout and the rest on its
 * settlement day (or when the buyer pays the rest before). The grower sees when, never
 * the buyer's amounts (they carry the buyer's fees).
 */
export const SCHEDULE_STEP_KINDS = ['PAYMENT', 'TRANSFER', 'DEPOSIT', 'REST'] as const;
export type ScheduleStepKind = (typeof SCHEDULE_STEP_KINDS)[number];

export const orderScheduleSchema = z
  .object({
    steps: z.array(
      z.object({
        sKind: z
          .enum(SCHEDULE_STEP_KINDS)
          .describe(
            'PAYMENT: the total at checkout; TRANSFER: a deferred total, by its transfer; DEPOSIT / REST: a forward',
          ),
        dAmountUsd: z.number().nullable().describe("The buyer's USD; null on the grower's side"),
        bTaken: z.boolean(),
        taken_at: z.string().nullable(),
        dDueDate: z
          .string()
          .nullable()
          .describe("A forward's settlement day (YYYY-MM-DD), when the rest is due"),
      }),
    ),
    dTakenUsd: z.number().nullable(),
    dDueUsd: z.number().nullable(),
    sWaitingFor: z
      .enum(['TRANSFER', 'FORWARD_SETTLEMENT'])
      .nullable()
      .describe('What the order waits for before the grower may prepare it; null once paid'),
  })
  .describe('What was taken from the buyer and when, and what is still due and when');

export type ApiOrderSchedule = z.infer<typeof orderScheduleSchema>;

export const vendorMoneySchema = z
  .object({
    dGoodsUsd: z.number().describe('The goods as ordered (boxes × agreed price), USD'),
    dGoodsMxn: z.number().nullable().describe('The same at the rate locked at checkout, MXN'),
    dExchangeRate: z.number().nullable(),
    lines: z.array(
      z.object({
        sLineId: z.string(),
        dGoodsUsd: z.number().describe('Boxes × agreed price, USD'),
        dGoodsMxn: z.number().nullable().describe('The same at the locked rate, MXN'),
      }),
    ),
    payout: z
      .object({
        dAmountUsd: z.number(),
        dAmountMxn: z.number(),
        dExchangeRate: z.number(),
        sStatus: z.enum(['PROCESSING', 'COMPLETED', 'RETURNED']),
        sTrackingKey: z.string().describe('The transfer tracking key (clave de rastreo)'),
        created_at: z.string(),
      })
      .nullable()
      .describe('The payout sent to the grower; null until the order is released and paid out'),
  })
  .nullable()
  .describe("What the grower receives for the goods; null on the buyer's side");

export type ApiVendorMoney = z.infer<typeof vendorMoneySchema>;

export interface ScheduleFacts {
  side: 'buyer' | 'vendor';
  method: string;
  paid: boolean;
  paidAt: Date | null;
  createdAt: Date;
  totalCents: bigint;
  /** A forward's deposit and settlement day; null for other methods. */
  forward: { depositCents: bigint; date: string | null } | null;
}

export function orderSchedule(facts: ScheduleFacts): ApiOrderSchedule {
  const steps: Array<{
    kind: ScheduleStepKind;
    cents: bigint;
    taken: boolean;
    takenAt: Date | null;
    dueDate: string | null;
  }> = [];
  const paidAt = facts.paid ? facts.paidAt : null;
  if (facts.method === 'FORWARD' && facts.forward) {
    steps.push(
      {
        kind: 'DEPOSIT',
        cents: facts.forward.depositCents,
        taken: true,
        takenAt: facts.createdAt,
        dueDate: null,
      },
      {
        kind: 'REST',
        cents: facts.totalCents - facts.forward.depositCents,
        taken: facts.paid,
        takenAt: paidAt,
        dueDate: facts.forward.date,
      },
    );
  } else {
    steps.push({
      kind: facts.method === 'DEFERRED' ? 'TRANSFER' : 'PAYMENT',
      cents: facts.totalCents,
      taken: facts.paid,
      takenAt: paidAt,
      dueDate: null,
    });
  }
  const buyer = facts.side === 'buyer';
  const taken = steps.filter((step) => step.taken).reduce((sum, step) => sum + step.cents, 0n);
  return {
    steps: steps.map((step) => ({
      sKind: step.kind,
      dAmountUsd: buyer ? moneyToNumber(step.cents) : null,
      bTaken: step.taken,
      taken_at: step.takenAt?.toISOString() ?? null,
      dDueDate: step.dueDate,
    })),
    dTakenUsd: buyer ? moneyToNumber(taken) : null,
    dDueUsd: buyer ? moneyToNumber(facts.totalCents - taken) : null,
    sWaitingFor: facts.paid
      ? null
      : facts.method === 'FORWARD'
        ? 'FORWARD_SETTLEMENT'
        : facts.method === 'DEFERRED'
          ? 'TRANSFER'
          : null,
  };
}

export interface VendorPayoutFacts {
  amountUsdCents: bigint;
  amountMxnCents: bigint;
  rateMicro: bigint;
  status: string;
  trackingKey: string;
  createdAt: Date;
}

/**
 * The grower's own money on an order: the goods (each line and in all) at the rate locked
 * at checkout, and the payout once sent. Nothing is deducted from the grower: the fees are
 * the buyer's, so the payout is the accepted goods.
 */
export function vendorMoney(
  goodsCents: bigint,
  rateMicro: bigint | null,
  lines: Array<{ id: string; goodsCents: bigint }>,
  payout: VendorPayoutFacts | null,
): ApiVendorMoney {
  const mxn = (cents: bigint) =>
    rateMicro === null ? null : moneyToNumber(convertUsdToMxn(cents, rateMicro));
  return {
    dGoodsUsd: moneyToNumber(goodsCents),
    dGoodsMxn: mxn(goodsCents),
    dExchangeRate: rateMicro === null ? null : rateToNumber(rateMicro),
    lines: lines.map((line) => ({
      sLineId: line.id,
      dGoodsUsd: moneyToNumber(line.goodsCents),
      dGoodsMxn: mxn(line.goodsCents),
    })),
    payout: payout && {
      dAmountUsd: moneyToNumber(payout.amountUsdCents),
      dAmountMxn: moneyToNumber(payout.amountMxnCents),
      dExchangeRate: rateToNumber(payout.rateMicro),
      sStatus: payout.status as 'PROCESSING' | 'COMPLETED' | 'RETURNED',
      sTrackingKey: payout.trackingKey,
      created_at: payout.createdAt.toISOString(),
    },
  };
}
