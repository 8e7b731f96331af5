import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventType } from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/auth.service.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './webhooks.repository.js';
import type { SecretBox } from '../../secrets/secret-box.js';
import { sendWebhook } from './webhook-sender.js';
import { checkWebhookTarget, WebhookUrlRefused, type HostResolver } from './webhook-url.js';

/** Endpoints one company may have. */
export const MAX_ENDPOINTS = 10;
/** Deliveries one sweep sends (side by side), and how long it holds each. */
const SWEEP_BATCH = 10;
const LEASE_MS = 60_000;

/**
 * Who may manage the company's webhook endpoints (register, change, delete, rotate the
 * secret, replay): its ADMINs (the route table refuses the other roles first).
 */
export function mayManageWebhooks(principal: Principal): boolean {
  return principal.user.sTeamRole === 'ADMIN';
}

/**
 * Seconds before the next attempt after `attempts` failed ones: 5 s, then ×4 each time,
 * at most 10 hours (with 9 attempts the last is about 18 hours after the event).
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(5 * 4 ** Math.max(0, attempts - 1), 36_000);
}

export interface ApiEndpoint {
  sEndpointId: string;
  sUrl: string;
  aEvents: EventType[];
  dCreatedAt: string;
  dUpdatedAt: string;
  /** Until when the secret before the last rotation also signs; null when it no longer does. */
  dPreviousSecretUntil: string | null;
}

export interface ApiDelivery {
  sDeliveryId: string;
  sEventId: string;
  sEventType: string;
  sStatus: 'PENDING' | 'DELIVERED' | 'DEAD';
  iAttempts: number;
  dNextAttemptAt: string | null;
  sReplayOf: string | null;
  dCreatedAt: string;
  dFinishedAt: string | null;
  attempts: Array<{
    iAttempt: number;
    dAttemptedAt: string;
    iStatusCode: number | null;
    iDurationMs: number;
    sError: string | null;
    bOk: boolean;
  }>;
}

