import { BUSINESS_TIME_ZONE } from '@app/domain';
import { sql, type Kysely } from 'kysely';

const zone = sql.lit(BUSINESS_TIME_ZONE);

/**
 * What each customer account moved per business day (America/Mexico_City), kept by the
 * posting trigger: a statement's opening balance and totals read at most a row a day instead
 * of summing every posting of the period (a year of a busy account: 100,000 postings, about
 * 60 ms a statement). Postings are append-only, so each day's row only ever grows. The row is
 * written right after the account's balance, whose lock the transaction already holds: no
 * new lock order. `ledgerInvariantViolations` compares the rows with the postings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table account_days (
      account_id uuid not null references ledger_accounts(id),
      day date not null,
      debits bigint not null default 0 check (debits >= 0),
      credits bigint not null default 0 check (credits >= 0),
      movements bigint not null default 0 check (movements >= 0),
      primary key (account_id, day)
    )`.execute(db);
  await sql`
    insert into account_days (account_id, day, debits, credits, movements)
    select p.account_id, (p.created_at at time zone ${zone})::date,
      coalesce(-sum(p.amount) filter (where p.amount < 0), 0),
      coalesce(sum(p.amount) filter (where p.amount > 0), 0),
      count(*)
    from postings p join ledger_accounts a on a.id = p.account_id
    where a.is_customer
    group by 1, 2`.execute(db);
  await sql`
    create or replace function ledger_apply_posting() returns trigger language plpgsql as $$
    begin
      update ledger_accounts set balance = balance + new.amount
        where id = new.account_id and balance is not null;
      if found then
        insert into account_days (account_id, day, debits, credits, movements)
        values (new.account_id, (new.created_at at time zone ${zone})::date,
          greatest(-new.amount, 0), greatest(new.amount, 0), 1)
        on conflict (account_id, day) do update set
          debits = account_days.debits + excluded.debits,
          credits = account_days.credits + excluded.credits,
          movements = account_days.movements + 1;
      end if;
      return new;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_apply_posting() returns trigger language plpgsql as $$
    begin
      update ledger_accounts set balance = balance + new.amount
        where id = new.account_id and balance is not null;
      return new;
    end $$`.execute(db);
  await sql`drop table account_days`.execute(db);
}
