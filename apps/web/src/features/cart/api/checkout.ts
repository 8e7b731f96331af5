import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postMoney } from '../../../lib/finance/queries';
import { getLanguage } from '../../../lib/i18n/i18n';

/** The reads and writes of /payment-process/: warehouses, bank details, forward rate, checkout. */

export interface CheckoutWarehouse {
  sWarehouseId: string;
  sName: string;
  sAddress: string;
  sCity: string;
  sState: string;
  sCountry: string;
  sPostalCode: string;
}

export interface DepositDetail {
  label: string;
  value: string;
}

export interface ForwardQuote {
  rate: number;
  uuid: string;
  expiresAt: string;
}

export const PAYMENT_METHODS = ['PAY_NOW', 'CONVERT_MXN', 'DEFERRED', 'FORWARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface CheckoutBody {
  sVendorId: string;
  sWarehouseId: string;
  sPaymentMethod: PaymentMethod;
  /** The spot quote id, or for FORWARD the forward quote uuid. */
  sExchangeRateReference: string;
  /** The rate the buyer was shown; the server refuses it if it is not the quote's. */
  dExchangeRate: number;
  dForwardDate?: string;
}

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
      queryFn: async () =>
        (await apiRequest<{ warehouses: CheckoutWarehouse[] }>('warehouses?limit=100')).warehouses,
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
        (
          await apiRequest<{ account: DepositDetail[] }>('exchange-rate/addFounds', {
            method: 'POST',
            body: { amount: ADD_FUNDS_AMOUNT },
          })
        ).account,
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
        await apiRequest<{ forwardRate: ForwardQuote }>('transactions/forwardRate', {
          method: 'POST',
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
  return postMoney<{ order: { sOrderId: string } }>('orders/checkout', body, idempotencyKey);
}
