import { sql, type Selectable } from 'kysely';
import type { TeamRole } from '@app/domain';
import type { Executor } from '../../db/database.js';
import type {
  ApprovalLevelRow,
  ApprovalSignoffRow,
  ApprovalStatus,
  ApprovalsTable,
} from '../../db/schema.js';

/** SQL of team controls: settings, members' roles and approvals. Tenant-scoped throughout. */

export interface TeamSettingsRow {
  approval_threshold_usd_cents: bigint | null;
  approval_expiry_hours: number;
  cooling_off_hours: number;
  approval_levels: ApprovalLevelRow[];
}

export async function findTeamSettings(
  db: Executor,
  enterpriseId: string,
): Promise<TeamSettingsRow | undefined> {
  return db
    .selectFrom('enterprises')
    .select([
      'approval_threshold_usd_cents',
      'approval_expiry_hours',
      'cooling_off_hours',
      'approval_levels',
    ])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
}

/** What deciding on an approval hold needs. */
export interface HoldContext {
  settings: TeamSettingsRow | undefined;
  keyHasApproval: boolean;
}

/**
 * What deciding on a hold needs, in one round trip (every money call asks): the company's
 * settings, and whether an approval was already asked for with this Idempotency-Key.
 */
export async function findHoldContext(
  db: Executor,
  enterpriseId: string,
  kind: string,
  idempotencyKey: string | null,
): Promise<HoldContext> {
  const row = await db
    .selectFrom('enterprises as e')
    .select([
      'approval_threshold_usd_cents',
      'approval_expiry_hours',
      'cooling_off_hours',
      'approval_levels',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('approvals as a')
            .select('a.id')
            .whereRef('a.enterprise_id', '=', 'e.id')
            .where('a.kind', '=', kind)
            .where('a.idempotency_key', '=', idempotencyKey),
        )
        .as('key_has_approval'),
    )
    .where('e.id', '=', enterpriseId)
    .executeTakeFirst();
  if (!row) return { settings: undefined, keyHasApproval: false };
  const { key_has_approval: keyHasApproval, ...settings } = row;
  return { settings, keyHasApproval: Boolean(keyHasApproval) };
}

export async function updateTeamSettings(
  db: Executor,
  enterpriseId: string,
  settings: TeamSettingsRow,
): Promise<void> {
  await db
    .updateTable('enterprises')
    .set({ ...settings, approval_levels: JSON.stringify(settings.approval_levels) })
    .where('id', '=', enterpriseId)
    .execute();
}

