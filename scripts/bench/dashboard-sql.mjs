/**
 * The dashboard's one statement, as `dashboard.repository.ts` issues it ($1: the enterprise),
 * for the bench's bare pg.Pool route. Keep the two in step.
 */
export const DASHBOARD_SQL = `select
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'USD_AVAILABLE') as usd_available,
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'MXN_AVAILABLE') as mxn_available,
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'USD_FORWARD_DEPOSIT') as usd_held,
  (select count(*) from invoices where enterprise_id = $1 and deleted_at is null and status in ('TO_PAY', 'PARCIAL')) as unassigned_invoices,
  (select count(*) from conversions where enterprise_id = $1 and status = 'SETTLED' and paid_mxn < mxn_cents) as conversions_available,
  (select count(*) from conversions where enterprise_id = $1 and status = 'ACTIVE' and type = 'FORWARD') as forwards_active`;
