import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { checkWebhookTarget, type HostResolver } from './webhook-url.js';

/** One attempt's outcome, as the delivery log shows it. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

const TIMEOUT_MS = 10_000;

/**
 * Sends one signed webhook (Standard Webhooks): `webhook-id` is the event id (the same on
 * every retry and replay, the receiver's idempotency key), `webhook-timestamp` the time of
 * this attempt in Unix seconds (the wall clock: receivers compare it with theirs),
 * `webhook-signature` `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret, separated by
 * a space (the new secret's first; after a rotation the old one signs too for a while).
 *
 * The target is checked again here (a name may now resolve to a private address) and the
 * connection goes to the address that was checked. Redirects are not followed. Any 2xx is
 * delivered; anything else, a timeout or a refusal is a failed attempt.
 */
export async function sendWebhook(options: {
  url: string;
  /** The secrets that sign, the current one first. */
  secrets: readonly string[];
  eventId: string;
  body: string;
  allowLoopback: boolean;
  resolve?: HostResolver;
}): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: Awaited<ReturnType<typeof checkWebhookTarget>>;
  try {
    target = await checkWebhookTarget(options.url, {
      allowLoopback: options.allowLoopback,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      error: `Refused: ${message(error)}`,
    };
  }
  const sentAt = new Date();
  const signature = options.secrets
    .map((secret) => new Webhook(secret).sign(options.eventId, sentAt, options.body))
    .join(' ');
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    const { address, family } = target.address;
    if ((lookupOptions as { all?: boolean }).all) {
      (
        callback as unknown as (
          error: null,
          addresses: Array<{ address: string; family: number }>,
        ) => void
      )(null, [{ address, family }]);
    } else {
      callback(null, address, family);
    }
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
          'user-agent': 'PesosProduce-Webhooks/1',
          'webhook-id': options.eventId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (response) => {
        // The body is not kept; read it to let the connection finish.
        response.resume();
        response.on('end', () => {
          const statusCode = response.statusCode ?? 0;
          const ok = statusCode >= 200 && statusCode < 300;
          resolve({
            ok,
            statusCode,
            durationMs: elapsed(),
            error: ok ? null : `HTTP ${statusCode}`,
          });
        });
        response.on('error', (error) =>
          resolve({
            ok: false,
            statusCode: response.statusCode ?? null,
            durationMs: elapsed(),
            error: message(error),
          }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)),
    );
    request.on('error', (error) =>
      resolve({ ok: false, statusCode: null, durationMs: elapsed(), error: message(error) }),
    );
    request.end(options.body);
  });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
