import { sql, type Kysely } from 'kysely';

/**
 * Domain events, notifications and webhooks:
 * - `domain_events`: the outbox of what happened to a company (payment completed, deposit
 *   credited, …), written in the transaction that caused it. `dedupe_key` makes an event
 *   that a sweep may find twice (a forward's reminder) happen once.
 * - `notification_settings`: per user, the e-mail language and the kinds turned off (a
 *   user without a row gets every kind, in English).
 * - `webhook_endpoints`: a company's HTTPS endpoints and the events each takes; the signing
 *   secret is stored encrypted (AES-256-GCM), never in clear.
 * - `webhook_deliveries`: one per event and endpoint (a replay is another, with the same
 *   event id), due at `next_attempt_at`, leased by a sender until `locked_until`.
 * - `webhook_attempts`: each try of a delivery: status code, duration, error.
 * - `outbox_emails.language`: the language an e-mail is written in (Content-Language).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_emails add column language text`.execute(db);
  await sql`
    create table domain_events (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      type text not null,
      data jsonb not null,
      dedupe_key text unique,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index domain_events_enterprise_created on domain_events (enterprise_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table notification_settings (
      user_id uuid primary key references users(id),
      language text not null default 'en' check (language in ('en', 'sp')),
      disabled_events jsonb not null default '[]'::jsonb,
      updated_at timestamptz not null
    )`.execute(db);

  await sql`
    create table webhook_endpoints (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      url text not null,
      events jsonb not null,
      secret_encrypted text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index webhook_endpoints_enterprise on webhook_endpoints (enterprise_id, created_at)`.execute(
    db,
  );

  await sql`
    create table webhook_deliveries (
      id uuid primary key,
      endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
      event_id uuid not null references domain_events(id),
      status text not null check (status in ('PENDING', 'DELIVERED', 'DEAD')),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      locked_until timestamptz,
      replay_of uuid,
      created_at timestamptz not null,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'PENDING'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table webhook_attempts (
      id uuid primary key,
      delivery_id uuid not null references webhook_deliveries(id) on delete cascade,
      attempt integer not null,
      attempted_at timestamptz not null,
      status_code integer,
      duration_ms integer not null,
      error text,
      ok boolean not null
    )`.execute(db);
  await sql`create index webhook_attempts_delivery on webhook_attempts (delivery_id, attempt)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_attempts`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
  await sql`drop table notification_settings`.execute(db);
  await sql`drop table domain_events`.execute(db);
  await sql`alter table outbox_emails drop column language`.execute(db);
}
