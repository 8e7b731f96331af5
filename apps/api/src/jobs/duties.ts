import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { deleteExpiredIdempotencyKeys } from '../ledger/money-write.js';
import { deleteEndedAttemptLimits } from '../modules/auth/attempt-limits.repository.js';
import {
  deleteLoginFailuresBefore,
  deleteRecoveryRequestsBefore,
} from '../modules/auth/auth.repository.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { FinanceServices } from '../modules/finance.js';
import type { MailService } from '../modules/mail/mail.service.js';
import type { MarketplaceServices } from '../modules/marketplace.js';
import type { RateOrdersService } from '../modules/rate-orders/rate-orders.service.js';
import { remindDueForwards } from '../modules/events/forward-reminders.js';
import type { WebhooksService } from '../modules/webhooks/webhooks.service.js';
import type { JobRegistry } from './job-queue.js';

/** The job types of the built-in duties (ops/jobs shows them by these names). */
export const DUTY = {
  settlePayouts: 'payouts.settle',
  finishOrders: 'orders.finish-due',
  releaseHeldPayouts: 'payouts.release-held',
  sendMail: 'mail.send',
  passwordRecovery: 'auth.password-recovery',
  cleanup: 'cleanup',
  vacuum: 'database.vacuum',
  settleRateOrders: 'rate-orders.settle',
  deliverWebhooks: 'webhooks.deliver',
  remindForwards: 'forwards.remind',
  expireApprovals: 'approvals.expire',
  finishApprovals: 'approvals.finish',
} as const;

/** How often the rate orders look at the quote (the simulated market moves every minute). */
export const RATE_ORDER_SWEEP_MS = 5_000;

/**
 * Every background duty of the server, as jobs. Each is a sweep over rows it claims one
 * transaction at a time, so a run replayed after a crash repeats nothing it finished:
 * - payout settlement: PROCESSING payments past the rail's delay, each claimed with
 *   `for update skip locked` and settled in the transaction that marks it COMPLETED;
 * - the dispute window: DELIVERED orders whose window closed with no dispute are finished
 *   and their held funds released (grower paid, buyer refunded) by `releaseDueOrders`, each
 *   order locked `for update skip locked` and released once;
 * - held payouts: payouts that waited for their grower's cooling-off after a payout account
 *   change are paid once it ends, each order claimed `for update skip locked` and paid once
 *   (`releaseHeldPayouts`);
 * - e-mail: the outbox's pending rows, claimed before sending (`MailService.flush`);
 * - password recovery: requests recorded by the answer become reset links and e-mails
 *   (`AuthService.processRecoveryRequests`, each request claimed once), then the outbox;
 * - rate orders: active orders the quote reached (or whose day passed, or whose invoice
 *   changed) are filled, held for approval (above the company's threshold) or closed with
 *   their reason, each claimed `for update skip locked` and settled once
 *   (`RateOrdersService.settleDueOrders`);
 * - approvals: an approved request whose run was cut short is finished once, at a fresh
 *   quote, or FAILED with the reason (`ApprovalsService.finishUnfinished`);
 * - cleanup: login failures and recovery requests past their windows, idempotency keys past
 *   48 hours, spent rate-limit counters;
 * - webhooks: due deliveries, each leased by one sender, retried with backoff
 *   (`WebhooksService.deliverDue`);
 * - forward reminders: `forward.due` 3 days before and on the due date, once per forward
 *   per reminder (`remindDueForwards`, dedupe keys), then the outbox;
 * - PGlite only: vacuum and analyze (no autovacuum in PGlite).
 * Other modules add theirs with `registry.register` (approval expiry, webhooks).
 */
export function registerDuties(
  registry: JobRegistry,
  deps: {
    db: Db;
    now: () => Date;
    finance: FinanceServices;
    marketplace: MarketplaceServices;
    mail: MailService;
    auth: AuthService;
    rateOrders?: RateOrdersService | undefined;
    webhooks: WebhooksService;
    loginFailureWindowMinutes: number;
    recoveryWindowMinutes: number;
    maintain?: (() => Promise<void>) | undefined;
  },
): void {
  registry.register({
    type: DUTY.settlePayouts,
    everyMs: 1_000,
    run: async () => {
      await deps.finance.payments.settleDuePayouts();
    },
  });
  // Pending approvals past the company's expiry become EXPIRED.
  registry.register({
    type: DUTY.expireApprovals,
    everyMs: 60_000,
    run: async () => {
      await deps.finance.approvals.expireDue();
    },
  });
  // Approved requests whose run was cut short (a crash between the decision and the money)
  // are finished once, or FAILED with the reason (ApprovalsService.finishUnfinished).
  registry.register({
    type: DUTY.finishApprovals,
    everyMs: 5_000,
    run: async () => {
      if ((await deps.finance.approvals.finishUnfinished()) > 0) await deps.mail.flush();
    },
  });
  registry.register({
    type: DUTY.finishOrders,
    everyMs: 60_000,
    run: async () => {
      await deps.marketplace.orders.releaseDueOrders();
    },
  });
  registry.register({
    type: DUTY.releaseHeldPayouts,
    everyMs: 60_000,
    run: async () => {
      await deps.marketplace.orders.releaseHeldPayouts();
    },
  });
  registry.register({
    type: DUTY.sendMail,
    everyMs: 30_000,
    run: async () => {
      await deps.mail.flush();
    },
  });
  registry.register({
    type: DUTY.passwordRecovery,
    everyMs: 30_000,
    run: async () => {
      await deps.auth.processRecoveryRequests();
      await deps.mail.flush();
    },
  });
  const { rateOrders } = deps;
  if (rateOrders) {
    registry.register({
      type: DUTY.settleRateOrders,
      everyMs: RATE_ORDER_SWEEP_MS,
      run: async () => {
        await rateOrders.settleDueOrders();
      },
    });
  }
  registry.register({
    type: DUTY.cleanup,
    everyMs: 60_000,
    run: async () => {
      const now = deps.now();
      await deleteLoginFailuresBefore(
        deps.db,
        new Date(now.getTime() - deps.loginFailureWindowMinutes * 60_000),
      );
      await deleteEndedAttemptLimits(deps.db, now);
      // Idempotency keys live 24 hours (API.md); keep a day more before dropping them.
      await deleteRecoveryRequestsBefore(
        deps.db,
        new Date(now.getTime() - deps.recoveryWindowMinutes * 60_000),
      );
      await deleteExpiredIdempotencyKeys(deps.db, new Date(now.getTime() - 48 * 3_600_000));
      await sql`delete from rate_limit_hits where expires_at < now()`.execute(deps.db);
    },
  });
  registry.register({
    type: DUTY.deliverWebhooks,
    everyMs: 1_000,
    run: async () => {
      await deps.webhooks.deliverDue();
    },
  });
  registry.register({
    type: DUTY.remindForwards,
    everyMs: 3_600_000,
    run: async () => {
      if ((await remindDueForwards(deps.db, deps.now())) > 0) await deps.mail.flush();
    },
  });
  const { maintain } = deps;
  if (maintain) {
    registry.register({ type: DUTY.vacuum, everyMs: 3_600_000, run: maintain });
  }
}
