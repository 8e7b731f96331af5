import { useMutation } from '@tanstack/react-query';
import { apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';

/**
 * The money requests of the exchange dialogs. Each is sent with the
 * Idempotency-Key of its confirm step. Errors are handled by the dialog (an expired quote
 * is refreshed, not shown as an error), so the global error toast is off.
 */

/** Exactly one amount: the field the user typed last (`amountTarget`). */
export type AmountTargetBody = { dAmount: number } | { dDesAmount: number };

type WithOneAmount<Body> = Omit<Body, 'dAmount' | 'dDesAmount'> & AmountTargetBody;

export type SendPayNowBody = WithOneAmount<ApiBody<'post', 'payments/sendPayNow'>>;

/** `dForwardTransactionDate` (YYYY-MM-DD) for forwards only. */
export type ConversionBody = WithOneAmount<ApiBody<'post', 'transactions'>>;

export type ForwardRate = ApiAnswer<'post', 'transactions/forwardRate'>['forwardRate'];

export type ForwardRateBody = ApiBody<'post', 'transactions/forwardRate'>;

export function useSendPayNowMutation() {
  return useMutation({
    mutationFn: ({ body, key }: { body: SendPayNowBody; key: string }) =>
      apiPost('payments/sendPayNow', { body, idempotencyKey: key }),
    meta: { errorToast: false },
  });
}

export function useConversionMutation() {
  return useMutation({
    mutationFn: ({ body, key }: { body: ConversionBody; key: string }) =>
      apiPost('transactions', { body, idempotencyKey: key }),
    meta: { errorToast: false },
  });
}

/** Prices a forward for a date from a live spot quote; moves no money. */
export async function getForwardRate(body: ForwardRateBody): Promise<ForwardRate> {
  const answer = await apiPost('transactions/forwardRate', { body });
  return answer.forwardRate;
}
