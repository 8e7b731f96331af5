import type { z } from 'zod';
import { rateToNumber, TRANSACTION_TYPE_IDS, type CalendarDate, type Language } from '@app/domain';
import type { Trx } from '../../db/database.js';
import {
  convertBody,
  convertInvoiceBody,
  convertInvoiceInput,
  convertUsdInput,
} from '../conversions/conversion-bodies.js';
import type { ConversionsService } from '../conversions/conversions.service.js';
import { checkoutBody, checkoutInput } from '../orders/checkout-body.js';
import type { OrdersService } from '../orders/orders.service.js';
import { batchBody, batchInput } from '../payments/batch-body.js';
import type { BatchPaymentsService } from '../payments/batch-payments.service.js';
import {
  payFromConversionBody,
  payFromConversionInput,
  payInvoiceBody,
  payInvoiceInput,
  payNowBody,
  payNowInput,
} from '../payments/payment-bodies.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { rateOrderFillBody } from '../rate-orders/rate-order-fill-body.js';
import type { RateOrdersService } from '../rate-orders/rate-orders.service.js';
import {
  createRecipientBody,
  recipientInput,
  updateRecipientBody,
} from '../suppliers/supplier-bodies.js';
import type { SuppliersService } from '../suppliers/suppliers.service.js';

/**
 * The one table of what waits for a second person (maker-checker, DOMAIN.md): each kind of
 * approval with the routes (or job) that hold it, the schema its stored request must pass
 * (the direct call's own), the quote an approver confirms, and how it runs once approved.
 *
 * A kind runs either `inTransaction` (in the transaction that decides the approval: both
 * happen or neither) or `standalone` (a money write with its own transaction and the
 * approval's Idempotency-Key, so a run repeated after a crash replays instead of paying
 * twice). Routes that move money and are not here are listed, with why, in
 * `approval-exemptions.ts`; a test walks the app's routes against both lists.
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
  /** The stored body with the approver's fresh quote put in (the fields the call reads it from). */
  withQuote?(body: RequestBody, quote: { id: string; rateMicro: bigint }): RequestBody;
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
function kind<Schema extends z.ZodType>(
  entry: ApprovalKindEntry<Schema>,
): ApprovalKindEntry<z.ZodType> {
  return entry as unknown as ApprovalKindEntry<z.ZodType>;
}

const spot = (): FreshQuoteNeed => ({ kind: 'SPOT' });
const withSpotReference = (body: RequestBody, quote: { id: string }): RequestBody => ({
  ...body,
  sExchangeRateReference: quote.id,
});

// A conversion runs at a fresh spot quote, or a fresh forward quote for its date.
const conversionQuoteNeed = (body: RequestBody): FreshQuoteNeed =>
  body['sTransactionType'] === TRANSACTION_TYPE_IDS.FORWARD &&
  typeof body['dForwardTransactionDate'] === 'string'
    ? { kind: 'FORWARD', forwardDate: body['dForwardTransactionDate'] }
    : { kind: 'SPOT' };
const withConversionQuote = (body: RequestBody, quote: { id: string; rateMicro: bigint }) => ({
  ...body,
  referenceExchangeRate: quote.id,
  dExchangeRate: rateToNumber(quote.rateMicro),
});

