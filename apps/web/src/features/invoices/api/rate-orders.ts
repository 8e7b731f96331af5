import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';
import { financeKeys } from '../../../lib/finance/queries';

/** An invoice's rate order, as the invoice answers carry it. */
export type RateOrder = ApiAnswer<'post', 'invoices/{id}/rate-order'>['rateOrder'];
export type RateOrderBody = ApiBody<'post', 'invoices/{id}/rate-order'>;

/** Sets (or replaces) the invoice's rate order: convert when the market reaches the target. */
export function placeRateOrder(invoiceId: string, body: RateOrderBody) {
  return apiPost('invoices/{id}/rate-order', { params: { id: invoiceId }, body });
}

export function cancelRateOrder(invoiceId: string) {
  return apiDelete('invoices/{id}/rate-order', { params: { id: invoiceId } });
}

/** Set and cancel; the invoice list reloads after either. Errors are the dialog's to show. */
export function useRateOrderMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: financeKeys.all });
  const meta = { errorToast: false };
  return {
    place: useMutation({
      mutationFn: (input: { invoiceId: string; body: RateOrderBody }) =>
        placeRateOrder(input.invoiceId, input.body),
      onSuccess,
      meta,
    }),
    cancel: useMutation({ mutationFn: cancelRateOrder, onSuccess, meta }),
  };
}
