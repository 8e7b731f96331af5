import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EventType } from '@app/domain';
import type { Executor } from '../../db/database.js';
import type { WebhookAttemptsTable, WebhookDeliveryStatus } from '../../db/schema.js';

export interface EndpointRow {
  id: string;
  enterprise_id: string;
  url: string;
  events: string[];
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export async function insertEndpoint(
  db: Executor,
  row: {
    id: string;
    enterpriseId: string;
    url: string;
    events: string[];
    secretEncrypted: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: row.id,
      enterprise_id: row.enterpriseId,
      url: row.url,
      events: JSON.stringify(row.events),
      secret_encrypted: row.secretEncrypted,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export async function listEndpoints(db: Executor, enterpriseId: string): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The company's endpoint; another company's id is not found. */
export async function findEndpoint(
  db: Executor,
  enterpriseId: string,
  endpointId: string,
): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
}

/**
 * Puts a new secret in place, the current one kept as the previous until `previousUntil`
 * (a second rotation within the overlap drops the oldest: two secrets at most).
 */
export async function rotateEndpointSecret(
  db: Executor,
  endpointId: string,
  fields: { secretEncrypted: string; previousUntil: Date; at: Date },
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret_encrypted: eb.ref('secret_encrypted'),
      previous_secret_until: fields.previousUntil,
      secret_encrypted: fields.secretEncrypted,
      updated_at: fields.at,
    }))
    .where('id', '=', endpointId)
    .execute();
}

export async function updateEndpoint(
  db: Executor,
  endpointId: string,
  fields: { events?: string[]; secretEncrypted?: string; at: Date },
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({
      ...(fields.events ? { events: JSON.stringify(fields.events) } : {}),
      ...(fields.secretEncrypted ? { secret_encrypted: fields.secretEncrypted } : {}),
      updated_at: fields.at,
    })
    .where('id', '=', endpointId)
    .execute();
}

export async function deleteEndpoint(db: Executor, endpointId: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', endpointId).execute();
}

/** A delivery of the event to each of the company's endpoints that picked its type. */
export async function insertWebhookDeliveries(
  db: Executor,
  event: { enterpriseId: string; eventId: string; eventType: EventType; at: Date },
): Promise<number> {
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enterprise_id', '=', event.enterpriseId)
    .execute();
  const subscribed = endpoints.filter((endpoint) => endpoint.events.includes(event.eventType));
  if (subscribed.length === 0) return 0;
  await db
    .insertInto('webhook_deliveries')
    .values(
      subscribed.map((endpoint) => ({
        id: randomUUID(),
        endpoint_id: endpoint.id,
        event_id: event.eventId,
        status: 'PENDING' as const,
        next_attempt_at: event.at,
        locked_until: null,
        replay_of: null,
        created_at: event.at,
        finished_at: null,
      })),
    )
    .execute();
  return subscribed.length;
}

export interface DueDelivery {
  id: string;
  attempts: number;
  endpointId: string;
  url: string;
  secretEncrypted: string;
  /** The secret before the last rotation while it still signs, else null. */
  previousSecretEncrypted: string | null;
  eventId: string;
  eventType: string;
  eventData: Record<string, unknown>;
  eventAt: Date;
}

/**
 * Leases up to `limit` due deliveries until `lockedUntil` (one sender per delivery, across
 * replicas: `for update skip locked`, and a lease an interrupted sender leaves runs out).
 * The attempt is counted here, before the call.
 */
export async function leaseDueDeliveries(
  db: Executor,
  now: Date,
  lockedUntil: Date,
  limit: number,
): Promise<DueDelivery[]> {
  const leased = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      'in',
      db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'PENDING')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .modifyEnd(sql`for update skip locked`),
    )
    .returning(['id'])
    .execute();
  if (leased.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('domain_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.attempts',
      'e.id as endpoint_id',
      'e.url',
      'e.secret_encrypted',
      'e.previous_secret_encrypted',
      'e.previous_secret_until',
      'v.id as event_id',
      'v.type',
      'v.data',
      'v.created_at as event_at',
    ])
    .where(
      'd.id',
      'in',
      leased.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => ({
    id: row.id,
    attempts: row.attempts,
    endpointId: row.endpoint_id,
    url: row.url,
    secretEncrypted: row.secret_encrypted,
    previousSecretEncrypted:
      row.previous_secret_until !== null && row.previous_secret_until > now
        ? row.previous_secret_encrypted
        : null,
    eventId: row.event_id,
    eventType: row.type,
    eventData: row.data,
    eventAt: row.event_at,
  }));
}

export async function recordAttempt(
  db: Executor,
  attempt: {
    deliveryId: string;
    attempt: number;
    at: Date;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    ok: boolean;
  },
): Promise<void> {
  await db
    .insertInto('webhook_attempts')
    .values({
      id: randomUUID(),
      delivery_id: attempt.deliveryId,
      attempt: attempt.attempt,
      attempted_at: attempt.at,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error ? attempt.error.slice(0, 500) : null,
      ok: attempt.ok,
    })
    .execute();
}

/** After an attempt: delivered, dead, or due again at `nextAttemptAt`; the lease ends. */
export async function finishAttempt(
  db: Executor,
  deliveryId: string,
  outcome: { status: 'DELIVERED' | 'DEAD'; at: Date } | { status: 'PENDING'; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set(
      outcome.status === 'PENDING'
        ? { next_attempt_at: outcome.nextAttemptAt, locked_until: null }
        : {
            status: outcome.status,
            next_attempt_at: null,
            locked_until: null,
            finished_at: outcome.at,
          },
    )
    .where('id', '=', deliveryId)
    .execute();
}

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  replay_of: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export async function listDeliveries(
  db: Executor,
  endpointId: string,
  limit: number,
): Promise<DeliveryView[]> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('domain_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'v.type as event_type',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.replay_of',
      'd.created_at',
      'd.finished_at',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export type AttemptRow = Omit<WebhookAttemptsTable, 'id'>;

export async function listAttempts(db: Executor, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'attempt', 'attempted_at', 'status_code', 'duration_ms', 'error', 'ok'])
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('attempted_at')
    .orderBy('attempt')
    .execute();
}

export async function findDelivery(
  db: Executor,
  endpointId: string,
  deliveryId: string,
): Promise<{ id: string; event_id: string } | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id'])
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
}

/** A replay: a new delivery of the same event (the same webhook-id), due now. */
export async function insertReplay(
  db: Executor,
  replay: { id: string; endpointId: string; eventId: string; replayOf: string; at: Date },
): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: replay.id,
      endpoint_id: replay.endpointId,
      event_id: replay.eventId,
      status: 'PENDING',
      next_attempt_at: replay.at,
      locked_until: null,
      replay_of: replay.replayOf,
      created_at: replay.at,
      finished_at: null,
    })
    .execute();
}