/** How long a rotated-out secret keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new signing secret: `whsec_` and base64 of 24 random bytes (Standard Webhooks). */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly settings: {
      allowLoopback: boolean;
      maxAttempts: number;
      resolve?: HostResolver;
    },
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async checkUrl(url: string): Promise<void> {
    try {
      await checkWebhookTarget(url, {
        allowLoopback: this.settings.allowLoopback,
        ...(this.settings.resolve ? { resolve: this.settings.resolve } : {}),
      });
    } catch (error) {
      if (error instanceof WebhookUrlRefused) {
        throw new AppError('WEBHOOK_URL_REFUSED', { field: 'sUrl' });
      }
      throw error;
    }
  }

  private async requireEndpoint(enterpriseId: string, endpointId: string) {
    if (!isUuid(endpointId)) throw new AppError('NOT_FOUND', { field: 'sEndpointId' });
    const endpoint = await repo.findEndpoint(this.db, enterpriseId, endpointId.toLowerCase());
    if (!endpoint) throw new AppError('NOT_FOUND', { field: 'sEndpointId' });
    return endpoint;
  }

  async create(
    enterpriseId: string,
    input: { url: string; events: EventType[] },
  ): Promise<ApiEndpoint & { sSecret: string }> {
    await this.checkUrl(input.url);
    const secret = newSecret();
    const id = randomUUID();
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      const existing = await repo.listEndpoints(trx, enterpriseId);
      if (existing.length >= MAX_ENDPOINTS) {
        throw new AppError('INVALID_STATE', { field: 'sUrl' });
      }
      await repo.insertEndpoint(trx, {
        id,
        enterpriseId,
        url: input.url,
        events: unique(input.events),
        secretEncrypted: this.box.seal(secret),
        at,
      });
    });
    const endpoint = await this.requireEndpoint(enterpriseId, id);
    return { ...toApiEndpoint(endpoint, this.now()), sSecret: secret };
  }

  async list(enterpriseId: string): Promise<ApiEndpoint[]> {
    return (await repo.listEndpoints(this.db, enterpriseId)).map((row) =>
      toApiEndpoint(row, this.now()),
    );
  }

  async updateEvents(
    enterpriseId: string,
    endpointId: string,
    events: EventType[],
  ): Promise<ApiEndpoint> {
    const endpoint = await this.requireEndpoint(enterpriseId, endpointId);
    await repo.updateEndpoint(this.db, endpoint.id, { events: unique(events), at: this.now() });
    return toApiEndpoint(await this.requireEndpoint(enterpriseId, endpoint.id), this.now());
  }

  async remove(enterpriseId: string, endpointId: string): Promise<void> {
    const endpoint = await this.requireEndpoint(enterpriseId, endpointId);
    await repo.deleteEndpoint(this.db, endpoint.id);
  }

  /**
   * A new secret (shown once, like at creation). The old one keeps signing beside it for
   * SECRET_OVERLAP_MS, so a consumer still verifying with it accepts every delivery until it
   * switches; then only the new one signs.
   */
  async rotateSecret(
    enterpriseId: string,
    endpointId: string,
  ): Promise<ApiEndpoint & { sSecret: string }> {
    const endpoint = await this.requireEndpoint(enterpriseId, endpointId);
    const secret = newSecret();
    const at = this.now();
    await repo.rotateEndpointSecret(this.db, endpoint.id, {
      secretEncrypted: this.box.seal(secret),
      previousUntil: new Date(at.getTime() + SECRET_OVERLAP_MS),
      at,
    });
    return {
      ...toApiEndpoint(await this.requireEndpoint(enterpriseId, endpoint.id), this.now()),
      sSecret: secret,
    };
  }

  /** The endpoint's latest deliveries (newest first), each with its attempts. */
  async deliveries(enterpriseId: string, endpointId: string): Promise<ApiDelivery[]> {
    const endpoint = await this.requireEndpoint(enterpriseId, endpointId);
    const deliveries = await repo.listDeliveries(this.db, endpoint.id, 100);
    const attempts = await repo.listAttempts(
      this.db,
      deliveries.map((delivery) => delivery.id),
    );
    return deliveries.map((delivery) => ({
      sDeliveryId: delivery.id,
      sEventId: delivery.event_id,
      sEventType: delivery.event_type,
      sStatus: delivery.status,
      iAttempts: delivery.attempts,
      dNextAttemptAt: delivery.next_attempt_at ? iso(delivery.next_attempt_at) : null,
      sReplayOf: delivery.replay_of,
      dCreatedAt: iso(delivery.created_at),
      dFinishedAt: delivery.finished_at ? iso(delivery.finished_at) : null,
      attempts: attempts
        .filter((attempt) => attempt.delivery_id === delivery.id)
        .map((attempt) => ({
          iAttempt: attempt.attempt,
          dAttemptedAt: iso(attempt.attempted_at),
          iStatusCode: attempt.status_code,
          iDurationMs: attempt.duration_ms,
          sError: attempt.error,
          bOk: attempt.ok,
        })),
    }));
  }

  /** Sends the delivery's event again, as a new delivery with the same webhook-id. */
  async replay(enterpriseId: string, endpointId: string, deliveryId: string): Promise<ApiDelivery> {
    const endpoint = await this.requireEndpoint(enterpriseId, endpointId);
    if (!isUuid(deliveryId)) throw new AppError('NOT_FOUND', { field: 'sDeliveryId' });
    const original = await repo.findDelivery(this.db, endpoint.id, deliveryId.toLowerCase());
    if (!original) throw new AppError('NOT_FOUND', { field: 'sDeliveryId' });
    const id = randomUUID();
    await repo.insertReplay(this.db, {
      id,
      endpointId: endpoint.id,
      eventId: original.event_id,
      replayOf: original.id,
      at: this.now(),
    });
    const all = await this.deliveries(enterpriseId, endpoint.id);
    const replay = all.find((delivery) => delivery.sDeliveryId === id);
    if (!replay) throw new AppError('NOT_FOUND', { field: 'sDeliveryId' });
    return replay;
  }

  /**
   * The `webhooks.deliver` job: sends due deliveries until none is due (each leased by one
   * sender), records each attempt, and schedules a failed one again with backoff; after
   * `maxAttempts` it is dead (a replay sends it again). Answers how many were attempted.
   */
  async deliverDue(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const now = this.now();
      const due = await repo.leaseDueDeliveries(
        this.db,
        now,
        new Date(now.getTime() + LEASE_MS),
        SWEEP_BATCH,
      );
      if (due.length === 0) return attempted;
      await Promise.all(due.map((delivery) => this.attempt(delivery)));
      attempted += due.length;
    }
  }

  private async attempt(delivery: repo.DueDelivery): Promise<void> {
    const at = this.now();
    let secret: string | undefined;
    try {
      secret = this.box.open(delivery.secretEncrypted);
    } catch {
      secret = undefined;
    }
    const body = JSON.stringify({
      type: delivery.eventType,
      timestamp: delivery.eventAt.toISOString(),
      data: delivery.eventData,
    });
    let previous: string | undefined;
    try {
      previous = delivery.previousSecretEncrypted
        ? this.box.open(delivery.previousSecretEncrypted)
        : undefined;
    } catch {
      // An old secret sealed with a key since replaced: the new one alone signs.
      previous = undefined;
    }
    const outcome = secret
      ? await sendWebhook({
          url: delivery.url,
          secrets: previous ? [secret, previous] : [secret],
          eventId: delivery.eventId,
          body,
          allowLoopback: this.settings.allowLoopback,
          ...(this.settings.resolve ? { resolve: this.settings.resolve } : {}),
        })
      : {
          ok: false,
          statusCode: null,
          durationMs: 0,
          error: 'The signing secret cannot be read (the key changed): rotate the secret',
        };
    await this.db.transaction().execute(async (trx) => {
      await repo.recordAttempt(trx, {
        deliveryId: delivery.id,
        attempt: delivery.attempts,
        at,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        ok: outcome.ok,
      });
      const finishedAt = this.now();
      if (outcome.ok) {
        await repo.finishAttempt(trx, delivery.id, { status: 'DELIVERED', at: finishedAt });
      } else if (delivery.attempts >= this.settings.maxAttempts) {
        await repo.finishAttempt(trx, delivery.id, { status: 'DEAD', at: finishedAt });
      } else {
        await repo.finishAttempt(trx, delivery.id, {
          status: 'PENDING',
          nextAttemptAt: new Date(
            finishedAt.getTime() + retryDelaySeconds(delivery.attempts) * 1000,
          ),
        });
      }
    });
    if (!outcome.ok) {
      this.log.info(
        { deliveryId: delivery.id, endpointId: delivery.endpointId, attempt: delivery.attempts },
        `Webhook delivery failed: ${outcome.error ?? 'unknown'}`,
      );
    }
  }
}

function toApiEndpoint(row: repo.EndpointRow, now: Date): ApiEndpoint {
  const previousUntil = row.previous_secret_until;
  return {
    sEndpointId: row.id,
    sUrl: row.url,
    aEvents: row.events as EventType[],
    dCreatedAt: iso(row.created_at),
    dUpdatedAt: iso(row.updated_at),
    dPreviousSecretUntil:
      previousUntil !== null && new Date(previousUntil) > now ? iso(previousUntil) : null,
  };
}

function iso(value: Date): string {
  return new Date(value).toISOString();
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
