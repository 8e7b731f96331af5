import http from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  type: string;
  data: Record<string, unknown>;
  /** The event's own time (the payload's `timestamp`), by which a receiver orders events. */
  timestamp: string;
  path: string;
  /** The request as received, for a test that verifies it again with another secret. */
  raw: { body: string; headers: Record<string, string> };
}

/**
 * A webhook receiver on a free loopback port, as a customer would write one: it verifies
 * each request with the `standardwebhooks` package (signature and timestamp) against the
 * secret of its path, answers 401 to a bad one, and counts what it accepted once per
 * `webhook-id` (its idempotency key). `failNext` makes the next requests to a path answer
 * 500 before reading them (a receiver that is down).
 */
export async function startWebhookReceiver(): Promise<{
  url(path: string): string;
  setSecret(path: string, secret: string): void;
  failNext(path: string, count: number): void;
  /** Every verified request, in order (a retry or a replay appears again). */
  received: ReceivedWebhook[];
  /** Verified requests per webhook-id. */
  countsById(): Map<string, number>;
  /** Requests refused for a bad signature. */
  refused: number;
  close(): Promise<void>;
}> {
  const secrets = new Map<string, string>();
  const failures = new Map<string, number>();
  const received: ReceivedWebhook[] = [];
  const state = { refused: 0 };
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const failing = failures.get(path) ?? 0;
    if (failing > 0) {
      failures.set(path, failing - 1);
      request.resume();
      response.writeHead(500).end('down');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const secret = secrets.get(path);
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      try {
        if (!secret) throw new Error('no secret for this path');
        const payload = new Webhook(secret).verify(body, headers) as {
          type: string;
          timestamp: string;
          data: Record<string, unknown>;
        };
        received.push({
          id: String(request.headers['webhook-id']),
          type: payload.type,
          data: payload.data,
          timestamp: payload.timestamp,
          path,
          raw: { body, headers },
        });
        response.writeHead(204).end();
      } catch {
        state.refused += 1;
        response.writeHead(401).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('receiver has no port');
  return {
    url: (path) => `http://127.0.0.1:${address.port}${path}`,
    setSecret: (path, secret) => void secrets.set(path, secret),
    failNext: (path, count) => void failures.set(path, count),
    received,
    countsById: () => {
      const counts = new Map<string, number>();
      for (const hook of received) counts.set(hook.id, (counts.get(hook.id) ?? 0) + 1);
      return counts;
    },
    get refused() {
      return state.refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
