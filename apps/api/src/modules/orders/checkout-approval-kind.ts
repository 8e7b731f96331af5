import { parseMoney } from '@app/domain';
import { approvalKind, rateField } from '../team/approval-kind.js';
import { checkoutBody, checkoutInput } from './checkout-body.js';

/** A marketplace checkout a second person approves (maker-checker). */
export const CHECKOUT_APPROVAL_KIND = {
  CHECKOUT: approvalKind({
    description: { en: 'Buy a cart (marketplace)', sp: 'Comprar un carrito (mercado)' },
    heldBy: ['POST /orders/checkout'],
    schema: checkoutBody,
    describe: async (services, { enterpriseId, userId, language }, body) => {
      const preview = await services.orders.preview(
        { enterpriseId, userId },
        checkoutInput(body),
        language,
      );
      return { summary: '', amountUsdCents: parseMoney(preview.dTotal) };
    },
    quoteNeed: (body) =>
      body['sPaymentMethod'] === 'FORWARD' && typeof body['dForwardDate'] === 'string'
        ? { kind: 'FORWARD', forwardDate: body['dForwardDate'] }
        : { kind: 'SPOT' },
    withQuote: (body, quote) => ({
      ...body,
      sExchangeRateReference: quote.id,
      ...(body['dExchangeRate'] === undefined ? {} : { dExchangeRate: rateField(quote.rateMicro) }),
    }),
    check: (services, trx, run) =>
      services.orders.checkInTransaction(
        trx,
        { enterpriseId: run.enterpriseId, userId: run.userId },
        checkoutInput(run.body),
        run.now,
      ),
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
};
