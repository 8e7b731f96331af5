import { sql, type Kysely } from 'kysely';

/**
 * Approvals that finish:
 * - `approvals.run_started_at`: when the latest run of an APPROVED request began. A request
 *   still APPROVED (decided, not yet EXECUTED or FAILED) whose run began longer ago than the
 *   grace was cut short (a process died between the decision and the money); the
 *   `approvals.finish` job, or an approver asking again, claims it by moving this forward and
 *   finishes it. The partial index serves that sweep.
 * - `rate_orders`: an order the market reached whose conversion is above the company's
 *   approval threshold waits in AWAITING_APPROVAL, naming its approval, instead of filling.
 *   It is still open (no closed_at) and still the invoice's one open order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table approvals add column run_started_at timestamptz`.execute(db);
  await sql`update approvals set run_started_at = decided_at where status = 'APPROVED'`.execute(db);
  await sql`create index approvals_unfinished on approvals (run_started_at) where status = 'APPROVED'`.execute(
    db,
  );

  await sql`
    alter table rate_orders
      drop constraint rate_orders_status_check,
      drop constraint rate_orders_check1,
      add column approval_id uuid references approvals(id),
      add constraint rate_orders_status_check check (status in
        ('ACTIVE', 'AWAITING_APPROVAL', 'FILLED', 'FAILED', 'CANCELLED', 'EXPIRED')),
      add constraint rate_orders_open_check
        check ((status in ('ACTIVE', 'AWAITING_APPROVAL')) = (closed_at is null)),
      add constraint rate_orders_awaiting_check
        check (status <> 'AWAITING_APPROVAL' or approval_id is not null)`.execute(db);
  await sql`drop index rate_orders_one_active`.execute(db);
  await sql`create unique index rate_orders_one_open on rate_orders (invoice_id)
    where status in ('ACTIVE', 'AWAITING_APPROVAL')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index rate_orders_one_open`.execute(db);
  await sql`create unique index rate_orders_one_active on rate_orders (invoice_id) where status = 'ACTIVE'`.execute(
    db,
  );
  await sql`
    alter table rate_orders
      drop constraint rate_orders_awaiting_check,
      drop constraint rate_orders_open_check,
      drop constraint rate_orders_status_check,
      drop column approval_id,
      add constraint rate_orders_status_check
        check (status in ('ACTIVE', 'FILLED', 'FAILED', 'CANCELLED', 'EXPIRED')),
      add constraint rate_orders_check1 check ((status = 'ACTIVE') = (closed_at is null))`.execute(
    db,
  );
  await sql`drop index approvals_unfinished`.execute(db);
  await sql`alter table approvals drop column run_started_at`.execute(db);
}
