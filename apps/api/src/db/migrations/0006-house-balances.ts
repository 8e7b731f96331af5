import { sql, type Kysely } from 'kysely';

/**
 * House accounts stop caching a balance. Every money movement posts to a house account
 * (FX, payout clearing, bank), so updating their cached balance made each journal wait for
 * the one before it on those few rows, across all enterprises. Their balance is the sum of
 * their postings; customer accounts keep the cached balance (and the CHECK that keeps it at
 * or above zero), which the posting trigger moves and locks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts alter column balance drop not null`.execute(db);
  await sql`alter table ledger_accounts alter column balance drop default`.execute(db);
  await sql`update ledger_accounts set balance = null where not is_customer`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_only_customers_cache
    check (is_customer = (balance is not null))`.execute(db);
  await sql`
    create or replace function ledger_apply_posting() returns trigger language plpgsql as $$
    begin
      update ledger_accounts set balance = balance + new.amount
        where id = new.account_id and balance is not null;
      return new;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_apply_posting() returns trigger language plpgsql as $$
    begin
      update ledger_accounts set balance = balance + new.amount where id = new.account_id;
      return new;
    end $$`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_only_customers_cache`.execute(
    db,
  );
  await sql`update ledger_accounts a set balance = coalesce(
      (select sum(p.amount) from postings p where p.account_id = a.id), 0)
    where not is_customer`.execute(db);
  await sql`alter table ledger_accounts alter column balance set default 0`.execute(db);
  await sql`alter table ledger_accounts alter column balance set not null`.execute(db);
}
