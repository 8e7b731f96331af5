// Bulk ledger rows for the benches, loaded as pg_restore --disable-triggers does it: in a
// transaction with `session_replication_role = replica`, then the rows the triggers would have
// kept written once from the data (ledgerViolations checks them after the run).

/**
 * A deposit journal every 5¼ minutes back from now (`count` of them: 100,000 is a year), each
 * with two postings: the enterprise's USD and the house bank.
 */
export const depositsSql = (enterpriseId, count) => `
  with j as (
    insert into journals (id, enterprise_id, kind, description, reference, created_at)
    select gen_random_uuid(), '${enterpriseId}', 'ADD_FUNDS', 'Bench deposit', 'BENCH-' || g,
      now() - ((g * 315) || ' seconds')::interval
    from generate_series(1, ${count}) g
    returning id, created_at)
  insert into postings (journal_id, account_id, currency, amount, created_at)
  select j.id, a.id, 'USD', case when a.is_customer then 100 else -100 end, j.created_at
  from j cross join (select id, is_customer from ledger_accounts
    where (enterprise_id = '${enterpriseId}' and kind = 'USD_AVAILABLE')
       or (enterprise_id is null and kind = 'HOUSE_BANK_USD')) a
  order by a.id`;

/** After such a load: the enterprise's cached balances and day rows (migration 0018), $1 its id. */
export const BALANCES_AND_DAYS_SQL = [
  `update ledger_accounts a
      set balance = (select coalesce(sum(p.amount), 0) from postings p where p.account_id = a.id)
    where a.enterprise_id = $1::uuid and a.is_customer`,
  `insert into account_days (account_id, day, debits, credits, movements)
   select p.account_id, (p.created_at at time zone 'America/Mexico_City')::date,
     coalesce(-sum(p.amount) filter (where p.amount < 0), 0),
     coalesce(sum(p.amount) filter (where p.amount > 0), 0), count(*)
   from postings p join ledger_accounts a on a.id = p.account_id
   where a.enterprise_id = $1::uuid and a.is_customer
   group by 1, 2
   on conflict (account_id, day) do update set debits = excluded.debits,
     credits = excluded.credits, movements = excluded.movements`,
];
