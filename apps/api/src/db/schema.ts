import type { ColumnType, Generated } from 'kysely';
import type { EnterpriseType, Role } from '@app/domain';

/** Table types of the database. Money columns are bigint minor units; calendar dates are strings. */

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface EnterprisesTable {
  id: string;
  name: string;
  type: EnterpriseType;
  verified: Generated<boolean>;
  legal_address: string | null;
  paca_license: string | null;
  blue_book_number: string | null;
  tax_id: string | null;
  description: string | null;
  deposit_reference: ColumnType<string | null, string | null | undefined, string | null>;
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
  active: Generated<boolean>;
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

export interface LoginFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string;
  created_at: Date;
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
}

export type Currency = 'USD' | 'MXN';

export interface LedgerAccountsTable {
  id: string;
  enterprise_id: string | null;
  kind: string;
  currency: Currency;
  is_customer: boolean;
  balance: ColumnType<bigint, bigint | undefined, never>;
}

export interface JournalsTable {
  id: string;
  enterprise_id: string | null;
  kind: string;
  description: string;
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
}

export interface PaymentInvoicesTable {
  payment_id: string;
  invoice_id: string;
  amount_mxn: bigint;
}

export interface Database {
  enterprises: EnterprisesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  outbox_emails: OutboxEmailsTable;
  ledger_accounts: LedgerAccountsTable;
  journals: JournalsTable;
  postings: PostingsTable;
  rate_ticks: RateTicksTable;
  quotes: QuotesTable;
  idempotency_keys: IdempotencyKeysTable;
  deposits: DepositsTable;
  payment_recipients: PaymentRecipientsTable;
  invoices: InvoicesTable;
  conversions: ConversionsTable;
  conversion_invoices: ConversionInvoicesTable;
  payments: PaymentsTable;
  payment_invoices: PaymentInvoicesTable;
}
