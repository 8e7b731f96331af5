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
 * balances, counts from indexes (invoices_enterprise_status, conversions_enterprise_created).
 * It reads the invoices' and conversions' tables directly instead of asking those services:
 * the dashboard is the hottest read, and this keeps it to one aggregate statement.
 */
export async function dashboardFigures(
  db: Executor,
  enterpriseId: string,
): Promise<DashboardFigures> {
  const result = await sql<{
    usd_available: bigint | null;
    mxn_available: bigint | null;
    usd_held: bigint | null;
    unassigned_invoices: bigint;
    conversions_available: bigint;
    forwards_active: bigint;
  }>`
    select
      (select balance from ledger_accounts
        where enterprise_id = ${enterpriseId} and kind = 'USD_AVAILABLE') as usd_available,
      (select balance from ledger_accounts
        where enterprise_id = ${enterpriseId} and kind = 'MXN_AVAILABLE') as mxn_available,
      (select balance from ledger_accounts
        where enterprise_id = ${enterpriseId} and kind = 'USD_FORWARD_DEPOSIT') as usd_held,
      (select count(*) from invoices
        where enterprise_id = ${enterpriseId} and deleted_at is null
          and status in ('TO_PAY', 'PARCIAL')) as unassigned_invoices,
      (select count(*) from conversions
        where enterprise_id = ${enterpriseId} and status = 'SETTLED'
          and paid_mxn < mxn_cents) as conversions_available,
      (select count(*) from conversions
        where enterprise_id = ${enterpriseId} and status = 'ACTIVE'
          and type = 'FORWARD') as forwards_active`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('The dashboard query returned no row');
  return {
    usdAvailable: row.usd_available ?? 0n,
    mxnAvailable: row.mxn_available ?? 0n,
    usdHeld: row.usd_held ?? 0n,
    unassignedInvoices: Number(row.unassigned_invoices),
    conversionsAvailable: Number(row.conversions_available),
    forwardsActive: Number(row.forwards_active),
  };
}
