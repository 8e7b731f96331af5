import { TRANSACTION_TYPE_IDS, usdForExactMxn } from '@app/domain';
import {
  approvalKind,
  rateField,
  type FreshQuoteNeed,
  type RequestBody,
} from '../team/approval-kind.js';
import {
  convertBody,
  convertInvoiceBody,
  convertInvoiceInput,
  convertUsdInput,
} from './conversion-bodies.js';

// A conversion runs at a fresh spot quote, or a fresh forward quote for its date.
const conversionQuoteNeed = (body: RequestBody): FreshQuoteNeed =>
  body['sTransactionType'] === TRANSACTION_TYPE_IDS.FORWARD &&
  typeof body['dForwardTransactionDate'] === 'string'
    ? { kind: 'FORWARD', forwardDate: body['dForwardTransactionDate'] }
    : { kind: 'SPOT' };
const withConversionQuote = (body: RequestBody, quote: { id: string; rateMicro: bigint }) => ({
  ...body,
  referenceExchangeRate: quote.id,
  dExchangeRate: rateField(quote.rateMicro),
});

/** The conversions a second person approves (maker-checker). */
export const CONVERSION_APPROVAL_KINDS = {
  CONVERT: approvalKind({
    description: { en: 'Convert USD to MXN', sp: 'Convertir USD a MXN' },
    heldBy: ['POST /transactions'],
    schema: convertBody,
    quoteNeed: conversionQuoteNeed,
    withQuote: withConversionQuote,
    describe: async (_services, _asker, body) => ({
      summary: '',
      amountUsdCents: body.dAmount ?? usdForExactMxn(body.dDesAmount ?? 0n, body.dExchangeRate),
    }),
    check: async (services, trx, run) => {
      await services.conversions.convertUsdInTransaction(
        trx,
        run.enterpriseId,
        convertUsdInput(run.body),
        run.now,
      );
    },
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
  CONVERT_INVOICE: approvalKind({
    description: { en: "Convert an invoice's MXN", sp: 'Convertir los MXN de una factura' },
    heldBy: ['POST /transactions/createTransactionFromInvoice'],
    schema: convertInvoiceBody,
    quoteNeed: conversionQuoteNeed,
    withQuote: withConversionQuote,
    describe: async (services, { db, enterpriseId }, body) => {
      const invoice = await services.invoices.requireInvoice(db, enterpriseId, body.sInvoiceId, {
        field: 'sInvoiceId',
      });
      return {
        summary: invoice.invoice_name,
        amountUsdCents: usdForExactMxn(invoice.total_mxn, body.dExchangeRate),
      };
    },
    check: async (services, trx, run) => {
      await services.conversions.convertInvoiceInTransaction(
        trx,
        run.enterpriseId,
        convertInvoiceInput(run.body),
        run.now,
      );
    },
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
};
