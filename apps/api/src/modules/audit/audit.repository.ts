import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';

/** SQL of the audit trail. The table only ever takes inserts (a trigger refuses the rest). */

export interface AuditEntryInsert {
  enterpriseId: string | null;
  userId: string | null;
  at: Date;
  ip: string | null;
  userAgent: string | null;
  /** The operation: the route's operationId (`putPaymentRecipient`), or a named event. */
  action: string;
  /** What it acted on: `payment-recipient/<id>`, `users/<id>`, the call's path. */
  entity: string;
  before?: unknown;
  after?: unknown;
  /** `OK`, or the error code of the refusal. */
  outcome: string;
  status: number;
  /** The API key that made the call, when one did. */
  apiKeyId?: string | null;
}

export function auditRow(entry: AuditEntryInsert) {
  return {
    enterprise_id: entry.enterpriseId,
    user_id: entry.userId,
    at: entry.at,
    ip: entry.ip,
    user_agent: entry.userAgent,
    action: entry.action,
    entity: entry.entity,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    outcome: entry.outcome,
    status: entry.status,
    api_key_id: entry.apiKeyId ?? null,
  };
}

/**
 * An `audit` CTE that writes the entry in the statement of the write it describes, when
 * `onlyIf` holds (the write's own condition: a claimed key).
 */
export function auditEntryCte(
  entry: AuditEntryInsert,
  onlyIf: RawBuilder<unknown> = sql`true`,
): RawBuilder<unknown> {
  const row = auditRow(entry);
  return sql`audit as (
    insert into audit_log (enterprise_id, user_id, at, ip, user_agent, action, entity, before,
      after, outcome, status, api_key_id)
    select ${row.enterprise_id}::uuid, ${row.user_id}::uuid, ${row.at}::timestamptz,
      ${row.ip}::text, ${row.user_agent}::text, ${row.action}::text, ${row.entity}::text,
      ${row.before}::jsonb, ${row.after}::jsonb, ${row.outcome}::text, ${row.status}::int,
      ${row.api_key_id}::uuid
    where ${onlyIf})`;
}

export async function insertAuditEntry(db: Executor, entry: AuditEntryInsert): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute();
}

/** Several entries in one statement (one commit). */
export async function insertAuditEntries(
  db: Executor,
  entries: readonly AuditEntryInsert[],
): Promise<void> {
  await db.insertInto('audit_log').values(entries.map(auditRow)).execute();
}

export interface AuditFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  userId?: string | undefined;
}

export interface AuditRow {
  id: bigint;
  at: Date;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  entity: string;
  before: unknown;
  after: unknown;
  outcome: string;
  status: number;
}

function filtered(db: Executor, enterpriseId: string, filter: AuditFilter) {
  let query = db.selectFrom('audit_log as a').where('a.enterprise_id', '=', enterpriseId);
  if (filter.from) query = query.where('a.at', '>=', filter.from);
  if (filter.to) query = query.where('a.at', '<', filter.to);
  if (filter.userId) query = query.where('a.user_id', '=', filter.userId);
  return query;
}

/** A page of the enterprise's entries, newest first (index audit_log_enterprise_at / _user_at). */
export async function listAuditEntries(
  db: Executor,
  enterpriseId: string,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<AuditRow[]> {
  return filtered(db, enterpriseId, filter)
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id as id',
      'a.at as at',
      'a.user_id as userId',
      sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('userName'),
      'u.email as userEmail',
      'a.ip as ip',
      'a.user_agent as userAgent',
      'a.action as action',
      'a.entity as entity',
      'a.before as before',
      'a.after as after',
      'a.outcome as outcome',
      'a.status as status',
    ])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countAuditEntries(
  db: Executor,
  enterpriseId: string,
  filter: AuditFilter,
): Promise<number> {
  const row = await filtered(db, enterpriseId, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
