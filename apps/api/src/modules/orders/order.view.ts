import { z } from 'zod';
import type { Language } from '@app/domain';
import { moneyToNumber } from '@app/domain';
import type * as repo from './orders.repository.js';
import { orderScheduleSchema, vendorMoneySchema } from './order-schedule.js';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type OrderStatus,
  type PaymentMethod,
} from './order-statuses.js';

/** Said of every field that carries the buyer's money: the grower never receives it. */
const BUYER_ONLY = "null on the grower's side (it carries the buyer's freight and fees)";

export const orderLineSchema = z.object({
  sLineId: z.string(),
  sProductId: z.string(),
  sProductName: z.string(),
  sName: z.string().describe('The grower the line is bought from'),
  dQuantity: z.number().describe('Boxes ordered'),
  dBoxesPerPallet: z.number(),
  dPallets: z.number().describe('ceil(boxes / boxes per pallet)'),
  dUnitPriceUSD: z.number().describe('Price per box, FOB McAllen'),
  sLogisticCost: z
    .string()
    .nullable()
    .describe(`Freight per box (a pallet of freight shared over its boxes); ${BUYER_ONLY}`),
  dTotalInOutPerBox: z
    .number()
    .nullable()
    .describe(`Border cold storage in/out charge per box; ${BUYER_ONLY}`),
  sTotalPerBox: z
    .string()
    .nullable()
    .describe(`Unit price + freight + in/out, per box; ${BUYER_ONLY}`),
  sTotal: z.string().nullable().describe(`Boxes × total per box; ${BUYER_ONLY}`),
  dDeliveredQuantity: z.number().nullable().describe('Boxes counted as delivered (and paid)'),
  dDeliveredUnitPrice: z.number().nullable(),
  dAgreedUnitPrice: z
    .number()
    .describe('The checkout price, or a raise the buyer accepted; never more without it'),
  dReceivedQuantity: z.number().nullable().describe("The buyer's count at acceptance"),
  dVendorDeliveredQuantity: z
    .number()
    .nullable()
    .describe("The grower's count, when the buyer's differed"),
  dFinalPrice: z
    .number()
    .nullable()
    .describe(`Delivered boxes × (delivered unit price + freight + in/out); ${BUYER_ONLY}`),
});

export const orderSummaryShape = {
  sOrderId: z.string(),
  iTrackingId: z.number(),
  created_at: z.string(),
  sStatus: z.enum(ORDER_STATUSES),
  sStatusName: z.string(),
  sBuyerId: z.string(),
  sBuyerName: z.string(),
  sVendorId: z.string(),
  sVendorName: z.string(),
  sWarehouseId: z.string(),
  sWarehouseName: z.string(),
  dSubtotal: z.number().nullable().describe(`Goods and freight as ordered, USD; ${BUYER_ONLY}`),
  dFees: z.number().nullable().describe(`The buyer's fees; ${BUYER_ONLY}`),
  dTotal: z.number().nullable().describe(`What the buyer pays; ${BUYER_ONLY}`),
  dFinalPrice: z.number().nullable().describe(`The buyer's delivered total; ${BUYER_ONLY}`),
  dGrowerUsd: z
    .number()
    .nullable()
    .describe(
      "What the grower receives, USD: its payout once released, else the goods; null on the buyer's side",
    ),
  iPallets: z.number(),
  iTransports: z.number(),
  iLines: z.number(),
  sPaymentMethod: z
    .enum(PAYMENT_METHODS)
    .nullable()
    .describe("How the buyer pays; null on the grower's side"),
  sPaymentStatus: z.enum(['PENDING', 'PAID']),
  sDisputeId: z.string().nullable(),
  sDisputeStatus: z.enum(['IN_PROCESS', 'FINALIZED']).nullable(),
  bRated: z.boolean(),
  delivered_at: z.string().nullable(),
  finished_at: z.string().nullable(),
};

export const orderSchema = z.object({
  ...orderSummaryShape,
  warehouse: z.object({
    sWarehouseId: z.string(),
    sName: z.string(),
    sAddress: z.string(),
    sCity: z.string(),
    sState: z.string(),
    sCountry: z.string(),
    sPostalCode: z.string(),
    sPhone: z.string(),
    sEmail: z.string(),
    sManager: z.string(),
    sNotes: z.string().nullable(),
  }),
  lines: z.array(orderLineSchema),
  fees: z
    .array(
      z.object({
        sFeeId: z.string(),
        sFeeKey: z.string(),
        sFeeName: z.string(),
        dTotal: z.number(),
      }),
    )
    .describe("The buyer's fees; empty on the grower's side"),
  timeline: z.array(
    z.object({
      sStatus: z.enum(ORDER_STATUSES),
      sName: z.string(),
      sNameEn: z.string(),
      sNameSp: z.string(),
      created_at: z.string().nullable(),
      bReached: z.boolean(),
      bCurrent: z.boolean(),
    }),
  ),
  transports: z.array(
    z.object({
      iNumber: z.number(),
      iPallets: z.number(),
      lines: z.array(
        z.object({ sLineId: z.string(), sProductName: z.string(), iPallets: z.number() }),
      ),
    }),
  ),
  payment: z
    .object({
      sMethod: z.enum(PAYMENT_METHODS),
      sMethodName: z.string(),
      sStatus: z.enum(['PENDING', 'PAID']),
      sPaymentId: z.string().nullable(),
      sTransactionId: z.string().nullable(),
      dAmountUsd: z.number(),
      dAmountMxn: z.number().nullable(),
      dExchangeRate: z.number().nullable(),
      sExchangeRateReference: z.string().nullable(),
      rate_locked_until: z.string().nullable(),
      dForwardDate: z.string().nullable(),
      paid_at: z.string().nullable(),
    })
    .nullable()
    .describe("The buyer's payment; null on the grower's side"),
  iOrderedBoxes: z.number(),
  iDeliveredBoxes: z.number().nullable(),
  rating: z
    .object({ iStars: z.number(), sComment: z.string().nullable(), created_at: z.string() })
    .nullable(),
  sNextStatus: z.enum(ORDER_STATUSES).nullable(),
  dispute_deadline: z.string().nullable(),
  bCanAccept: z.boolean(),
  bCanRate: z.boolean(),
  bCanDispute: z.boolean(),
  priceChange: z
    .object({
      requested_at: z.string(),
      dAddedToHold: z.number().describe("What accepting takes from the buyer's USD balance"),
      lines: z.array(
        z.object({
          sLineId: z.string(),
          sProductName: z.string(),
          iBoxes: z.number(),
          dAgreedUnitPrice: z.number(),
          dRequestedUnitPrice: z.number(),
        }),
      ),
    })
    .nullable()
    .describe("A higher delivered price the grower asked for, waiting for the buyer's answer"),
  money: z
    .object({
      dGoods: z.number(),
      dHeld: z.number().describe('Goods money held for the order until it is released'),
      dRefunded: z.number().describe('Given back to the buyer at release'),
      dPayoutUsd: z.number().nullable(),
      dPayoutMxn: z.number().nullable(),
      released_at: z.string().nullable(),
      dPayoutHeldUntil: z
        .string()
        .nullable()
        .describe("The grower's payout waits until then: its payout account changed (cooling-off)"),
      bSecured: z
        .boolean()
        .describe('The goods are paid and held: the grower may prepare and ship the order'),
    })
    .describe("The order's three-party money (docs/MONEY.md)"),
  schedule: orderScheduleSchema,
  vendorMoney: vendorMoneySchema,
});

