import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer } from '../../lib/api/typed-client';

/** One payout of a grower: a released order paid to its CLABE (GET vendor/payouts). */
export type VendorPayout = ApiAnswer<'get', 'vendor/payouts'>['payouts'][number];

export const incomeKeys = {
  all: ['income'] as const,
  payouts: () => [...incomeKeys.all, 'payouts'] as const,
};

export function usePayoutsQuery(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: incomeKeys.payouts(),
      queryFn: async () => (await apiGet('vendor/payouts')).payouts,
      enabled,
      staleTime: 0,
      meta: { errorToast: false },
    }),
  );
}
