import { sql, type Kysely } from 'kysely';

/**
 * The money core and the finance records. Money is bigint minor units, rates bigint
 * micro-units (6 decimals), calendar dates `date`. Journals and postings are append-only;
 * each journal balances per currency (checked at commit) and every posting moves its
 * account's cached balance in the same statement, so the cache cannot drift.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises add column deposit_reference text unique`.execute(db);

  await sql`
    create table ledger_accounts (
      id uuid primary key,
      enterprise_id uuid references enterprises(id),
      kind text not null,
      currency text not null check (currency in ('USD', 'MXN')),
      is_customer boolean not null,
      balance bigint not null default 0,
      constraint ledger_accounts_id_currency unique (id, currency),
      constraint customer_balance_not_negative check (not is_customer or balance >= 0)
    )`.execute(db);
  await sql`create unique index ledger_accounts_enterprise_kind on ledger_accounts (enterprise_id, kind) where enterprise_id is not null`.execute(
    db,
  );
  await sql`create unique index ledger_accounts_house_kind on ledger_accounts (kind) where enterprise_id is null`.execute(
    db,
  );

  await sql`
    create table journals (
      id uuid primary key,
      enterprise_id uuid references enterprises(id),
      kind text not null,
      description text not null,
      reference text,
      quote_id uuid,
      rate_micro bigint,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index journals_enterprise_created on journals (enterprise_id, created_at)`.execute(
    db,
  );

  await sql`
    create table postings (
      id bigserial primary key,
      journal_id uuid not null references journals(id),
      account_id uuid not null,
      currency text not null,
      amount bigint not null check (amount <> 0),
      created_at timestamptz not null,
      foreign key (account_id, currency) references ledger_accounts (id, currency)
    )`.execute(db);
  await sql`create index postings_account on postings (account_id, created_at, id)`.execute(db);
  await sql`create index postings_journal on postings (journal_id)`.execute(db);

  await sql`
    create function ledger_forbid_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are append-only; post a reversing journal instead';
    end $$`.execute(db);
  await sql`create trigger journals_append_only before update or delete on journals
    for each row execute function ledger_forbid_change()`.execute(db);
  await sql`create trigger postings_append_only before update or delete on postings
    for each row execute function ledger_forbid_change()`.execute(db);

  await sql`
    create function ledger_apply_posting() returns trigger language plpgsql as $$
    begin
      update ledger_accounts set balance = balance + new.amount where id = new.account_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger postings_apply after insert on postings
    for each row execute function ledger_apply_posting()`.execute(db);

  await sql`
    create function ledger_check_journal_balanced() returns trigger language plpgsql as $$
    begin
      if exists (
        select 1 from postings where journal_id = new.journal_id
        group by currency having sum(amount) <> 0
      ) then
        raise exception 'journal % does not balance', new.journal_id using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger postings_balanced after insert on postings
    deferrable initially deferred
    for each row execute function ledger_check_journal_balanced()`.execute(db);

  await sql`
    create table rate_ticks (
      observed_at timestamptz primary key,
      mid_micro bigint not null check (mid_micro > 0)
    )`.execute(db);

  await sql`
    create table quotes (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      kind text not null check (kind in ('SPOT', 'FORWARD')),
      rate_micro bigint not null check (rate_micro > 0),
      spot_quote_id uuid references quotes(id),
      forward_date date,
      created_at timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index quotes_enterprise_created on quotes (enterprise_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table idempotency_keys (
      enterprise_id uuid not null references enterprises(id),
      key text not null,
      request_hash text not null,
      response_status integer not null,
      response_body text not null,
      created_at timestamptz not null,
      primary key (enterprise_id, key)
    )`.execute(db);
  await sql`create index idempotency_keys_created on idempotency_keys (created_at)`.execute(db);

  await sql`
    create table deposits (
      bank_reference text primary key,
      enterprise_id uuid not null references enterprises(id),
      amount_usd bigint not null check (amount_usd > 0),
      journal_id uuid not null references journals(id),
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table payment_recipients (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      name text not null,
      email text not null,
      bank_name text not null,
      clabe text not null,
      tax_id text not null,
      entity_business text not null default 'COMPANY',
      created_at timestamptz not null,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index payment_recipients_enterprise on payment_recipients (enterprise_id, name) where deleted_at is null`.execute(
    db,
  );

  await sql`
    create table invoices (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      payment_recipient_id uuid not null references payment_recipients(id),
      invoice_name text not null,
      purchase_date date not null,
      credit_period_days integer not null check (credit_period_days >= 0),
      due_date date not null,
      total_mxn bigint not null check (total_mxn > 0),
      rate_protection_micro bigint not null check (rate_protection_micro > 0),
      assigned_mxn bigint not null default 0,
      paid_mxn bigint not null default 0,
      status text not null check (status in ('TO_PAY', 'PARCIAL', 'ASSIGNED', 'PAID')),
      created_at timestamptz not null,
      deleted_at timestamptz,
      check (assigned_mxn >= 0 and assigned_mxn <= total_mxn),
      check (paid_mxn >= 0 and paid_mxn <= assigned_mxn)
    )`.execute(db);
  await sql`create index invoices_enterprise_status on invoices (enterprise_id, status, created_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index invoices_enterprise_recipient on invoices (enterprise_id, payment_recipient_id) where deleted_at is null`.execute(
    db,
  );

  await sql`
    create table conversions (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      tracking_id bigint generated always as identity unique,
      type text not null check (type in ('FOREX', 'FORWARD')),
      status text not null check (status in ('ACTIVE', 'SETTLED')),
      usd_cents bigint not null check (usd_cents > 0),
      mxn_cents bigint not null check (mxn_cents > 0),
      rate_micro bigint not null check (rate_micro > 0),
      quote_id uuid references quotes(id),
      forward_date date,
      deposit_usd bigint not null default 0,
      external boolean not null default false,
      assigned_mxn bigint not null default 0,
      paid_mxn bigint not null default 0,
      created_at timestamptz not null,
      settled_at timestamptz,
      check (assigned_mxn >= 0 and assigned_mxn <= mxn_cents),
      check (paid_mxn >= 0 and paid_mxn <= mxn_cents),
      check (type = 'FOREX' or forward_date is not null)
    )`.execute(db);
  await sql`create index conversions_enterprise_created on conversions (enterprise_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table conversion_invoices (
      conversion_id uuid not null references conversions(id),
      invoice_id uuid not null references invoices(id),
      enterprise_id uuid not null references enterprises(id),
      amount_mxn bigint not null check (amount_mxn > 0),
      paid_mxn bigint not null default 0,
      created_at timestamptz not null,
      primary key (conversion_id, invoice_id),
      check (paid_mxn >= 0 and paid_mxn <= amount_mxn)
    )`.execute(db);
  await sql`create index conversion_invoices_invoice on conversion_invoices (invoice_id)`.execute(
    db,
  );

  await sql`
    create table payments (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      tracking_id bigint generated always as identity unique,
      type text not null check (type in ('FOREX', 'FORWARD', 'PAY_NOW')),
      status text not null check (status in ('PROCESSING', 'COMPLETED', 'RETURNED')),
      payment_recipient_id uuid not null references payment_recipients(id),
      conversion_id uuid references conversions(id),
      amount_mxn bigint not null check (amount_mxn > 0),
      amount_usd bigint not null check (amount_usd > 0),
      rate_micro bigint not null check (rate_micro > 0),
      concept text not null,
      tracking_key text not null unique,
      journal_id uuid not null references journals(id),
      created_at timestamptz not null,
      completed_at timestamptz
    )`.execute(db);
  await sql`create index payments_enterprise_created on payments (enterprise_id, created_at desc)`.execute(
    db,
  );
  await sql`create index payments_status on payments (status, created_at) where status = 'PROCESSING'`.execute(
    db,
  );

  await sql`
    create table payment_invoices (
      payment_id uuid not null references payments(id),
      invoice_id uuid not null references invoices(id),
      amount_mxn bigint not null check (amount_mxn > 0),
      primary key (payment_id, invoice_id)
    )`.execute(db);
  await sql`create index payment_invoices_invoice on payment_invoices (invoice_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payment_invoices',
    'payments',
    'conversion_invoices',
    'conversions',
    'invoices',
    'payment_recipients',
    'deposits',
    'idempotency_keys',
    'quotes',
    'rate_ticks',
    'postings',
    'journals',
    'ledger_accounts',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`drop function ledger_check_journal_balanced, ledger_apply_posting, ledger_forbid_change`.execute(
    db,
  );
  await sql`alter table enterprises drop column deposit_reference`.execute(db);
}
