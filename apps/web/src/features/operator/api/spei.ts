import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer } from '../../../lib/api/typed-client';

export type StpReconciliation = ApiAnswer<'get', 'ops/reconciliation/stp'>['reconciliation'];
export type ReturnedTransfer = ApiAnswer<'get', 'ops/spei/returned'>['transfers'][number];

export const speiKeys = {
  all: ['operator', 'spei'] as const,
  reconciliation: (date: string) => [...speiKeys.all, 'reconciliation', date] as const,
  returned: () => [...speiKeys.all, 'returned'] as const,
};

/** The day's stored comparison with STP's conciliation (never compared: `ran_at` null). */
export function useStpReconciliationQuery(date: string) {
  return useQuery({
    ...queryOptions({
      queryKey: speiKeys.reconciliation(date),
      queryFn: async () =>
        (await apiGet('ops/reconciliation/stp', { query: { date } })).reconciliation,
    }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}

/** Compares the day with STP's conciliation now. */
export async function compareWithStp(date: string): Promise<StpReconciliation> {
  return (await apiPost('ops/reconciliation/stp', { body: { sDate: date } })).reconciliation;
}

export function useReturnedTransfersQuery() {
  return useQuery({
    queryKey: speiKeys.returned(),
    queryFn: async () => (await apiGet('ops/spei/returned', { query: { limit: 200 } })).transfers,
  });
}
