import { BUSINESS_TIME_ZONE } from '@app/domain';
import { sql, type Kysely } from 'kysely';

const zone = sql.lit(BUSINESS_TIME_ZONE);

/**
 * The posting triggers run once per statement instead of once per posting. A pay-now writes
 * four postings, three of them to house accounts, and pay-nows made at the same moment are
 * written in one statement (group commit): per posting, the balance trigger looked up a house
 * account to move nothing, and the deferred check summed the same journal four times.
 * Now one trigger reads the statement's postings (a transition table) and:
 * - checks that every journal they belong to sums to zero per currency, with any posting it
 *   had before, and refuses the statement if not (the same error as before, at the statement
 *   rather than at the commit: every writer inserts a journal's postings in one statement);
 * - moves each customer account's cached balance once by what the statement posted to it,
 *   and its day row once per business day, in account id order: the lock order every writer
 *   already used, balance then day rows, so no new deadlock. The CHECK on the balance stays the
 *   funds check, on what the statement nets on the account.
 * Its queries go by index whatever the statistics say (`enable_seqscan = off` for the
 * function): PL/pgSQL keeps each query's plan for the connection's life, and a plan made while
 * `postings` was nearly empty scanned the whole table for each journal once it had grown, until
 * the next ANALYZE (a new database's first minutes of pay-nows took 270 ms a statement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_apply_postings() returns trigger language plpgsql
    set enable_seqscan = off as $$
    declare
      moved record;
      unbalanced uuid;
    begin
      select j.journal_id into unbalanced
      from (select distinct journal_id from inserted) j
      cross join lateral (
        select from postings p where p.journal_id = j.journal_id
        group by p.currency having sum(p.amount) <> 0) bad
      limit 1;
      if found then
        raise exception 'journal % does not balance', unbalanced using errcode = '23514';
      end if;
      for moved in
        select account_id, (created_at at time zone ${zone})::date as day, sum(amount) as amount,
          coalesce(-sum(amount) filter (where amount < 0), 0) as debits,
          coalesce(sum(amount) filter (where amount > 0), 0) as credits, count(*) as movements
        from inserted group by 1, 2 order by 1, 2
      loop
        update ledger_accounts set balance = balance + moved.amount
          where id = moved.account_id and balance is not null;
        if found then
          insert into account_days (account_id, day, debits, credits, movements)
          values (moved.account_id, moved.day, moved.debits, moved.credits, moved.movements)
          on conflict (account_id, day) do update set
            debits = account_days.debits + excluded.debits,
            credits = account_days.credits + excluded.credits,
            movements = account_days.movements + excluded.movements;
        end if;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`drop trigger postings_balanced on postings`.execute(db);
  await sql`drop trigger postings_apply on postings`.execute(db);
  await sql`create trigger postings_apply after insert on postings
    referencing new table as inserted
    for each statement execute function ledger_apply_postings()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger postings_apply on postings`.execute(db);
  await sql`drop function ledger_apply_postings()`.execute(db);
  await sql`create trigger postings_apply after insert on postings
    for each row execute function ledger_apply_posting()`.execute(db);
  await sql`create constraint trigger postings_balanced after insert on postings
    deferrable initially deferred
    for each row execute function ledger_check_journal_balanced()`.execute(db);
}
