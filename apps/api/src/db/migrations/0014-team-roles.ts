import { sql, type Kysely } from 'kysely';

/**
 * Team controls:
 * - `users.team_role`: ADMIN, APPROVER, PREPARER or VIEWER. Today's managers become ADMIN,
 *   every other user PREPARER. `is_manager` stays (sessions and older screens read it) and
 *   always equals `team_role = 'ADMIN'`, which the check keeps true.
 * - `enterprises`: the approval threshold in USD cents (null: none, the default), how long a
 *   pending approval lives, and the cooling-off after a supplier's bank account changes.
 * - `approvals`: a money call (or a supplier bank change) held for a second person. It keeps
 *   the original request (kind + body) and its Idempotency-Key; approving runs it again at a
 *   fresh quote. PENDING → APPROVED → EXECUTED or FAILED; or REJECTED, or EXPIRED.
 * - `payment_recipients.payments_held_until`: the end of the cooling-off after a CLABE change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column team_role text not null default 'PREPARER'
    check (team_role in ('ADMIN', 'APPROVER', 'PREPARER', 'VIEWER'))`.execute(db);
  await sql`update users set team_role = 'ADMIN' where is_manager`.execute(db);
  await sql`alter table users add constraint users_manager_is_admin
    check (is_manager = (team_role = 'ADMIN'))`.execute(db);

  await sql`alter table enterprises
    add column approval_threshold_usd_cents bigint check (approval_threshold_usd_cents >= 0),
    add column approval_expiry_hours integer not null default 72
      check (approval_expiry_hours between 1 and 720),
    add column cooling_off_hours integer not null default 24
      check (cooling_off_hours between 0 and 720)`.execute(db);

  await sql`alter table payment_recipients add column payments_held_until timestamptz`.execute(db);

  await sql`
    create table approvals (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      kind text not null,
      request_body jsonb not null,
      idempotency_key text,
      amount_usd_cents bigint,
      summary text not null,
      requested_by uuid not null references users(id),
      requested_at timestamptz not null,
      expires_at timestamptz not null,
      status text not null default 'PENDING'
        check (status in ('PENDING', 'APPROVED', 'EXECUTED', 'FAILED', 'REJECTED', 'EXPIRED')),
      decided_by uuid references users(id),
      decided_at timestamptz,
      reason text,
      result_body jsonb,
      failure_code text
    )`.execute(db);
  await sql`create index approvals_enterprise_requested on approvals (enterprise_id, requested_at desc)`.execute(
    db,
  );
  await sql`create index approvals_pending_expiry on approvals (expires_at) where status = 'PENDING'`.execute(
    db,
  );
  // A replayed request (same key) finds its approval instead of asking for a second one.
  await sql`create unique index approvals_idempotency_key on approvals (enterprise_id, kind, idempotency_key)
    where idempotency_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table approvals`.execute(db);
  await sql`alter table payment_recipients drop column payments_held_until`.execute(db);
  await sql`alter table enterprises
    drop column approval_threshold_usd_cents,
    drop column approval_expiry_hours,
    drop column cooling_off_hours`.execute(db);
  await sql`alter table users drop constraint users_manager_is_admin`.execute(db);
  await sql`alter table users drop column team_role`.execute(db);
}
