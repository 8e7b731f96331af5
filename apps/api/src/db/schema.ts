import type { ColumnType, Generated } from 'kysely';
import type { EnterpriseType, Role, TeamRole } from '@app/domain';

/** Table types of the database. Money columns are bigint minor units; calendar dates are strings. */

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface EnterprisesTable {
  id: string;
  name: string;
  type: EnterpriseType;
  verified: Generated<boolean>;
  /** The back office's reason for its last verification decision (verify or withdraw). */
  verification_reason: ColumnType<string | null, string | null | undefined, string | null>;
  verification_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  legal_address: string | null;
  paca_license: string | null;
  blue_book_number: string | null;
  tax_id: string | null;
  description: string | null;
  deposit_reference: ColumnType<string | null, string | null | undefined, string | null>;
  bank_name: ColumnType<string | null, string | null | undefined, string | null>;
  bank_account_number: ColumnType<string | null, string | null | undefined, string | null>;
  bank_routing_number: ColumnType<string | null, string | null | undefined, string | null>;
  clabe: ColumnType<string | null, string | null | undefined, string | null>;
  bank_name_mxn: ColumnType<string | null, string | null | undefined, string | null>;
  require_totp: Generated<boolean>;
  approval_threshold_usd_cents: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** Levels above the threshold: `[{ above_usd_cents, approvers }]` (amounts as strings). */
  approval_levels: ColumnType<ApprovalLevelRow[], string | undefined, string>;
  /** The accounting export's account names chosen by the company (key → name). */
  accounting_accounts: ColumnType<Record<string, string>, string | undefined, string>;
  approval_expiry_hours: Generated<number>;
  cooling_off_hours: Generated<number>;
  /** Marketplace payouts to it wait until then: the cooling-off after its CLABE changed. */
  payouts_held_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The company's clock for every time it is shown (an IANA name, e.g. America/Chicago). */
  time_zone: Generated<string>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: string;
  enterprise_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  job_title: string | null;
  password_hash: string;
  role: Role;
  is_manager: boolean;
  team_role: Generated<TeamRole>;
  active: Generated<boolean>;
  /** The TOTP secret, encrypted (secret-box.ts); null without a second factor. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A secret set up and not yet confirmed with a code, encrypted. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The last TOTP time step accepted: a code is used once. */
  totp_last_step: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface PasswordResetsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface PasswordRecoveryRequestsTable {
  id: string;
  email: string;
  created_at: Date;
  processed_at: Date | null;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string;
  created_at: Date;
}

/** Failures of one limited thing (a second factor, an account, an address): migration 0022. */
export interface AttemptLimitsTable {
  key: string;
  failures: number;
  window_ends_at: Date;
  last_at: Date;
}

export interface OutboxEmailsTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: CreatedAt;
  claimed_at: Date | null;
  sent_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** The language the e-mail is written in (its Content-Language); null: not said. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0: security (sent first, one by one); 1: a notification (may go in a digest). */
  priority: Generated<number>;
}

export type Currency = 'USD' | 'MXN';

export interface LedgerAccountsTable {
  id: string;
  enterprise_id: string | null;
  kind: string;
  currency: Currency;
  is_customer: boolean;
  /** Cached for customer accounts only; house accounts' balance is Σ their postings. */
  balance: ColumnType<bigint | null, bigint | null, never>;
}

/** The dashboard's counts of an enterprise, kept by triggers (migration 0007). */
export interface EnterpriseCountsTable {
  enterprise_id: string;
  open_invoices: ColumnType<bigint, never, never>;
  conversions_available: ColumnType<bigint, never, never>;
  forwards_active: ColumnType<bigint, never, never>;
}

export interface JournalsTable {
  id: string;
  enterprise_id: string | null;
  kind: string;
  description: string;
  /** The description as a code and its parameters, rendered per language. */
  description_code: ColumnType<string | null, string | null | undefined, string | null>;
  description_params: ColumnType<unknown, string | null | undefined, string | null>;
  reference: string | null;
  quote_id: string | null;
  rate_micro: bigint | null;
  created_at: Date;
}

export interface PostingsTable {
  id: Generated<bigint>;
  journal_id: string;
  account_id: string;
  currency: Currency;
  amount: bigint;
  created_at: Date;
}