/** The e-mail addresses of the company's active ADMINs (a bank change is told to each). */
export async function adminEmails(db: Executor, enterpriseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('enterprise_id', '=', enterpriseId)
    .where('team_role', '=', 'ADMIN')
    .where('active', '=', true)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

/**
 * Locks the company's active ADMIN rows and counts those other than `userId`: a change that
 * would leave no active ADMIN is refused even when two ADMINs demote each other at once.
 */
export async function lockOtherActiveAdmins(
  db: Executor,
  enterpriseId: string,
  userId: string,
): Promise<number> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where('team_role', '=', 'ADMIN')
    .where('active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.filter((row) => row.id !== userId).length;
}

export async function findMemberForUpdate(db: Executor, enterpriseId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'team_role', 'active'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateMemberAccess(
  db: Executor,
  enterpriseId: string,
  userId: string,
  access: { teamRole?: TeamRole | undefined; active?: boolean | undefined },
): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({
      ...(access.teamRole === undefined
        ? {}
        : { team_role: access.teamRole, is_manager: access.teamRole === 'ADMIN' }),
      ...(access.active === undefined ? {} : { active: access.active }),
    })
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An approval as `selectApprovals` reads it: its row and the names of the two users. */
export interface ApprovalRow extends Selectable<ApprovalsTable> {
  requested_by_name: string;
  decided_by_name: string | null;
}

function selectApprovals(db: Executor) {
  return db
    .selectFrom('approvals as a')
    .innerJoin('users as r', 'r.id', 'a.requested_by')
    .leftJoin('users as d', 'd.id', 'a.decided_by')
    .selectAll('a')
    .select([
      sql<string>`r.first_name || ' ' || r.last_name`.as('requested_by_name'),
      sql<string | null>`d.first_name || ' ' || d.last_name`.as('decided_by_name'),
    ]);
}

/** The columns of a new approval: all but its status and decision, which start empty. */
type ApprovalRequestColumns = Omit<
  ApprovalsTable,
  | 'request_body'
  | 'status'
  | 'decided_by'
  | 'decided_at'
  | 'reason'
  | 'result_body'
  | 'failure_code'
  | 'run_started_at'
  | 'signoffs'
  | 'required_approvers'
> & { request_body: string; required_approvers: number };

export async function insertApproval(db: Executor, row: ApprovalRequestColumns): Promise<boolean> {
  const result = await db
    .insertInto('approvals')
    .values({
      ...row,
      decided_by: null,
      decided_at: null,
      reason: null,
      result_body: null,
      failure_code: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['enterprise_id', 'kind', 'idempotency_key'])
        .where('idempotency_key', 'is not', null)
        .doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findApproval(
  db: Executor,
  enterpriseId: string,
  approvalId: string,
): Promise<ApprovalRow | undefined> {
  return selectApprovals(db)
    .where('a.enterprise_id', '=', enterpriseId)
    .where('a.id', '=', approvalId)
    .executeTakeFirst() as Promise<ApprovalRow | undefined>;
}

export async function findApprovalByKey(
  db: Executor,
  enterpriseId: string,
  kind: string,
  idempotencyKey: string,
): Promise<ApprovalRow | undefined> {
  return selectApprovals(db)
    .where('a.enterprise_id', '=', enterpriseId)
    .where('a.kind', '=', kind)
    .where('a.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst() as Promise<ApprovalRow | undefined>;
}

/** The approval's row, locked until the transaction ends (one decision at a time). */
export async function lockApproval(
  db: Executor,
  enterpriseId: string,
  approvalId: string,
): Promise<
  | {
      status: ApprovalStatus;
      requested_by: string;
      expires_at: Date;
      run_started_at: Date | null;
      required_approvers: number;
      signoffs: ApprovalSignoffRow[];
    }
  | undefined
> {
  return db
    .selectFrom('approvals')
    .select([
      'status',
      'requested_by',
      'expires_at',
      'run_started_at',
      'required_approvers',
      'signoffs',
    ])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', approvalId)
    .forUpdate()
    .executeTakeFirst();
}

/** Records one more approver's sign-off of a locked PENDING approval. */
export async function addSignoff(
  db: Executor,
  approvalId: string,
  signoffs: readonly ApprovalSignoffRow[],
): Promise<void> {
  await db
    .updateTable('approvals')
    .set({ signoffs: JSON.stringify(signoffs) })
    .where('id', '=', approvalId)
    .execute();
}

export async function decideApproval(
  db: Executor,
  approvalId: string,
  decision: {
    status: ApprovalStatus;
    decided_by?: string;
    decided_at?: Date;
    reason?: string | null;
    run_started_at?: Date;
  },
): Promise<void> {
  await db.updateTable('approvals').set(decision).where('id', '=', approvalId).execute();
}

/**
 * Records how an APPROVED request's run ended (EXECUTED with its answer, or FAILED with the
 * error code); answers false when another run recorded it first.
 */
export async function finishApproval(
  db: Executor,
  approvalId: string,
  outcome: { status: 'EXECUTED'; result_body: string } | { status: 'FAILED'; failure_code: string },
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set(outcome)
    .where('id', '=', approvalId)
    .where('status', '=', 'APPROVED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** APPROVED requests whose latest run began before `startedBefore`: cut short, oldest first. */
export async function findUnfinishedApprovals(
  db: Executor,
  startedBefore: Date,
  limit: number,
): Promise<Array<{ id: string; enterprise_id: string }>> {
  return db
    .selectFrom('approvals')
    .select(['id', 'enterprise_id'])
    .where('status', '=', 'APPROVED')
    .where('run_started_at', '<=', startedBefore)
    .orderBy('run_started_at')
    .limit(limit)
    .execute();
}

/**
 * Claims the next run of an APPROVED request whose latest run began before `startedBefore`
 * (moving its start to `now`); undefined when it finished or another run claimed it.
 */
export async function claimUnfinishedRun(
  db: Executor,
  enterpriseId: string,
  approvalId: string,
  startedBefore: Date,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set({ run_started_at: now })
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', approvalId)
    .where('status', '=', 'APPROVED')
    .where('run_started_at', '<=', startedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The maker and the checker of an approval, as e-mails address them. */
export async function findApprovalPeople(
  db: Executor,
  enterpriseId: string,
  userIds: string[],
): Promise<Array<{ email: string; first_name: string; language: string | null }>> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
    .select(['users.email', 'users.first_name', 'notification_settings.language'])
    .where('users.enterprise_id', '=', enterpriseId)
    .where('users.id', 'in', userIds)
    .where('users.active', '=', true)
    .orderBy('users.id')
    .execute();
}

export async function listApprovals(
  db: Executor,
  enterpriseId: string,
  filter: { status?: ApprovalStatus | undefined; offset: number; limit: number },
): Promise<ApprovalRow[]> {
  let query = selectApprovals(db).where('a.enterprise_id', '=', enterpriseId);
  if (filter.status) query = query.where('a.status', '=', filter.status);
  return query
    .orderBy('a.requested_at', 'desc')
    .orderBy('a.id')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute() as Promise<ApprovalRow[]>;
}

export async function countApprovals(
  db: Executor,
  enterpriseId: string,
  status?: ApprovalStatus,
): Promise<number> {
  let query = db
    .selectFrom('approvals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('enterprise_id', '=', enterpriseId);
  if (status) query = query.where('status', '=', status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Pending approvals past their time become EXPIRED; answers how many. */
export async function expireDueApprovals(db: Executor, now: Date): Promise<number> {
  const result = await db
    .updateTable('approvals')
    .set({ status: 'EXPIRED', decided_at: now })
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Suppliers an approval names, read to describe it (deleted ones too: it may name one). */
export async function findRecipientsByIds(db: Executor, enterpriseId: string, ids: string[]) {
  const uuids = ids.filter((id) => UUID_PATTERN.test(id));
  if (uuids.length === 0) return [];
  return db
    .selectFrom('payment_recipients')
    .select(['id', 'name', 'email', 'bank_name', 'clabe', 'tax_id', 'entity_business'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', 'in', uuids)
    .execute();
}

/** Invoices an approval names, with their supplier, read to describe it. */
export async function findInvoicesByIds(db: Executor, enterpriseId: string, ids: string[]) {
  const uuids = ids.filter((id) => UUID_PATTERN.test(id));
  if (uuids.length === 0) return [];
  return db
    .selectFrom('invoices')
    .select(['id', 'invoice_name', 'total_mxn', 'assigned_mxn', 'payment_recipient_id'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', 'in', uuids)
    .execute();
}

/** Suppliers waiting for an approval (new ones, and new bank accounts), oldest first. */
export async function listPendingSupplierApprovals(db: Executor, enterpriseId: string) {
  return db
    .selectFrom('approvals')
    .select(['id', 'kind', 'request_body', 'requested_at'])
    .where('enterprise_id', '=', enterpriseId)
    .where('status', '=', 'PENDING')
    .where('kind', 'in', ['SUPPLIER_CREATE', 'SUPPLIER_UPDATE'])
    .orderBy('requested_at')
    .limit(200)
    .execute();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
