import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiGet,
  apiPost,
  apiPut,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';
import { financeKeys } from '../../../lib/finance/queries';

/** An approval (GET approvals/{id}): a held money call or supplier bank change. */
export type Approval = ApiAnswer<'get', 'approvals/{approvalId}'>['approval'];
export type ApprovalQuote = ApiAnswer<'post', 'approvals/{approvalId}/quote'>['quote'];
export type TeamSettings = ApiAnswer<'get', 'team/settings'>['settings'];
export type TeamSettingsBody = ApiBody<'put', 'team/settings'>;

export const teamKeys = {
  all: ['team'] as const,
  approvals: (filter: 'PENDING' | 'ALL') => [...teamKeys.all, 'approvals', filter] as const,
  approval: (approvalId: string) => [...teamKeys.all, 'approval', approvalId] as const,
  settings: () => [...teamKeys.all, 'settings'] as const,
};

const quiet = { errorToast: false };

export function approvalsQueryOptions(filter: 'PENDING' | 'ALL') {
  return queryOptions({
    queryKey: teamKeys.approvals(filter),
    queryFn: () =>
      apiGet('approvals', {
        query: { ...(filter === 'PENDING' ? { status: 'PENDING' as const } : {}), limit: 50 },
      }),
    // The screens say it themselves (the exchange page's card, the approvals page); set here
    // so that a route's prefetch of the list does not toast either.
    meta: quiet,
  });
}

export function useApprovalsQuery(filter: 'PENDING' | 'ALL') {
  return useQuery(approvalsQueryOptions(filter));
}

export function useApprovalQuery(approvalId: string) {
  return useQuery({
    queryKey: teamKeys.approval(approvalId),
    queryFn: async () =>
      (await apiGet('approvals/{approvalId}', { params: { approvalId } })).approval,
    meta: quiet,
  });
}

/** A fresh quote for the approve dialog; asked for each time the dialog opens. */
export async function fetchApprovalQuote(approvalId: string): Promise<ApprovalQuote> {
  return (await apiPost('approvals/{approvalId}/quote', { params: { approvalId } })).quote;
}

export function useDecideApprovalMutation(approvalId: string) {
  const queryClient = useQueryClient();
  const settle = async () => {
    // An approved request changes what the finance screens show (a payment, a supplier).
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: financeKeys.all }),
    ]);
  };
  const approve = useMutation({
    mutationFn: async ({
      stepUpCode,
      ...body
    }: {
      sExchangeRateReference?: string;
      /** The approver's fresh second-factor code, when the server asks for one. */
      stepUpCode?: string | undefined;
    }) =>
      (
        await apiPost('approvals/{approvalId}/approve', {
          params: { approvalId },
          body,
          ...(stepUpCode ? { stepUpCode } : {}),
        })
      ).approval,
    onSettled: settle,
    // The page shows the error (or asks for the step-up code), never twice.
    meta: quiet,
  });
  const reject = useMutation({
    mutationFn: async (body: { sReason?: string }) =>
      (
        await apiPost('approvals/{approvalId}/reject', {
          params: { approvalId },
          body,
        })
      ).approval,
    onSettled: settle,
    // The page shows the error (or asks for the step-up code), never twice.
    meta: quiet,
  });
  return { approve, reject };
}

export function useTeamSettingsQuery() {
  return useQuery({
    queryKey: teamKeys.settings(),
    queryFn: async () => (await apiGet('team/settings')).settings,
    meta: quiet,
  });
}

export function useTeamSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamSettingsBody) =>
      (await apiPut('team/settings', { body })).settings,
    onSuccess: (settings) => queryClient.setQueryData(teamKeys.settings(), settings),
  });
}