/** What a customer account moved per business day, kept by the posting trigger (migration 0018). */
export interface AccountDaysTable {
  account_id: string;
  /** The business day (America/Mexico_City), YYYY-MM-DD. */
  day: ColumnType<string, never, never>;
  /** Money out, as a positive number. */
  debits: ColumnType<bigint, never, never>;
  credits: ColumnType<bigint, never, never>;
  movements: ColumnType<bigint, never, never>;
}

/** The version of each enterprise's invoice list, raised by triggers (migration 0019). */
export interface InvoiceListVersionsTable {
  enterprise_id: ColumnType<string, never, never>;
  version: ColumnType<bigint, never, never>;
}

export interface RateTicksTable {
  observed_at: Date;
  mid_micro: bigint;
}

export interface QuotesTable {
  id: string;
  enterprise_id: string;
  kind: 'SPOT' | 'FORWARD';
  rate_micro: bigint;
  spot_quote_id: string | null;
  forward_date: string | null;
  created_at: Date;
  expires_at: Date;
}

export interface IdempotencyKeysTable {
  enterprise_id: string;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  created_at: Date;
}

export interface DepositsTable {
  bank_reference: string;
  enterprise_id: string;
  amount_usd: bigint;
  journal_id: string;
  created_at: Date;
}

export interface PaymentRecipientsTable {
  id: string;
  enterprise_id: string;
  name: string;
  email: string;
  bank_name: string;
  clabe: string;
  tax_id: string;
  entity_business: string;
  created_at: Date;
  deleted_at: Date | null;
  payments_held_until: Date | null;
}

export type ApprovalStatus =
  'PENDING' | 'APPROVED' | 'EXECUTED' | 'FAILED' | 'REJECTED' | 'EXPIRED';

