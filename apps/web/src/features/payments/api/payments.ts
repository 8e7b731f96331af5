import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Payment } from '../../../lib/finance/types';

export interface PaymentList {
  payments: Payment[];
  totalProfit: number;
}

export const paymentsKeys = {
  all: ['payments'] as const,
  list: () => [...paymentsKeys.all, 'list'] as const,
};

/** The enterprise's outgoing payments, newest first (the server caps the list at 1,000). */
export function getPayments(): Promise<PaymentList> {
  return apiRequest<PaymentList>('payments/');
}

export function paymentsQueryOptions() {
  return queryOptions({ queryKey: paymentsKeys.list(), queryFn: getPayments });
}

export function usePaymentsQuery() {
  return useQuery(paymentsQueryOptions());
}

/** The receipt of one payment: a PDF, base64-encoded. */
export async function getPaymentReceipt(paymentId: string): Promise<string> {
  const answer = await apiRequest<{ paymentReceipt: { data: string } }>('payments/paymentReceipt', {
    method: 'POST',
    body: { sPaymentId: paymentId },
  });
  return answer.paymentReceipt.data;
}
