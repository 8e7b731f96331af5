import { convertMxnToUsd, usdForExactMxn } from '@app/domain';
import { AppError } from '../../errors.js';
import {
  approvalKind,
  noQuoteNeed,
  spotQuoteNeed,
  withSpotReference,
  type ApprovalServices,
} from '../team/approval-kind.js';
import type { Executor } from '../../db/database.js';
import { batchBody, batchInput } from './batch-body.js';
import {
  payFromConversionBody,
  payFromConversionInput,
  payInvoiceBody,
  payInvoiceInput,
  payNowBody,
  payNowInput,
} from './payment-bodies.js';

/** The supplier a held payment names; a deleted one is found here and refused by the check, as the direct call does. */
function heldRecipient(
  services: ApprovalServices,
  db: Executor,
  enterpriseId: string,
  recipientId: string,
) {
  return services.suppliers.requireRecipient(db, enterpriseId, recipientId, {
    includeDeleted: true,
  });
}

/** The spot quote a held payment was asked at. */
function heldSpotQuote(
  services: ApprovalServices,
  db: Executor,
  enterpriseId: string,
  quoteId: string,
) {
  return services.rates.requireSpotQuote(db, enterpriseId, quoteId, {
    field: 'sExchangeRateReference',
  });
}

/** The payments a second person approves (maker-checker): pay now, an invoice, from a conversion, a batch. */
export const PAYMENT_APPROVAL_KINDS = {
  PAY_NOW: approvalKind({
    description: { en: 'Send USD to a supplier now', sp: 'Enviar USD a un proveedor ahora' },
    heldBy: ['POST /payments/sendPayNow'],
    schema: payNowBody,
    quoteNeed: spotQuoteNeed,
    withQuote: withSpotReference,
    describe: async (services, { db, enterpriseId }, body) => {
      const recipient = await heldRecipient(services, db, enterpriseId, body.sPaymentRecipientId);
      const quote = await heldSpotQuote(services, db, enterpriseId, body.sExchangeRateReference);
      return {
        summary: recipient.name,
        amountUsdCents: body.dAmount ?? usdForExactMxn(body.dDesAmount ?? 0n, quote.rateMicro),
      };
    },
    check: async (services, trx, run) => {
      const input = payNowInput(run.body);
      const quote = await heldSpotQuote(services, trx, run.enterpriseId, input.quoteId);
      const recipient = await heldRecipient(services, trx, run.enterpriseId, input.recipientId);
      const terms = { recipient, rateMicro: quote.rateMicro, quoteId: quote.id };
      await (input.amountMxn !== undefined
        ? services.payments.payExactMxnInTransaction(trx, run.enterpriseId, {
            ...terms,
            amountMxn: input.amountMxn,
            concept: input.comment,
          })
        : services.payments.payNowInTransaction(trx, run.enterpriseId, {
            ...terms,
            amountUsd: input.amountUsd ?? 0n,
            concept: input.comment,
          }));
    },
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
  PAY_INVOICE: approvalKind({
    description: { en: 'Pay an invoice from USD', sp: 'Pagar una factura desde USD' },
    heldBy: ['POST /payments/invoice'],
    schema: payInvoiceBody,
    quoteNeed: spotQuoteNeed,
    withQuote: withSpotReference,
    describe: async (services, { db, enterpriseId }, body) => {
      const invoice = await services.invoices.requireInvoice(db, enterpriseId, body.sInvoiceId, {
        field: 'sInvoiceId',
      });
      const quote = await heldSpotQuote(services, db, enterpriseId, body.sExchangeRateReference);
      return {
        summary: invoice.invoice_name,
        amountUsdCents: usdForExactMxn(invoice.total_mxn, quote.rateMicro),
      };
    },
    check: async (services, trx, run) => {
      const input = payInvoiceInput(run.body);
      const quote = await heldSpotQuote(services, trx, run.enterpriseId, input.quoteId);
      await services.payments.payInvoiceExactInTransaction(trx, run.enterpriseId, {
        invoiceId: input.invoiceId,
        rateMicro: quote.rateMicro,
        quoteId: quote.id,
      });
    },
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
  PAY_FROM_CONVERSION: approvalKind({
    description: {
      en: "Pay a supplier from a conversion's MXN",
      sp: 'Pagar a un proveedor con los MXN de una conversión',
    },
    heldBy: ['POST /payments'],
    schema: payFromConversionBody,
    quoteNeed: noQuoteNeed,
    describe: async (services, { db, enterpriseId }, body) => {
      const recipient = await heldRecipient(services, db, enterpriseId, body.sPaymentRecipientId);
      const conversion = await services.conversions.requireConversion(
        db,
        enterpriseId,
        body.sTransactionId,
      );
      return {
        summary: recipient.name,
        amountUsdCents:
          conversion.rate_micro === null
            ? null
            : convertMxnToUsd(body.dAmount, conversion.rate_micro),
      };
    },
    check: async (services, trx, run) => {
      await services.payments.payFromConversionInTransaction(
        trx,
        run.enterpriseId,
        payFromConversionInput(run.body),
      );
    },
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
  BATCH: approvalKind({
    description: { en: 'Pay a batch of suppliers', sp: 'Pagar un lote de proveedores' },
    heldBy: ['POST /payments/batch'],
    schema: batchBody,
    quoteNeed: spotQuoteNeed,
    withQuote: withSpotReference,
    // The whole batch is one request: one approval for all its items, at one fresh quote.
    describe: async (services, { db, enterpriseId }, body) => {
      const quote = await heldSpotQuote(services, db, enterpriseId, body.sExchangeRateReference);
      let mxnCents = 0n;
      for (const item of body.items) {
        mxnCents +=
          'sInvoiceId' in item
            ? (await services.invoices.requireInvoice(db, enterpriseId, item.sInvoiceId)).total_mxn
            : item.dDesAmount;
      }
      return {
        summary: `${body.items.length}`,
        amountUsdCents: usdForExactMxn(mxnCents, quote.rateMicro),
      };
    },
    // A batch that would pay a line short (funds, a deleted supplier, an invoice no longer
    // To pay) is refused with that line's reason: an approver would approve a failure.
    check: async (services, trx, run) => {
      const { batch } = await services.batches.payInTransaction(
        trx,
        run.enterpriseId,
        batchInput(run.body),
      );
      const index = batch.items.findIndex((item) => item.sStatus !== 'SENT');
      const failed = batch.items[index];
      if (failed) {
        throw new AppError(failed.code ?? 'INVALID_STATE', { field: `items.${index}` });
      }
    },
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
};