export interface ApprovalsTable {
  id: string;
  enterprise_id: string;
  kind: string;
  request_body: ColumnType<unknown, string, string>;
  idempotency_key: string | null;
  amount_usd_cents: bigint | null;
  summary: string;
  requested_by: string;
  requested_at: Date;
  expires_at: Date;
  status: Generated<ApprovalStatus>;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
  result_body: ColumnType<unknown, string | null, string | null>;
  failure_code: string | null;
  /** When the latest run of an APPROVED request began (the finishing job reads it). */
  run_started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** How many distinct approvers it needs (by the company's levels when it was asked for). */
  required_approvers: ColumnType<number, number | undefined, number>;
  /** Who has approved so far. */
  signoffs: ColumnType<ApprovalSignoffRow[], string | undefined, string>;
}

export interface ApprovalLevelRow {
  above_usd_cents: string;
  approvers: number;
}

export interface ApprovalSignoffRow {
  user_id: string;
  name: string;
  at: string;
}

export type InvoiceStatus = 'TO_PAY' | 'PARCIAL' | 'ASSIGNED' | 'PAID';

export interface InvoicesTable {
  id: string;
  enterprise_id: string;
  payment_recipient_id: string;
  invoice_name: string;
  purchase_date: string;
  credit_period_days: number;
  due_date: string;
  total_mxn: bigint;
  rate_protection_micro: bigint;
  assigned_mxn: ColumnType<bigint, bigint | undefined, bigint>;
  paid_mxn: ColumnType<bigint, bigint | undefined, bigint>;
  status: InvoiceStatus;
  created_at: Date;
  deleted_at: Date | null;
}

export interface ConversionsTable {
  id: string;
  enterprise_id: string;
  tracking_id: ColumnType<bigint, never, never>;
  type: 'FOREX' | 'FORWARD';
  status: 'ACTIVE' | 'SETTLED';
  usd_cents: bigint;
  mxn_cents: bigint;
  rate_micro: bigint;
  quote_id: string | null;
  forward_date: string | null;
  deposit_usd: ColumnType<bigint, bigint | undefined, bigint>;
  external: ColumnType<boolean, boolean | undefined, boolean>;
  assigned_mxn: ColumnType<bigint, bigint | undefined, bigint>;
  paid_mxn: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Date;
  settled_at: Date | null;
}

export interface ConversionInvoicesTable {
  conversion_id: string;
  invoice_id: string;
  enterprise_id: string;
  amount_mxn: bigint;
  paid_mxn: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Date;
}

export interface PaymentsTable {
  id: string;
  enterprise_id: string;
  tracking_id: ColumnType<bigint, never, never>;
  type: 'FOREX' | 'FORWARD' | 'PAY_NOW';
  status: 'PROCESSING' | 'COMPLETED' | 'RETURNED';
  payment_recipient_id: string;
  conversion_id: string | null;
  amount_mxn: bigint;
  amount_usd: bigint;
  rate_micro: bigint;
  concept: string;
  tracking_key: string;
  journal_id: string;
  created_at: Date;
  completed_at: Date | null;
  /** Why the receiving bank returned the payout (null unless RETURNED with a reason). */
  return_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account the payment was sent to, as it was then (the supplier's may change later). */
  paid_clabe: string;
  paid_bank_name: string;
  paid_beneficiary_name: string;
}

/** A payout's life at STP (migration 0026). */
export interface StpOrdersTable {
  payment_id: string;
  clave_rastreo: string;
  referencia_numerica: number;
  state: ColumnType<StpOrderState, StpOrderState | undefined, StpOrderState>;
  stp_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  fecha_operacion: ColumnType<string | null, string | null | undefined, string | null>;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Date;
  updated_at: Date;
}

/** A company's own deposit CLABE at STP (migration 0027). */
export interface StpDepositAccountsTable {
  enterprise_id: string;
  account_number: bigint;
  clabe: string;
  created_at: Date;
}

/** An incoming SPEI notice from STP (migration 0027). */
export interface StpAbonosTable {
  id: string;
  stp_id: bigint | null;
  clave_rastreo: string;
  institucion_ordenante: string;
  fecha_operacion: string;
  cuenta_beneficiario: string;
  enterprise_id: string | null;
  amount_mxn: bigint;
  nombre_ordenante: ColumnType<string, string | undefined, string>;
  concepto_pago: ColumnType<string, string | undefined, string>;
  outcome: 'CREDITED' | 'RETURNED_UNKNOWN_ACCOUNT';
  journal_id: string | null;
  body: ColumnType<unknown, string, string>;
  created_at: Date;
}

/** One reconciliation of a day with STP (migration 0028). */
export interface StpReconciliationRunsTable {
  day: ColumnType<string, string, string>;
  ran_at: Date;
  sent_count: number;
  received_count: number;
}

export type StpDifferenceKind =
  | 'PAID_HERE_NOT_AT_STP'
  | 'AT_STP_NOT_HERE'
  | 'RECEIVED_NOT_CREDITED'
  | 'CREDITED_NOT_AT_STP'
  | 'AMOUNT_DIFFERS';

/** A difference between STP and the ledger on a day (migration 0028). */
export interface StpReconciliationDifferencesTable {
  id: string;
  day: ColumnType<string, string, string>;
  direction: 'OUT' | 'IN';
  kind: StpDifferenceKind;
  clave_rastreo: string;
  amount_here: bigint | null;
  amount_stp: bigint | null;
  payment_id: string | null;
  enterprise_id: string | null;
}

export type StpOrderState = 'PENDING' | 'SENT' | 'REFUSED' | 'SETTLED' | 'RETURNED' | 'CANCELLED';

export interface PaymentInvoicesTable {
  payment_id: string;
  invoice_id: string;
  amount_mxn: bigint;
}

export interface CategoriesTable {
  id: string;
  name_en: string;
  name_sp: string;
  image_path: string | null;
  position: ColumnType<number, number | undefined, number>;
}

export interface SubcategoriesTable {
  id: string;
  category_id: string;
  name_en: string;
  name_sp: string;
  image_path: string | null;
  position: ColumnType<number, number | undefined, number>;
}

export interface ArticlesTable {
  id: string;
  vendor_enterprise_id: string;
  subcategory_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** The grower's texts per language (either or both); `name`/`description` fall back. */
  name_en: ColumnType<string | null, string | null | undefined, string | null>;
  name_sp: ColumnType<string | null, string | null | undefined, string | null>;
  description_en: ColumnType<string | null, string | null | undefined, string | null>;
  description_sp: ColumnType<string | null, string | null | undefined, string | null>;
  /** Kept by the articles_search_refresh trigger (migration 0012); never written directly. */
  search_names: ColumnType<string, never, never>;
  search_all: ColumnType<string, never, never>;
  search_vector: ColumnType<string | null, never, never>;
  origin: string | null;
  price_per_box_cents: bigint;
  boxes_per_pallet: number;
  min_boxes: number;
  stock_boxes: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  updated_at: Date;
}

export interface ArticleImagesTable {
  id: string;
  article_id: string;
  storage_key: string;
  content_type: string;
  position: ColumnType<number, number | undefined, number>;
  created_at: Date;
}

export interface CartItemsTable {
  buyer_enterprise_id: string;
  vendor_enterprise_id: string;
  article_id: string;
  quantity_boxes: number;
  price_per_box_cents_seen: bigint;
  stock_boxes_seen: number;
  added_at: Date;
}

export interface WarehousesTable {
  id: string;
  enterprise_id: string;
  name: string;
  address: string;
  country: string;
  state: string;
  city: string;
  postal_code: string;
  phone: string;
  email: string;
  manager: string;
  /** numeric(9,6) as a decimal string */
  latitude: string | null;
  longitude: string | null;
  comments: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

export interface OrdersTable {
  id: string;
  tracking_id: ColumnType<bigint, never, never>;
  buyer_enterprise_id: string;
  vendor_enterprise_id: string;
  warehouse_id: string;
  status: string;
  payment_method: string;
  payment_id: string | null;
  conversion_id: string | null;
  subtotal_cents: bigint;
  fees_cents: ColumnType<bigint, bigint | undefined, bigint>;
  total_cents: bigint;
  final_total_cents: bigint | null;
  pallets: number;
  transports: number;
  created_at: Date;
  delivered_at: Date | null;
  finished_at: Date | null;
  payment_status: ColumnType<
    'PENDING' | 'PAID',
    'PENDING' | 'PAID' | undefined,
    'PENDING' | 'PAID'
  >;
  rate_micro: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  quote_id: ColumnType<string | null, string | null | undefined, string | null>;
  rate_locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  disputed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  buyer_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  goods_cents: ColumnType<bigint, bigint | undefined, bigint>;
  /** The buyer's goods money held for the order until it is released (0 once released). */
  held_cents: ColumnType<bigint, bigint | undefined, bigint>;
  refunded_cents: ColumnType<bigint, bigint | undefined, bigint>;
  payout_usd_cents: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  released_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The payout waits until then: its grower's payout account changed (cooling-off). */
  payout_held_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  freight_km: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  article_id: string;
  product_name: string;
  quantity_boxes: number;
  boxes_per_pallet: number;
  unit_price_cents: bigint;
  logistic_cost_per_box_cents: ColumnType<bigint, bigint | undefined, bigint>;
  delivered_boxes: number | null;
  delivered_unit_price_cents: bigint | null;
  in_out_per_box_cents: ColumnType<bigint, bigint | undefined, bigint>;
  /** A raise of the unit price the buyer accepted; null: the checkout price stands. */
  agreed_unit_price_cents: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** The buyer's own count, recorded when it accepts the load. */
  received_boxes: ColumnType<number | null, number | null | undefined, number | null>;
  /** The grower's count when the buyer's was lower (delivered_boxes is then the buyer's). */
  vendor_delivered_boxes: ColumnType<number | null, number | null | undefined, number | null>;
}

export type PriceChangeStatus = 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'WITHDRAWN';

export interface OrderPriceChangesTable {
  id: string;
  order_id: string;
  line_id: string;
  agreed_unit_price_cents: bigint;
  requested_unit_price_cents: bigint;
  status: PriceChangeStatus;
  requested_at: Date;
  requested_by: string | null;
  decided_at: Date | null;
  decided_by: string | null;
}

export interface OrderFeesTable {
  id: string;
  order_id: string;
  name: string;
  total_cents: bigint;
}

export interface OrderStatusEventsTable {
  id: Generated<bigint>;
  order_id: string;
  status: string;
  created_at: Date;
  actor_user_id: string | null;
}

export interface DisputesTable {
  id: string;
  tracking_id: ColumnType<bigint, never, never>;
  order_id: string;
  buyer_enterprise_id: string;
  vendor_enterprise_id: string;
  category: string;
  subcategory: string;
  description: string;
  status: 'IN_PROCESS' | 'FINALIZED';
  in_charge: string | null;
  resolution: string | null;
  vendor_answer: string | null;
  created_at: Date;
  final_date: Date | null;
  vendor_answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface DisputeImagesTable {
  id: string;
  dispute_id: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  created_at: Date;
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'buyer' (evidence with the dispute) or 'vendor' (with the grower's answer). */
  uploaded_by: ColumnType<'buyer' | 'vendor', 'buyer' | 'vendor' | undefined, never>;
}

export interface RatingsTable {
  order_id: string;
  buyer_enterprise_id: string;
  vendor_enterprise_id: string;
  stars: number;
  comment: string | null;
  created_at: Date;
}

export interface CfdiImportsTable {
  enterprise_id: string;
  uuid: string;
  invoice_id: string;
  rfc_emisor: string;
  imported_at: Date;
  sat_status: ColumnType<string | null, string | null | undefined, string | null>;
  sat_expression: ColumnType<string | null, string | null | undefined, string | null>;
  sat_checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The CFDI's MetodoPago (PUE, PPD), currency and TipoCambio; null for older imports. */
  metodo_pago: ColumnType<string | null, string | null | undefined, string | null>;
  currency: ColumnType<string | null, string | null | undefined, string | null>;
  exchange_rate_micro: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

/** One DoctoRelacionado of an imported payment complement (CFDI Pago). */
export interface CfdiComplementDocumentsTable {
  enterprise_id: string;
  complement_uuid: string;
  /** The DoctoRelacionado's place in the complement, from 1. */
  line: number;
  invoice_id: string;
  related_uuid: string;
  rfc_emisor: string;
  paid_on: string;
  installment: number | null;
  /** ImpPagado in the invoice's currency (`currency`), and in MXN at the invoice's rate. */
  currency: string;
  amount: bigint;
  amount_mxn: bigint;
  /** The payment matched, or for a MISMATCH the payment it was checked against. */
  payment_id: string | null;
  status: 'MATCHED' | 'MISMATCH';
  imported_at: Date;
}

export interface CfdiCreditNotesTable {
  enterprise_id: string;
  uuid: string;
  invoice_id: string;
  related_uuid: string;
  relation: string;
  rfc_emisor: string;
  amount_mxn: bigint;
  issued_on: string;
  imported_at: Date;
}

export interface PaymentBatchesTable {
  id: string;
  enterprise_id: string;
  quote_id: string;
  rate_micro: bigint;
  item_count: number;
  created_at: Date;
}

export type PaymentBatchItemStatus = 'SENT' | 'FAILED' | 'NOT_ATTEMPTED';

export interface PaymentBatchItemsTable {
  batch_id: string;
  position: number;
  status: PaymentBatchItemStatus;
  payment_id: string | null;
  code: string | null;
  /** What the item asked for, as it stood then (migration 0048); null where unknown. */
  invoice_name: ColumnType<string | null, string | null | undefined, string | null>;
  payee_name: ColumnType<string | null, string | null | undefined, string | null>;
  amount_mxn: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  concept: ColumnType<string | null, string | null | undefined, string | null>;
}

export const RATE_ORDER_STATUSES = [
  'ACTIVE',
  'AWAITING_APPROVAL',
  'FILLED',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type RateOrderStatus = (typeof RATE_ORDER_STATUSES)[number];

/** Convert an invoice's MXN when the market reaches a target rate before a date. */
export interface RateOrdersTable {
  id: string;
  seq: Generated<bigint>;
  enterprise_id: string;
  invoice_id: string;
  /** The user who set it: the e-mails go to them. */
  created_by: string;
  /** The language of the request that set it ('en' | 'sp'): the e-mails' language. */
  language: string;
  target_rate_micro: bigint;
  /** The last calendar day (America/Mexico_City) on which it may fill. */
  expires_on: string;
  status: RateOrderStatus;
  reason: string | null;
  conversion_id: string | null;
  fill_rate_micro: bigint | null;
  created_at: Date;
  closed_at: Date | null;
  /** The approval an AWAITING_APPROVAL order waits for (kept once it is decided). */
  approval_id: string | null;
}

/** What happened to a company, the outbox of notifications and webhooks. */
export interface DomainEventsTable {
  id: string;
  enterprise_id: string;
  type: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  dedupe_key: string | null;
  created_at: Date;
}

export interface NotificationSettingsTable {
  user_id: string;
  language: 'en' | 'sp';
  disabled_events: ColumnType<string[], string, string>;
  updated_at: Date;
}

export interface WebhookEndpointsTable {
  id: string;
  enterprise_id: string;
  url: string;
  events: ColumnType<string[], string, string>;
  secret_encrypted: string;
  /** The secret before the last rotation, signing beside the new one until the time below. */
  previous_secret_encrypted: string | null;
  previous_secret_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'DEAD';

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  status: WebhookDeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  replay_of: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  ok: boolean;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  enterprise_id: string | null;
  user_id: string | null;
  at: Date;
  ip: string | null;
  user_agent: string | null;
  action: string;
  entity: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  outcome: string;
  status: number;
  /** The API key that made the call (user_id is then the admin who created the key). */
  api_key_id: string | null;
}

export interface ApiKeysTable {
  id: string;
  enterprise_id: string;
  created_by: string;
  name: string;
  scopes: ColumnType<string[], string, string>;
  prefix: string;
  secret_hash: string;
  expires_at: Date;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface UserRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

export type BankAccountChangeKind = 'PAYOUT_ACCOUNT' | 'SUPPLIER';

/** A change of an account money is paid to, and when it takes effect (its cooling-off). */
export interface BankAccountChangesTable {
  id: string;
  enterprise_id: string;
  kind: BankAccountChangeKind;
  payment_recipient_id: string | null;
  changed_by_user_id: string | null;
  old_clabe: string | null;
  new_clabe: string;
  changed_at: Date;
  effective_at: Date;
}

export const STATEMENT_ENTRY_STATUSES = ['MATCHED', 'UNMATCHED', 'ASSIGNED', 'REJECTED'] as const;
export type BankStatementEntryStatus = (typeof STATEMENT_ENTRY_STATUSES)[number];

export interface BankStatementFilesTable {
  id: string;
  file_name: string;
  format: 'camt.053' | 'camt.054' | 'BAI2';
  content_sha256: string;
  source: 'UPLOAD' | 'FOLDER';
  imported_by_user_id: string | null;
  entry_count: number;
  imported_at: Date;
}

export interface BankStatementEntriesTable {
  id: string;
  bank_reference: string;
  file_id: string;
  amount_usd: bigint;
  booking_date: string | null;
  debtor_name: string | null;
  end_to_end_id: string | null;
  remittance: string;
  status: BankStatementEntryStatus;
  enterprise_id: string | null;
  decided_by_user_id: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  created_at: Date;
}

export interface ReferenceRatesTable {
  series: string;
  rate_date: string;
  rate_micro: bigint;
  fetched_at: Date;
}

export interface Database {
  bank_statement_files: BankStatementFilesTable;
  bank_statement_entries: BankStatementEntriesTable;
  reference_rates: ReferenceRatesTable;
  bank_account_changes: BankAccountChangesTable;
  enterprises: EnterprisesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  attempt_limits: AttemptLimitsTable;
  outbox_emails: OutboxEmailsTable;
  ledger_accounts: LedgerAccountsTable;
  enterprise_counts: EnterpriseCountsTable;
  journals: JournalsTable;
  postings: PostingsTable;
  account_days: AccountDaysTable;
  invoice_list_versions: InvoiceListVersionsTable;
  rate_ticks: RateTicksTable;
  quotes: QuotesTable;
  idempotency_keys: IdempotencyKeysTable;
  deposits: DepositsTable;
  payment_recipients: PaymentRecipientsTable;
  approvals: ApprovalsTable;
  invoices: InvoicesTable;
  conversions: ConversionsTable;
  conversion_invoices: ConversionInvoicesTable;
  payments: PaymentsTable;
  payment_invoices: PaymentInvoicesTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  articles: ArticlesTable;
  article_images: ArticleImagesTable;
  cart_items: CartItemsTable;
  warehouses: WarehousesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_fees: OrderFeesTable;
  order_price_changes: OrderPriceChangesTable;
  order_status_events: OrderStatusEventsTable;
  disputes: DisputesTable;
  dispute_images: DisputeImagesTable;
  ratings: RatingsTable;
  cfdi_imports: CfdiImportsTable;
  cfdi_credit_notes: CfdiCreditNotesTable;
  cfdi_complement_documents: CfdiComplementDocumentsTable;
  payment_batches: PaymentBatchesTable;
  payment_batch_items: PaymentBatchItemsTable;
  rate_orders: RateOrdersTable;
  password_recovery_requests: PasswordRecoveryRequestsTable;
  domain_events: DomainEventsTable;
  notification_settings: NotificationSettingsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  audit_log: AuditLogTable;
  api_keys: ApiKeysTable;
  user_recovery_codes: UserRecoveryCodesTable;
  stp_orders: StpOrdersTable;
  stp_deposit_accounts: StpDepositAccountsTable;
  stp_abonos: StpAbonosTable;
  stp_reconciliation_runs: StpReconciliationRunsTable;
  stp_reconciliation_differences: StpReconciliationDifferencesTable;
}
