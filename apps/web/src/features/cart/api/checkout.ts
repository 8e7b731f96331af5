import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';
import { getLanguage, useLanguage } from '../../../lib/i18n/i18n';
import type { PaymentMethod } from '@app/domain';

/** The reads and writes of /payment-process/: warehouses, bank details, forward rate, checkout. */

export type CheckoutWarehouse = ApiAnswer<'get', 'warehouses'>['warehouses'][number];

export type DepositDetail = ApiAnswer<'post', 'exchange-rate/addFounds'>['account'][number];

export type ForwardQuote = ApiAnswer<'post', 'transactions/forwardRate'>['forwardRate'];

export { PAYMENT_METHODS } from '@app/domain';
export type { PaymentMethod };

/**
 * POST orders/checkout: `sExchangeRateReference` is the spot quote id, or for FORWARD the
 * forward quote uuid; the server refuses a `dExchangeRate` that is not the quote's.
 */
export type CheckoutBody = ApiBody<'post', 'orders/checkout'> & {
  sPaymentMethod: PaymentMethod;
  dExchangeRate: number;
};

export const checkoutKeys = {
  all: ['cart', 'checkout'] as const,
  warehouses: () => [...checkoutKeys.all, 'warehouses'] as const,
  depositDetails: (language: string) => [...checkoutKeys.all, 'deposit-details', language] as const,
};

/** The buyer's warehouses (the API's largest page); fresh on every visit. */
export function useCheckoutWarehousesQuery() {
  return useQuery(
    queryOptions({
      queryKey: checkoutKeys.warehouses(),
      queryFn: async () => (await apiGet('warehouses', { query: { limit: 100 } })).warehouses,
      staleTime: 0,
      meta: { errorToast: false },
    }),
  );
}

/** The spec's add-funds request asks with a fixed amount of 100. */
const ADD_FUNDS_AMOUNT = 100;

/** Where to wire USD (with the enterprise's own deposit reference), for a deferred payment. */
export function useDepositDetailsQuery(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: checkoutKeys.depositDetails(getLanguage()),
      queryFn: async () =>
        (await apiPost('exchange-rate/addFounds', { body: { amount: ADD_FUNDS_AMOUNT } })).account,
      enabled,
      staleTime: 10 * 60_000,
      meta: { errorToast: false },
    }),
  );
}

/** The spec's forward-rate request prices a fixed amount of 100. */
const FORWARD_QUOTE_AMOUNT = 100;

/** POST transactions/forwardRate: a forward rate for a settlement day, from a live spot quote. */
export function useForwardRateMutation() {
  return useMutation({
    mutationFn: async (input: { date: string; spotReference: string }) =>
      (
        await apiPost('transactions/forwardRate', {
          body: {
            dDateForward: input.date,
            dAmount: FORWARD_QUOTE_AMOUNT,
            referenceExchangeRate: input.spotReference,
            bExternal: false,
          },
        })
      ).forwardRate,
  });
}

/** POST orders/checkout with the confirm dialog's Idempotency-Key. */
export function checkout(body: CheckoutBody, idempotencyKey: string) {
  return apiPost('orders/checkout', { body, idempotencyKey });
}

/** What POST orders/checkout/preview answers: the same pricing as the checkout, nothing written. */
export type CheckoutPreview = ApiAnswer<'post', 'orders/checkout/preview'>['preview'];

/**
 * The total of the checkout `body` would charge, asked again whenever the body (warehouse,
 * method, quote) changes; the previous answer stays shown while the next one loads.
 */
export function useCheckoutPreviewQuery(body: CheckoutBody | null) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: [...checkoutKeys.all, 'preview', body, language] as const,
      queryFn: async () => (await apiPost('orders/checkout/preview', { body: body! })).preview,
      enabled: body !== null,
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { errorToast: false },
    }),
  );
}