export const orderAnswer = z.object({ order: orderSchema });
export const listAnswer = z.object({
  orders: z.array(z.object(orderSummaryShape)),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
/** One line of an order, as the order answers it. */
export type ApiOrderLine = z.infer<typeof orderLineSchema>;
/** An order in a list (a tab). */
export type ApiOrderSummary = z.infer<z.ZodObject<typeof orderSummaryShape>>;
/** One order in full: lines, fees, timeline, transports, payment and money. */
export type ApiOrder = z.infer<typeof orderSchema>;

export interface ApiPreview {
  dGoods: number;
  fees: Array<{ sFeeKey: string; sFeeName: string; dTotal: number }>;
  dTotal: number;
  dTotalMxn: number;
  dExchangeRate: number;
  iPallets: number;
  iTransports: number;
  /** Great-circle kilometres from the crossing (McAllen) to the warehouse. */
  iDistanceKm: number;
}

export interface ApiVendorPayout {
  sOrderId: string;
  iTrackingId: number;
  dAmountUsd: number;
  dAmountMxn: number;
  dExchangeRate: number;
  sStatus: 'PROCESSING' | 'COMPLETED' | 'RETURNED';
  sTrackingKey: string;
  sClabeMasked: string;
  created_at: string;
}

export interface ApiHeldFunds {
  dTotal: number;
  iOrders: number;
  orders: Array<{
    sOrderId: string;
    iTrackingId: number;
    sStatus: OrderStatus;
    sStatusName: string;
    sBuyerName: string;
    sVendorName: string;
    dHeld: number;
    bDisputed: boolean;
    created_at: string;
  }>;
}

/**
 * Whether an order's money is secured: its goods paid and held. A booked forward is not:
 * it holds a 5 % deposit until its settlement day.
 */
export function isMoneySecured(order: { payment_status: string }): boolean {
  return order.payment_status === 'PAID';
}

/** A CLABE shown with only its last four digits. */
export function maskClabe(clabe: string): string {
  return clabe.length <= 4 ? clabe : `${'•'.repeat(clabe.length - 4)}${clabe.slice(-4)}`;
}

export function toSummary(
  view: repo.OrderView,
  language: Language,
  side: 'buyer' | 'vendor',
): ApiOrderSummary {
  const status = view.status as OrderStatus;
  const buyer = side === 'buyer';
  return {
    sOrderId: view.id,
    iTrackingId: Number(view.tracking_id),
    created_at: view.created_at.toISOString(),
    sStatus: status,
    sStatusName: ORDER_STATUS_LABELS[language][status],
    sBuyerId: view.buyer_enterprise_id,
    sBuyerName: view.buyer_name,
    sVendorId: view.vendor_enterprise_id,
    sVendorName: view.vendor_name,
    sWarehouseId: view.warehouse_id,
    sWarehouseName: view.warehouse_name,
    dSubtotal: buyer ? moneyToNumber(view.subtotal_cents) : null,
    dFees: buyer ? moneyToNumber(view.fees_cents) : null,
    dTotal: buyer ? moneyToNumber(view.total_cents) : null,
    dFinalPrice:
      buyer && view.final_total_cents !== null ? moneyToNumber(view.final_total_cents) : null,
    dGrowerUsd: buyer ? null : moneyToNumber(view.payout_usd_cents ?? view.goods_cents),
    iPallets: view.pallets,
    iTransports: view.transports,
    iLines: Number(view.line_count ?? 0),
    sPaymentMethod: buyer ? (view.payment_method as PaymentMethod) : null,
    sPaymentStatus: view.payment_status,
    sDisputeId: view.dispute_id ?? null,
    sDisputeStatus: (view.dispute_status as 'IN_PROCESS' | 'FINALIZED' | null) ?? null,
    bRated: view.rating_stars !== null && view.rating_stars !== undefined,
    delivered_at: view.delivered_at?.toISOString() ?? null,
    finished_at: view.finished_at?.toISOString() ?? null,
  };
}
