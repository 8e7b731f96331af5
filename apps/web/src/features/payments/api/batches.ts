import type { HeldForApproval } from '../../../lib/api/held-for-approval';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';

/** The answer of `POST payments/batch` and `GET payments/batches/{id}`. */
export type PaymentBatch = ApiAnswer<'get', 'payments/batches/{id}'>['batch'];

export type BatchItemStatus = PaymentBatch['items'][number]['sStatus'];

/** The CEP-style SPEI evidence of one payment (`GET payments/{id}/spei`). */
export type SpeiProof = ApiAnswer<'get', 'payments/{id}/spei'>['proof'];

export type PaymentBatchBody = ApiBody<'post', 'payments/batch'>;

export const batchKeys = {
  batch: (id: string) => ['payments', 'batch', id] as const,
  proof: (id: string) => ['payments', 'spei', id] as const,
};

export function batchQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: batchKeys.batch(batchId),
    queryFn: async () => (await apiGet('payments/batches/{id}', { params: { id: batchId } })).batch,
    // While a payment is still with the rail, its status changes within seconds.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.payment?.sStatus === 'PROCESSING') ? 3000 : false,
  });
}

export function useBatchQuery(batchId: string) {
  return useQuery(batchQueryOptions(batchId));
}

export function useSpeiProofQuery(paymentId: string) {
  return useQuery({
    queryKey: batchKeys.proof(paymentId),
    queryFn: async () => (await apiGet('payments/{id}/spei', { params: { id: paymentId } })).proof,
  });
}

/** The SPEI proof as a PDF, base64-encoded. */
export async function getSpeiProofPdf(paymentId: string): Promise<string> {
  return (await apiGet('payments/{id}/spei/pdf', { params: { id: paymentId } })).pdf.data;
}

/** Sends a batch of payments to suppliers (MXN delivered exactly). */
export function postPaymentBatch(
  body: PaymentBatchBody,
  idempotencyKey: string,
): Promise<{ batch: PaymentBatch } | HeldForApproval> {
  return apiPost('payments/batch', { body, idempotencyKey });
}
