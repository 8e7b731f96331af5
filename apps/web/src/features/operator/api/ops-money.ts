import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';
import { useLanguage } from '../../../lib/i18n/i18n';
import { operatorKeys } from './operator';

/** The back office's marketplace money: held order funds, disputes with their split. */

export type HeldFunds = ApiAnswer<'get', 'ops/held-funds'>;

/** Bank account changes still in their cooling-off (a grower's own, or a buyer's supplier). */
export type PendingBankChange = ApiAnswer<'get', 'ops/bank-changes'>['changes'][number];

/** The house's fee income in a period, by kind, per day and per order, beside its ledger accounts. */
export type HouseIncome = ApiAnswer<'get', 'ops/house-income'>;
export type HouseIncomeOrder = HouseIncome['orders'][number];

/** A dispute as the back office sees it: with the order's held money and, once resolved, the split. */
export type OpsDispute = ApiAnswer<'get', 'disputes/{disputeId}'>['dispute'];

export const opsMoneyKeys = {
  all: [...operatorKeys.all, 'money'] as const,
  held: (language: string) => [...opsMoneyKeys.all, 'held', language] as const,
  bankChanges: () => [...opsMoneyKeys.all, 'bank-changes'] as const,
  houseIncome: (from: string, to: string) =>
    [...opsMoneyKeys.all, 'house-income', from, to] as const,
  disputes: (tab: string, page: number, language: string) =>
    [...opsMoneyKeys.all, 'disputes', tab, page, language] as const,
  dispute: (id: string, language: string) =>
    [...opsMoneyKeys.all, 'dispute', id, language] as const,
};

export function useHeldFundsQuery() {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: opsMoneyKeys.held(language),
      queryFn: () => apiGet('ops/held-funds'),
      staleTime: 0,
      meta: { errorToast: false },
    }),
  );
}

export function useBankChangesQuery() {
  return useQuery(
    queryOptions({
      queryKey: opsMoneyKeys.bankChanges(),
      queryFn: async () => (await apiGet('ops/bank-changes')).changes,
      staleTime: 0,
      meta: { errorToast: false },
    }),
  );
}

/** The period's fee income; without dates, the month so far (the server's default). */
export function useHouseIncomeQuery(from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: opsMoneyKeys.houseIncome(from, to),
      queryFn: () =>
        apiGet('ops/house-income', {
          query: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
        }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { errorToast: false },
    }),
  );
}

export function useOpsDisputesQuery(tab: 'in-process' | 'finalized', page: number) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: opsMoneyKeys.disputes(tab, page, language),
      queryFn: () => apiGet('ops/disputes', { query: { tab, page, limit: 25 } }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { errorToast: false },
    }),
  );
}

export function useOpsDisputeQuery(disputeId: string) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: opsMoneyKeys.dispute(disputeId, language),
      queryFn: async () =>
        (await apiGet('disputes/{disputeId}', { params: { disputeId } })).dispute,
      staleTime: 0,
      meta: { errorToast: false },
    }),
  );
}

export type ResolveBody = ApiBody<'post', 'ops/disputes/{disputeId}/resolve'>;

/** POST ops/disputes/:id/resolve with the split; every back-office read is fresh after it. */
export function useResolveDispute(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveBody) =>
      apiPost('ops/disputes/{disputeId}/resolve', { params: { disputeId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}

/** POST ops/enterprises/:id/verified: verify a company or withdraw it, with a reason. */
export function useSetVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { enterpriseId: string; verified: boolean; reason: string }) =>
      apiPost('ops/enterprises/{enterpriseId}/verified', {
        params: { enterpriseId: input.enterpriseId },
        body: { bVerified: input.verified, sReason: input.reason },
      }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
