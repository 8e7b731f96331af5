import type { TeamRole } from '@app/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiGet,
  apiPost,
  apiPut,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';

/** The company as GET customers/enterprises/{id} and PUT profile/enterprise answer it. */
export type Enterprise = ApiAnswer<'get', 'customers/enterprises/{enterpriseId}'>['results'];

export type UsersPage = ApiAnswer<'get', 'profile/users'>;

export type ProfileUser = UsersPage['users'][number];

/** A vendor's bank registration; every field is empty until the first save. */
export type BankRegistration = ApiAnswer<'get', 'profile/bank'>['bank'];

export type MeBody = ApiBody<'put', 'profile/me'>;

export type EnterpriseBody = ApiBody<'put', 'profile/enterprise'>;

export type InviteBody = ApiBody<'post', 'profile/users'>;

export type BankBody = ApiBody<'put', 'profile/bank'>;

/** Sub-users are listed 50 a page (the server's default and a company's usual size). */
export const USERS_PAGE_SIZE = 50;

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  enterprise: (enterpriseId: string) => [...profileKeys.all, 'enterprise', enterpriseId] as const,
  users: (page: number) => [...profileKeys.all, 'users', page] as const,
  bank: () => [...profileKeys.all, 'bank'] as const,
};

export function meQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.me(),
    queryFn: async () => (await apiGet('profile/me')).user,
  });
}

export function enterpriseQueryOptions(enterpriseId: string) {
  return queryOptions({
    queryKey: profileKeys.enterprise(enterpriseId),
    queryFn: async () =>
      (await apiGet('customers/enterprises/{enterpriseId}', { params: { enterpriseId } })).results,
  });
}

export function usersQueryOptions(page: number) {
  return queryOptions({
    queryKey: profileKeys.users(page),
    queryFn: () => apiGet('profile/users', { query: { page, limit: USERS_PAGE_SIZE } }),
  });
}

export function bankQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.bank(),
    queryFn: async () => (await apiGet('profile/bank')).bank,
  });
}

export const useMeQuery = () => useQuery(meQueryOptions());
export const useEnterpriseQuery = (enterpriseId: string) =>
  useQuery(enterpriseQueryOptions(enterpriseId));
export const useUsersQuery = (page: number) => useQuery(usersQueryOptions(page));
export const useBankQuery = () => useQuery(bankQueryOptions());

/** Errors are shown by the forms (on their fields) or by the screen, never twice. */
const meta = { errorToast: false };

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeBody) => apiPut('profile/me', { body }),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(profileKeys.me(), user);
      // The header shows the session's full name: ask the server for the fresh one.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'users'] }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
      ]);
    },
    meta,
  });
}

export function useUpdateEnterprise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnterpriseBody) => apiPut('profile/enterprise', { body }),
    onSuccess: ({ enterprise }) => {
      queryClient.setQueryData(profileKeys.enterprise(enterprise.sEnterpriseId), enterprise);
    },
    meta,
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => apiPost('profile/users', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'users'] }),
    meta,
  });
}

export function useUpdateUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      sUserId,
      ...body
    }: {
      sUserId: string;
      isManager?: boolean;
      sTeamRole?: TeamRole;
      bActive?: boolean;
    }) => apiPut('profile/users/{userId}', { params: { userId: sUserId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'users'] }),
    meta,
  });
}

export function useUpdateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    // Where the company is paid: a fresh second-factor code (x-totp-code), or the password
    // of a user without one (sPassword); see useStepUpPrompt.
    mutationFn: ({ body, stepUpCode }: { body: BankBody; stepUpCode?: string | undefined }) =>
      apiPut('profile/bank', { body, ...(stepUpCode ? { stepUpCode } : {}) }),
    onSuccess: ({ bank }) => queryClient.setQueryData(profileKeys.bank(), bank),
    meta,
  });
}

/** An ADMIN turns a member's second factor off (they set it up again); audited by the API. */
export function useResetMemberSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sUserId: string) =>
      apiPost('profile/users/{userId}/2fa/reset', { params: { userId: sUserId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'users'] }),
    meta,
  });
}

/** The grower's own verification: listed or not, and the back office's last reason. */
export type OwnVerification = ApiAnswer<'get', 'vendor/verification'>;

export function verificationQueryOptions() {
  return queryOptions({
    queryKey: [...profileKeys.all, 'verification'] as const,
    queryFn: () => apiGet('vendor/verification'),
  });
}
