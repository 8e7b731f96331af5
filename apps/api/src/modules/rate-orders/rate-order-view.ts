import { rateToNumber } from '@app/domain';
import type { RateOrdersTable, RateOrderStatus } from '../../db/schema.js';
import type { RateOrderReason } from './rate-order-rules.js';

/** The rate order of the HTTP contract (in invoice answers and `GET rate-orders`). */
export interface ApiRateOrder {
  sRateOrderId: string;
  sInvoiceId: string;
  dTargetRate: number;
  /** The last day (America/Mexico_City) on which it may fill. */
  dExpiresOn: string;
  sStatus: RateOrderStatus;
  /** Why a FAILED or EXPIRED order did not fill. */
  sReason: RateOrderReason | null;
  /** The conversion a FILLED order made. */
  sConversionId: string | null;
  dFilledRate: number | null;
  /** The approval an AWAITING_APPROVAL order waits for (its fill was above the threshold). */
  sApprovalId: string | null;
  created_at: string;
  closed_at: string | null;
}

/** The columns an answer needs (a row, or the invoice list's embedded JSON). */
export type RateOrderFacts = Pick<
  RateOrdersTable,
  | 'id'
  | 'invoice_id'
  | 'target_rate_micro'
  | 'expires_on'
  | 'status'
  | 'reason'
  | 'conversion_id'
  | 'fill_rate_micro'
  | 'approval_id'
  | 'created_at'
  | 'closed_at'
>;

export function toApiRateOrder(row: RateOrderFacts): ApiRateOrder {
  return {
    sRateOrderId: row.id,
    sInvoiceId: row.invoice_id,
    dTargetRate: rateToNumber(row.target_rate_micro),
    dExpiresOn: row.expires_on,
    sStatus: row.status,
    // Written only by the service, from RATE_ORDER_REASONS.
    sReason: row.reason as RateOrderReason | null,
    sConversionId: row.conversion_id,
    dFilledRate: row.fill_rate_micro === null ? null : rateToNumber(row.fill_rate_micro),
    sApprovalId: row.approval_id,
    created_at: row.created_at.toISOString(),
    closed_at: row.closed_at ? row.closed_at.toISOString() : null,
  };
}

/**
 * The newest order of an invoice as the invoice query embeds it (`json_build_object`, big
 * numbers as text, instants as ISO text).
 */
export function rateOrderFromJson(value: unknown): ApiRateOrder | null {
  if (value === null || value === undefined) return null;
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as Record<
    string,
    string | null
  >;
  return toApiRateOrder({
    id: String(json.id),
    invoice_id: String(json.invoice_id),
    target_rate_micro: BigInt(String(json.target_rate_micro)),
    expires_on: String(json.expires_on),
    status: json.status as RateOrderStatus,
    reason: json.reason ?? null,
    conversion_id: json.conversion_id ?? null,
    fill_rate_micro: json.fill_rate_micro ? BigInt(json.fill_rate_micro) : null,
    approval_id: json.approval_id ?? null,
    created_at: new Date(String(json.created_at)),
    closed_at: json.closed_at ? new Date(json.closed_at) : null,
  });
}
