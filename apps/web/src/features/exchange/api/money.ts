import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postMoney } from '../../../lib/finance/queries';
import type { Payment, Transaction } from '../../../lib/finance/types';

/**
 * The money requests of the exchange dialogs. Each goes through `postMoney` with the
 * Idempotency-Key of its confirm step. Errors are handled by the dialog (an expired quote
 * is refreshed, not shown as an error), so the global error toast is off.
 */

export interface SendPayNowBody {
  /** USD. */
  dAmount: number;
  comment: string;
  sPaymentRecipientId: string;
  sExchangeRateReference: string;
}

export interface ConversionBody {
  sTransactionType: string;
  /** USD. */
  dAmount: number;
  dExchangeRate: number;
  referenceExchangeRate: string;
  bExternal: false;
  /** Forwards only: YYYY-MM-DD. */
  dForwardTransactionDate?: string;
}

export interface ForwardRate {
  rate: number;
  uuid: string;
  expiresAt: string;
}

export interface ForwardRateBody {
  dDateForward: string;
  dAmount: number;
  referenceExchangeRate: string;
  bExternal: false;
}

export function useSendPayNowMutation() {
  return useMutation({
    mutationFn: ({ body, key }: { body: SendPayNowBody; key: string }) =>
      postMoney<{ payment: Payment }>('payments/sendPayNow', body, key),
    meta: { errorToast: false },
  });
}

export function useConversionMutation() {
  return useMutation({
    mutationFn: ({ body, key }: { body: ConversionBody; key: string }) =>
      postMoney<{ transaction: Transaction }>('transactions/', body, key),
    meta: { errorToast: false },
  });
}

/** Prices a forward for a date from a live spot quote; moves no money. */
export async function getForwardRate(body: ForwardRateBody): Promise<ForwardRate> {
  const answer = await apiRequest<{ forwardRate: ForwardRate }>('transactions/forwardRate', {
    method: 'POST',
    body,
  });
  return answer.forwardRate;
}
