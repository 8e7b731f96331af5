import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's three counts kept in a row per enterprise, so the hottest read looks up one
 * row instead of counting 10,000 index entries (2–3 ms a request on PGlite, in the server's
 * own thread). Triggers on invoices and conversions keep them:
 * - a row counts when it enters or leaves a count (insert, delete, a status, a soft delete,
 *   a conversion paid in full), not on every change;
 * - the triggers are deferred to the commit, so a transaction takes the counts row's lock
 *   last, after its ledger and invoice locks, and no lock order changes (no new deadlock);
 *   the lock is held only for the commit.
 * `dashboardCountViolations` compares them with the live counts; tests and the fault runs
 * check it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table enterprise_counts (
      enterprise_id uuid primary key references enterprises(id),
      open_invoices bigint not null default 0 check (open_invoices >= 0),
      conversions_available bigint not null default 0 check (conversions_available >= 0),
      forwards_active bigint not null default 0 check (forwards_active >= 0)
    )`.execute(db);
  await sql`
    create function enterprise_counts_add(
      enterprise uuid, open_delta bigint, available_delta bigint, forwards_delta bigint
    ) returns void language plpgsql as $$
    begin
      if open_delta = 0 and available_delta = 0 and forwards_delta = 0 then return; end if;
      update enterprise_counts set
          open_invoices = open_invoices + open_delta,
          conversions_available = conversions_available + available_delta,
          forwards_active = forwards_active + forwards_delta
        where enterprise_id = enterprise;
      if found then return; end if;
      -- The enterprise's first counted row: nothing counted before, so every delta is >= 0
      -- (an upsert would check the insert's values, a negative delta, against the CHECKs).
      insert into enterprise_counts as c
        (enterprise_id, open_invoices, conversions_available, forwards_active)
        values (enterprise, open_delta, available_delta, forwards_delta)
      on conflict (enterprise_id) do update set
        open_invoices = c.open_invoices + excluded.open_invoices,
        conversions_available = c.conversions_available + excluded.conversions_available,
        forwards_active = c.forwards_active + excluded.forwards_active;
    end $$`.execute(db);
  // An invoice counts while it is live and To pay or Partial (nothing or part assigned).
  await sql`
    create function invoices_count_change() returns trigger language plpgsql as $$
    declare
      was_open int := 0;
      is_open int := 0;
      same_enterprise boolean := false;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        if old.deleted_at is null and old.status in ('TO_PAY', 'PARCIAL') then
          was_open := 1;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        if new.deleted_at is null and new.status in ('TO_PAY', 'PARCIAL') then
          is_open := 1;
        end if;
      end if;
      if tg_op = 'UPDATE' then
        same_enterprise := old.enterprise_id = new.enterprise_id;
      end if;
      if same_enterprise then
        perform enterprise_counts_add(new.enterprise_id, is_open - was_open, 0, 0);
      else
        if tg_op <> 'INSERT' then
          perform enterprise_counts_add(old.enterprise_id, -was_open, 0, 0);
        end if;
        if tg_op <> 'DELETE' then
          perform enterprise_counts_add(new.enterprise_id, is_open, 0, 0);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  // A conversion is available while settled and not paid in full; a forward is active until
  // it settles.
  await sql`
    create function conversions_count_change() returns trigger language plpgsql as $$
    declare
      was_available int := 0;
      is_available int := 0;
      was_forward int := 0;
      is_forward int := 0;
      same_enterprise boolean := false;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        if old.status = 'SETTLED' and old.paid_mxn < old.mxn_cents then was_available := 1; end if;
        if old.status = 'ACTIVE' and old.type = 'FORWARD' then was_forward := 1; end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        if new.status = 'SETTLED' and new.paid_mxn < new.mxn_cents then is_available := 1; end if;
        if new.status = 'ACTIVE' and new.type = 'FORWARD' then is_forward := 1; end if;
      end if;
      if tg_op = 'UPDATE' then
        same_enterprise := old.enterprise_id = new.enterprise_id;
      end if;
      if same_enterprise then
        perform enterprise_counts_add(new.enterprise_id, 0,
          is_available - was_available, is_forward - was_forward);
      else
        if tg_op <> 'INSERT' then
          perform enterprise_counts_add(old.enterprise_id, 0, -was_available, -was_forward);
        end if;
        if tg_op <> 'DELETE' then
          perform enterprise_counts_add(new.enterprise_id, 0, is_available, is_forward);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  // Fired per row at commit, only for rows whose counted columns changed.
  await sql`
    create constraint trigger invoices_count after insert or delete on invoices
      deferrable initially deferred for each row execute function invoices_count_change()`.execute(
    db,
  );
  await sql`
    create constraint trigger invoices_count_update
      after update of status, deleted_at, enterprise_id on invoices
      deferrable initially deferred for each row execute function invoices_count_change()`.execute(
    db,
  );
  await sql`
    create constraint trigger conversions_count after insert or delete on conversions
      deferrable initially deferred for each row execute function conversions_count_change()`.execute(
    db,
  );
  await sql`
    create constraint trigger conversions_count_update
      after update of status, type, paid_mxn, mxn_cents, enterprise_id on conversions
      deferrable initially deferred for each row execute function conversions_count_change()`.execute(
    db,
  );
  await sql`
    insert into enterprise_counts (enterprise_id, open_invoices, conversions_available, forwards_active)
    select e.id,
      (select count(*) from invoices i where i.enterprise_id = e.id and i.deleted_at is null
        and i.status in ('TO_PAY', 'PARCIAL')),
      (select count(*) from conversions c where c.enterprise_id = e.id and c.status = 'SETTLED'
        and c.paid_mxn < c.mxn_cents),
      (select count(*) from conversions c where c.enterprise_id = e.id and c.status = 'ACTIVE'
        and c.type = 'FORWARD')
    from enterprises e`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger conversions_count_update on conversions`.execute(db);
  await sql`drop trigger conversions_count on conversions`.execute(db);
  await sql`drop trigger invoices_count_update on invoices`.execute(db);
  await sql`drop trigger invoices_count on invoices`.execute(db);
  await sql`drop function conversions_count_change()`.execute(db);
  await sql`drop function invoices_count_change()`.execute(db);
  await sql`drop function enterprise_counts_add(uuid, bigint, bigint, bigint)`.execute(db);
  await sql`drop table enterprise_counts`.execute(db);
}
