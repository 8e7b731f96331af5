import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export interface DashboardFigures {
  usdAvailable: bigint;
  mxnAvailable: bigint;
  usdHeld: bigint;
  unassignedInvoices: number;
  conversionsAvailable: number;
  forwardsActive: number;
}

/**
 * Every figure of the dashboard in one round trip: balances from the cached account
 * balances, counts from the enterprise's `enterprise_counts` row (kept by triggers, see
 * migration 0007). It reads those tables directly instead of asking the invoices' and
 * conversions' services: the dashboard is the hottest read, and this keeps it to one
 * statement that looks up four rows.
 */
export async function dashboardFigures(
  db: Executor,
  enterpriseId: string,
): Promise<DashboardFigures> {
  const result = await sql<{
    usd_available: bigint | null;
    mxn_available: bigint | null;
    usd_held: bigint | null;
    unassigned_invoices: bigint | null;
    conversions_available: bigint | null;
    forwards_active: bigint | null;
  }>`
    select
      (select balance from ledger_accounts
        where enterprise_id = ${enterpriseId} and kind = 'USD_AVAILABLE') as usd_available,
      (select balance from ledger_accounts
        where enterprise_id = ${enterpriseId} and kind = 'MXN_AVAILABLE') as mxn_available,
      (select balance from ledger_accounts
        where enterprise_id = ${enterpriseId} and kind = 'USD_FORWARD_DEPOSIT') as usd_held,
      c.open_invoices as unassigned_invoices,
      c.conversions_available,
      c.forwards_active
    from (select 1) as one
    left join enterprise_counts c on c.enterprise_id = ${enterpriseId}`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('The dashboard query returned no row');
  return {
    usdAvailable: row.usd_available ?? 0n,
    mxnAvailable: row.mxn_available ?? 0n,
    usdHeld: row.usd_held ?? 0n,
    unassignedInvoices: Number(row.unassigned_invoices ?? 0n),
    conversionsAvailable: Number(row.conversions_available ?? 0n),
    forwardsActive: Number(row.forwards_active ?? 0n),
  };
}

/**
 * Enterprises whose stored dashboard counts differ from counting their invoices and
 * conversions (an enterprise with no counts row counts zero everywhere).
 */
export async function dashboardCountViolations(db: Executor): Promise<string[]> {
  const result = await sql<{ enterprise_id: string; stored: string; counted: string }>`
    with counted as (
      select e.id as enterprise_id,
        (select count(*) from invoices i where i.enterprise_id = e.id
          and i.deleted_at is null and i.status in ('TO_PAY', 'PARCIAL')) as open_invoices,
        (select count(*) from conversions v where v.enterprise_id = e.id
          and v.status = 'SETTLED' and v.paid_mxn < v.mxn_cents) as conversions_available,
        (select count(*) from conversions v where v.enterprise_id = e.id
          and v.status = 'ACTIVE' and v.type = 'FORWARD') as forwards_active
      from enterprises e
    )
    select n.enterprise_id,
      concat_ws('/', coalesce(c.open_invoices, 0), coalesce(c.conversions_available, 0),
        coalesce(c.forwards_active, 0)) as stored,
      concat_ws('/', n.open_invoices, n.conversions_available, n.forwards_active) as counted
    from counted n left join enterprise_counts c on c.enterprise_id = n.enterprise_id
    where (coalesce(c.open_invoices, 0), coalesce(c.conversions_available, 0),
        coalesce(c.forwards_active, 0))
      is distinct from (n.open_invoices, n.conversions_available, n.forwards_active)`.execute(db);
  return result.rows.map(
    (row) =>
      `enterprise ${row.enterprise_id} stores counts ${row.stored} but has ${row.counted}` +
      ' (open invoices/available conversions/active forwards)',
  );
}
