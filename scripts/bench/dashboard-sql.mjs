/**
 * The dashboard's one statement, as `dashboard.repository.ts` issues it ($1: the enterprise),
 * for the bench's bare pg.Pool route. Keep the two in step.
 */
export const DASHBOARD_SQL = `select
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'USD_AVAILABLE') as usd_available,
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'MXN_AVAILABLE') as mxn_available,
  (select balance from ledger_accounts where enterprise_id = $1 and kind = 'USD_FORWARD_DEPOSIT') as usd_held,
  c.open_invoices as unassigned_invoices, c.conversions_available, c.forwards_active
  from (select 1) as one left join enterprise_counts c on c.enterprise_id = $1`;
