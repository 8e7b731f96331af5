import type { EventType, Language, TeamRole } from '@app/domain';
import type { Executor } from '../../db/database.js';

export interface EventRecipient {
  userId: string;
  email: string;
  language: Language;
  disabledEvents: string[];
}

/** Inserts the event; with a dedupe key already used, inserts nothing and answers false. */
export async function insertDomainEvent(
  db: Executor,
  event: {
    id: string;
    enterpriseId: string;
    type: EventType;
    data: Record<string, unknown>;
    dedupeKey: string | null;
    at: Date;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('domain_events')
    .values({
      id: event.id,
      enterprise_id: event.enterpriseId,
      type: event.type,
      data: JSON.stringify(event.data),
      dedupe_key: event.dedupeKey,
      created_at: event.at,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * The company's active users (only `filter.roles`, never `filter.exceptUserId` when given),
 * with their notification settings (defaults without a row).
 */
export async function findEventRecipients(
  db: Executor,
  enterpriseId: string,
  filter?: { roles: readonly TeamRole[]; exceptUserId?: string },
): Promise<EventRecipient[]> {
  let query = db
    .selectFrom('users')
    .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'notification_settings.language',
      'notification_settings.disabled_events',
    ])
    .where('users.enterprise_id', '=', enterpriseId)
    .where('users.active', '=', true);
  if (filter) {
    query = query.where('users.team_role', 'in', [...filter.roles]);
    if (filter.exceptUserId) query = query.where('users.id', '!=', filter.exceptUserId);
  }
  const rows = await query.orderBy('users.created_at').execute();
  return rows.map((row) => ({
    userId: row.id,
    email: row.email,
    language: row.language ?? 'en',
    disabledEvents: row.disabled_events ?? [],
  }));
}

export async function findNotificationSettings(
  db: Executor,
  userId: string,
): Promise<{ language: Language; disabledEvents: string[] } | undefined> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['language', 'disabled_events'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { language: row.language, disabledEvents: row.disabled_events } : undefined;
}

export async function saveNotificationSettings(
  db: Executor,
  settings: { userId: string; language: Language; disabledEvents: string[]; at: Date },
): Promise<void> {
  const disabled = JSON.stringify(settings.disabledEvents);
  await db
    .insertInto('notification_settings')
    .values({
      user_id: settings.userId,
      language: settings.language,
      disabled_events: disabled,
      updated_at: settings.at,
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        language: settings.language,
        disabled_events: disabled,
        updated_at: settings.at,
      }),
    )
    .execute();
}
