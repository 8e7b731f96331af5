import type { Language } from '@app/domain';
import { moneyToNumber } from '@app/domain';
import type * as repo from './orders.repository.js';
import {
  ORDER_STATUS_LABELS,
  type OrderPaymentStatus,
  type OrderStatus,
  type PaymentMethod,
} from './order-statuses.js';

export interface ApiOrderLine {
  sLineId: string;
  sProductId: string;
  sProductName: string;
  /** The grower the line is bought from. */
  sName: string;
  dQuantity: number;
  dBoxesPerPallet: number;
  dPallets: number;
  dUnitPriceUSD: number;
  /** Freight per box, a decimal string (a pallet's freight shared over its boxes). */
  sLogisticCost: string;
  /** The border cold storage's in/out charge per box. */
  dTotalInOutPerBox: number;
  /** Unit price + freight + in/out, per box, a decimal string. */
  sTotalPerBox: string;
  /** Boxes × total per box, a decimal string. */
  sTotal: string;
  dDeliveredQuantity: number | null;
  dDeliveredUnitPrice: number | null;
  /** Delivered boxes × (delivered unit price + freight + in/out); null until delivered. */
  dFinalPrice: number | null;
}

export interface ApiOrderFee {
  sFeeId: string;
  sFeeKey: string;
  sFeeName: string;
  dTotal: number;
}

export interface ApiTimelineStep {
  sStatus: OrderStatus;
  sName: string;
  sNameEn: string;
  sNameSp: string;
  /** When the order reached the step; null when it has not. */
  created_at: string | null;
  bReached: boolean;
  bCurrent: boolean;
}

export interface ApiTransport {
  iNumber: number;
  iPallets: number;
  lines: Array<{ sLineId: string; sProductName: string; iPallets: number }>;
}

export interface ApiOrderPayment {
  sMethod: PaymentMethod;
  sMethodName: string;
  sStatus: OrderPaymentStatus;
  /** The finance payment to the grower (GET payments/ of the buyer), once paid. */
  sPaymentId: string | null;
  /** The conversion (CONVERT_MXN, FORWARD) the pesos came from. */
  sTransactionId: string | null;
  dAmountUsd: number;
  dAmountMxn: number | null;
  dExchangeRate: number | null;
  sExchangeRateReference: string | null;
  /** DEFERRED: until when the locked rate holds. */
  rate_locked_until: string | null;
  /** FORWARD: the forward's settlement date. */
  dForwardDate: string | null;
  paid_at: string | null;
}

export interface ApiOrderSummary {
  sOrderId: string;
  iTrackingId: number;
  created_at: string;
  sStatus: OrderStatus;
  sStatusName: string;
  sBuyerId: string;
  sBuyerName: string;
  sVendorId: string;
  sVendorName: string;
  sWarehouseId: string;
  sWarehouseName: string;
  dSubtotal: number;
  dFees: number;
  dTotal: number;
  /** Σ delivered lines + fees, once delivered. */
  dFinalPrice: number | null;
  iPallets: number;
  iTransports: number;
  iLines: number;
  sPaymentMethod: PaymentMethod;
  sPaymentStatus: OrderPaymentStatus;
  sDisputeId: string | null;
  sDisputeStatus: 'IN_PROCESS' | 'FINALIZED' | null;
  bRated: boolean;
  delivered_at: string | null;
  finished_at: string | null;
}

export interface ApiOrder extends ApiOrderSummary {
  warehouse: {
    sWarehouseId: string;
    sName: string;
    sAddress: string;
    sCity: string;
    sState: string;
    sCountry: string;
    sPostalCode: string;
    /** The dock contact the grower's carrier calls, and the receiving hours and notes. */
    sPhone: string;
    sEmail: string;
    sManager: string;
    sNotes: string | null;
  };
  lines: ApiOrderLine[];
  fees: ApiOrderFee[];
  timeline: ApiTimelineStep[];
  transports: ApiTransport[];
  payment: ApiOrderPayment;
  iOrderedBoxes: number;
  iDeliveredBoxes: number | null;
  rating: { iStars: number; sComment: string | null; created_at: string } | null;
  /** The status the vendor may move the order to next; null when none. */
  sNextStatus: OrderStatus | null;
  /** Until when the buyer may open a dispute (delivery + the PACA window). */
  dispute_deadline: string | null;
  bCanAccept: boolean;
  bCanRate: boolean;
  bCanDispute: boolean;
  money: ApiOrderMoney;
}

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

/** An order's three-party money: what is held, refunded and paid out to the grower. */
export interface ApiOrderMoney {
  dGoods: number;
  dHeld: number;
  dRefunded: number;
  dPayoutUsd: number | null;
  dPayoutMxn: number | null;
  released_at: string | null;
  /** The payout waits until then: the grower's payout account changed (cooling-off). */
  dPayoutHeldUntil: string | null;
  /** Paid and held, or for a forward, booked: the grower may start preparing it. */
  bSecured: boolean;
}

/** Whether an order's money is secured: paid and held, or for a forward, the forward booked. */
export function isMoneySecured(order: {
  payment_status: string;
  payment_method: string;
  conversion_id: string | null;
}): boolean {
  return (
    order.payment_status === 'PAID' ||
    (order.payment_method === 'FORWARD' && order.conversion_id !== null)
  );
}

/** A CLABE shown with only its last four digits. */
export function maskClabe(clabe: string): string {
  return clabe.length <= 4 ? clabe : `${'•'.repeat(clabe.length - 4)}${clabe.slice(-4)}`;
}

export function toSummary(view: repo.OrderView, language: Language): ApiOrderSummary {
  const status = view.status as OrderStatus;
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
    dSubtotal: moneyToNumber(view.subtotal_cents),
    dFees: moneyToNumber(view.fees_cents),
    dTotal: moneyToNumber(view.total_cents),
    dFinalPrice: view.final_total_cents === null ? null : moneyToNumber(view.final_total_cents),
    iPallets: view.pallets,
    iTransports: view.transports,
    iLines: Number(view.line_count ?? 0),
    sPaymentMethod: view.payment_method as PaymentMethod,
    sPaymentStatus: view.payment_status,
    sDisputeId: view.dispute_id ?? null,
    sDisputeStatus: (view.dispute_status as 'IN_PROCESS' | 'FINALIZED' | null) ?? null,
    bRated: view.rating_stars !== null && view.rating_stars !== undefined,
    delivered_at: view.delivered_at?.toISOString() ?? null,
    finished_at: view.finished_at?.toISOString() ?? null,
  };
}
