import { approvalKind, noQuoteNeed } from '../team/approval-kind.js';
import { createRecipientBody, recipientInput, updateRecipientBody } from './supplier-bodies.js';

/** A supplier's bank account a second person approves (maker-checker); no money moves. */
export const SUPPLIER_APPROVAL_KINDS = {
  SUPPLIER_CREATE: approvalKind({
    description: {
      en: "A new supplier's bank account",
      sp: 'La cuenta bancaria de un proveedor nuevo',
    },
    heldBy: ['POST /payment-recipient'],
    schema: createRecipientBody,
    quoteNeed: noQuoteNeed,
    describe: async (_services, _asker, body) => ({ summary: body.sName, amountUsdCents: null }),
    bankChange: true,
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
  SUPPLIER_UPDATE: approvalKind({
    description: {
      en: "A supplier's new bank account",
      sp: 'La cuenta bancaria nueva de un proveedor',
    },
    heldBy: ['PUT /payment-recipient'],
    schema: updateRecipientBody,
    quoteNeed: noQuoteNeed,
    describe: async (_services, _asker, body) => ({ summary: body.sName, amountUsdCents: null }),
    bankChange: true,
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
};