export const APPROVAL_KIND_TABLE = {
  PAY_NOW: kind({
    description: { en: 'Send USD to a supplier now', sp: 'Enviar USD a un proveedor ahora' },
    heldBy: ['POST /payments/sendPayNow'],
    schema: payNowBody,
    quoteNeed: spot,
    withQuote: withSpotReference,
    run: {
      mode: 'standalone',
      answerOf: (stored) => ({ payment: stored }),
      execute: async (services, run) => ({
        status: 201,
        body: {
          payment: await services.payments.sendPayNow(
            run.enterpriseId,
            payNowInput(run.body),
            run.idempotencyKey,
          ),
        },
      }),
    },
  }),
  PAY_INVOICE: kind({
    description: { en: 'Pay an invoice from USD', sp: 'Pagar una factura desde USD' },
    heldBy: ['POST /payments/invoice'],
    schema: payInvoiceBody,
    quoteNeed: spot,
    withQuote: withSpotReference,
    run: {
      mode: 'standalone',
      answerOf: (stored) => ({ payment: stored }),
      execute: async (services, run) => ({
        status: 201,
        body: {
          payment: await services.payments.payInvoice(
            run.enterpriseId,
            payInvoiceInput(run.body),
            run.idempotencyKey,
          ),
        },
      }),
    },
  }),
  PAY_FROM_CONVERSION: kind({
    description: {
      en: "Pay a supplier from a conversion's MXN",
      sp: 'Pagar a un proveedor con los MXN de una conversión',
    },
    heldBy: ['POST /payments'],
    schema: payFromConversionBody,
    quoteNeed: () => ({ kind: 'NONE' }),
    run: {
      mode: 'standalone',
      answerOf: (stored) => ({ payment: stored }),
      execute: async (services, run) => ({
        status: 201,
        body: {
          payment: await services.payments.payFromConversion(
            run.enterpriseId,
            payFromConversionInput(run.body),
            run.idempotencyKey,
          ),
        },
      }),
    },
  }),
  CONVERT: kind({
    description: { en: 'Convert USD to MXN', sp: 'Convertir USD a MXN' },
    heldBy: ['POST /transactions'],
    schema: convertBody,
    quoteNeed: conversionQuoteNeed,
    withQuote: withConversionQuote,
    run: {
      mode: 'standalone',
      execute: (services, run) =>
        services.conversions.convertUsd(
          run.enterpriseId,
          run.idempotencyKey,
          convertUsdInput(run.body),
        ),
    },
  }),
  CONVERT_INVOICE: kind({
    description: { en: "Convert an invoice's MXN", sp: 'Convertir los MXN de una factura' },
    heldBy: ['POST /transactions/createTransactionFromInvoice'],
    schema: convertInvoiceBody,
    quoteNeed: conversionQuoteNeed,
    withQuote: withConversionQuote,
    run: {
      mode: 'standalone',
      execute: (services, run) =>
        services.conversions.convertInvoice(
          run.enterpriseId,
          run.idempotencyKey,
          convertInvoiceInput(run.body),
        ),
    },
  }),
  CHECKOUT: kind({
    description: { en: 'Buy a cart (marketplace)', sp: 'Comprar un carrito (mercado)' },
    heldBy: ['POST /orders/checkout'],
    schema: checkoutBody,
    quoteNeed: (body) =>
      body['sPaymentMethod'] === 'FORWARD' && typeof body['dForwardDate'] === 'string'
        ? { kind: 'FORWARD', forwardDate: body['dForwardDate'] }
        : { kind: 'SPOT' },
    withQuote: (body, quote) => ({
      ...body,
      sExchangeRateReference: quote.id,
      ...(body['dExchangeRate'] === undefined
        ? {}
        : { dExchangeRate: rateToNumber(quote.rateMicro) }),
    }),
    run: {
      mode: 'standalone',
      answerOf: (stored) => ({ order: stored }),
      execute: async (services, run) => ({
        status: 201,
        body: {
          order: await services.orders.checkout(
            { enterpriseId: run.enterpriseId, userId: run.userId },
            checkoutInput(run.body),
            run.idempotencyKey,
            run.language,
          ),
        },
      }),
    },
  }),
  BATCH: kind({
    description: { en: 'Pay a batch of suppliers', sp: 'Pagar un lote de proveedores' },
    heldBy: ['POST /payments/batch'],
    schema: batchBody,
    quoteNeed: spot,
    withQuote: withSpotReference,
    run: {
      mode: 'standalone',
      execute: async (services, run) => ({
        status: 201,
        body: {
          batch: await services.batches.payBatch(
            run.enterpriseId,
            batchInput(run.body),
            run.idempotencyKey,
          ),
        },
      }),
    },
  }),
  SUPPLIER_CREATE: kind({
    description: {
      en: "A new supplier's bank account",
      sp: 'La cuenta bancaria de un proveedor nuevo',
    },
    heldBy: ['POST /payment-recipient'],
    schema: createRecipientBody,
    quoteNeed: () => ({ kind: 'NONE' }),
    run: {
      mode: 'inTransaction',
      execute: async (services, trx, run) => ({
        status: 201,
        body: {
          paymentRecipient: await services.suppliers.create(
            run.enterpriseId,
            recipientInput(run.body),
            trx,
          ),
        },
      }),
    },
  }),
  SUPPLIER_UPDATE: kind({
    description: {
      en: "A supplier's new bank account",
      sp: 'La cuenta bancaria nueva de un proveedor',
    },
    heldBy: ['PUT /payment-recipient'],
    schema: updateRecipientBody,
    quoteNeed: () => ({ kind: 'NONE' }),
    run: {
      mode: 'inTransaction',
      execute: async (services, trx, run) => ({
        status: 200,
        body: {
          paymentRecipient: await services.suppliers.updateInTransaction(
            trx,
            run.enterpriseId,
            run.body.sPaymentRecipientId,
            recipientInput(run.body),
          ),
        },
      }),
    },
  }),
  RATE_ORDER_FILL: kind({
    description: {
      en: 'A rate order that reached its rate (converts the invoice)',
      sp: 'Una orden de tipo de cambio que alcanzó su tipo (convierte la factura)',
    },
    heldBy: ['job:rate-orders.settle'],
    schema: rateOrderFillBody,
    quoteNeed: spot,
    withQuote: withSpotReference,
    run: {
      mode: 'inTransaction',
      execute: async (services, trx, run) => ({
        status: 201,
        body: {
          rateOrder: await services.rateOrders.fillApproved(trx, run.enterpriseId, {
            orderId: run.body.sRateOrderId,
            quoteId: run.body.sExchangeRateReference,
            now: run.now,
          }),
        },
      }),
    },
  }),
} as const satisfies Record<string, ApprovalKindEntry>;

export type ApprovalKind = keyof typeof APPROVAL_KIND_TABLE;
export const APPROVAL_KINDS = Object.keys(APPROVAL_KIND_TABLE) as ApprovalKind[];

export function approvalKindEntry(kind: string): ApprovalKindEntry {
  const entry = (APPROVAL_KIND_TABLE as Record<string, ApprovalKindEntry>)[kind];
  if (!entry) throw new Error(`Approval kind ${kind} is not in the table`);
  return entry;
}
