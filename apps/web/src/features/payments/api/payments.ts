import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer } from '../../../lib/api/typed-client';

export type PaymentList = ApiAnswer<'get', 'payments'>;

export const paymentsKeys = {
  all: ['payments'] as const,
  list: () => [...paymentsKeys.all, 'list'] as const,
};

/** The enterprise's outgoing payments, newest first (the server caps the list at 1,000). */
export function getPayments(): Promise<PaymentList> {
  return apiGet('payments');
}

export function paymentsQueryOptions() {
  return queryOptions({ queryKey: paymentsKeys.list(), queryFn: getPayments });
}

export function usePaymentsQuery() {
  return useQuery(paymentsQueryOptions());
}

/** The receipt of one payment: a PDF, base64-encoded. */
export async function getPaymentReceipt(paymentId: string): Promise<string> {
  const answer = await apiPost('payments/paymentReceipt', { body: { sPaymentId: paymentId } });
  return answer.paymentReceipt.data;
}
