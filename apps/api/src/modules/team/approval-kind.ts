import type { z } from 'zod';
import { rateToNumber, type CalendarDate, type Language } from '@app/domain';
import type { Executor, Trx } from '../../db/database.js';
import type { ConversionsService } from '../conversions/conversions.service.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { BatchPaymentsService } from '../payments/batch-payments.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { RateOrdersService } from '../rate-orders/rate-orders.service.js';
import type { RatesService } from '../rates/rates.service.js';
import type { SuppliersService } from '../suppliers/suppliers.service.js';

/**
 * What an approval kind is made of. Each module that owns a held operation declares its
 * kinds with `approvalKind` (payments, conversions, suppliers, orders, rate orders);
 * `approval-kinds.ts` puts them together into the one table.
 */

export type RequestBody = Record<string, unknown>;

/** The quote an approver confirms before the request runs again. */
export type FreshQuoteNeed =
  { kind: 'NONE' } | { kind: 'SPOT' } | { kind: 'FORWARD'; forwardDate: CalendarDate };

/** What an approved request runs with. */
export interface ApprovalRun<Body> {
  enterpriseId: string;
  /** The maker: the request runs as them. */
  userId: string;
  body: Body;
  idempotencyKey: string;
  language: Language;
  now: Date;
}

/** The services an approved request may call (set once every module is built). */
export interface ApprovalServices {
  payments: PaymentsService;
  conversions: ConversionsService;
  suppliers: SuppliersService;
  batches: BatchPaymentsService;
  orders: OrdersService;
  rateOrders: RateOrdersService;
  rates: RatesService;
  invoices: InvoicesService;
}

/** Who asks, where a held request is described (the maker's own reads). */
export interface HeldAsker {
  db: Executor;
  enterpriseId: string;
  userId: string;
  language: Language;
}

/**
 * What a held request is about, for the people who decide it, and its amount in USD cents
 * (null when it cannot be told beforehand, which counts as above any threshold).
 */
export interface HeldDescription {
  summary: string;
  amountUsdCents: bigint | null;
}

export interface RunResult {
  status: number;
  body: unknown;
}

export interface ApprovalKindEntry<Schema extends z.ZodType = z.ZodType> {
  /** What the kind is, for people (the README's table says the same). */
  description: { en: string; sp: string };
  /** `METHOD /path` as in ROUTE_ROLES, or `job:<duty>` for an automatic execution. */
  heldBy: readonly string[];
  /** The direct call's body schema: a request is stored only if it passes it. */
  schema: Schema;
  quoteNeed(body: RequestBody): FreshQuoteNeed;
  /**
   * The request described as it is asked, read only when an approval may be needed. Kinds
   * held by a route have one; a kind held by a job describes its own hold.
   */
  describe?(
    services: ApprovalServices,
    asker: HeldAsker,
    body: z.infer<Schema>,
  ): Promise<HeldDescription>;
  /** New bank data to pay: held whenever approvals are on, whatever the amount. */
  bankChange?: boolean;
  /** The stored body with the approver's fresh quote put in (the fields the call reads it from). */
  withQuote?(body: RequestBody, quote: { id: string; rateMicro: bigint }): RequestBody;
  /**
   * The request as if it ran now, in a transaction that is always undone: it throws what the
   * direct call would (funds, limits, supplier and invoice state), so that an impossible
   * request is refused when it is made, not queued. An in-transaction kind is checked by its
   * own run when this is not given.
   */
  check?(services: ApprovalServices, trx: Trx, run: ApprovalRun<z.infer<Schema>>): Promise<void>;
  run:
    | {
        mode: 'standalone';
        execute(services: ApprovalServices, run: ApprovalRun<z.infer<Schema>>): Promise<RunResult>;
        /**
         * The run's answer from what its money write stored under the key (the service's own
         * answer), when a run cut short is found to have moved the money. Default: as stored.
         */
        answerOf?(stored: unknown): unknown;
      }
    | {
        mode: 'inTransaction';
        execute(
          services: ApprovalServices,
          trx: Trx,
          run: ApprovalRun<z.infer<Schema>>,
        ): Promise<RunResult>;
      };
}

/** Keeps each entry's body type tied to its schema. */
export function approvalKind<Schema extends z.ZodType>(
  entry: ApprovalKindEntry<Schema>,
): ApprovalKindEntry<z.ZodType> {
  return entry as unknown as ApprovalKindEntry<z.ZodType>;
}

export const spotQuoteNeed = (): FreshQuoteNeed => ({ kind: 'SPOT' });
export const noQuoteNeed = (): FreshQuoteNeed => ({ kind: 'NONE' });

/** The approver's spot quote in the field the direct call reads it from. */
export const withSpotReference = (body: RequestBody, quote: { id: string }): RequestBody => ({
  ...body,
  sExchangeRateReference: quote.id,
});

/** A rate as a request body carries it (a number of the quote's exact rate). */
export const rateField = (rateMicro: bigint): number => rateToNumber(rateMicro);
