import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The company as GET customers/enterprises/{id} and PUT profile/enterprise answer it. */
export interface Enterprise {
  sEnterpriseId: string;
  sName: string;
  bVerified: boolean;
  sLegalAddress: string | null;
  sPacaLicense: string | null;
  sBlueBookNumber: string | null;
  sTaxId: string | null;
  sDescription: string | null;
  sType: string;
}

export interface ProfileUser {
  sUserId: string;
  sName: string;
  sLastName: string;
  sEmail: string;
  sPhone: string | null;
  sJobTitle: string | null;
  sRole: string;
  isManager: boolean;
  bActive: boolean;
  created_at: string;
}

export interface UsersPage {
  users: ProfileUser[];
  total: number;
  page: number;
  limit: number;
}

/** A vendor's bank registration; every field is empty until the first save. */
export interface BankRegistration {
  sBank_name: string | null;
  sAccount_number: string | null;
  sRouting_number: string | null;
  clabe: string | null;
  sBank_mxn_account: string | null;
}

export interface MeBody {
  sName: string;
  sLastName: string;
  sPhone: string | null;
  sJobTitle: string | null;
}

export interface EnterpriseBody {
  sName: string;
  sLegalAddress: string | null;
  sPacaLicense: string | null;
  sBlueBookNumber: string | null;
  sTaxId: string | null;
  sDescription: string | null;
}

export interface InviteBody {
  sName: string;
  sLastName: string;
  sEmail: string;
  sJobTitle: string | null;
  isManager: boolean;
}

export interface BankBody {
  sBank_name: string | null;
  sAccount_number: string | null;
  sRouting_number: string | null;
  clabe: string;
  sBank_mxn_account: string;
}

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
    queryFn: async () => (await apiRequest<{ user: ProfileUser }>('profile/me')).user,
  });
}

export function enterpriseQueryOptions(enterpriseId: string) {
  return queryOptions({
    queryKey: profileKeys.enterprise(enterpriseId),
    queryFn: async () =>
      (
        await apiRequest<{ results: Enterprise }>(
          `customers/enterprises/${encodeURIComponent(enterpriseId)}`,
        )
      ).results,
  });
}

export function usersQueryOptions(page: number) {
  return queryOptions({
    queryKey: profileKeys.users(page),
    queryFn: () => apiRequest<UsersPage>(`profile/users?page=${page}&limit=${USERS_PAGE_SIZE}`),
  });
}

export function bankQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.bank(),
    queryFn: async () => (await apiRequest<{ bank: BankRegistration }>('profile/bank')).bank,
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
    mutationFn: (body: MeBody) =>
      apiRequest<{ user: ProfileUser }>('profile/me', { method: 'PUT', body }),
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
    mutationFn: (body: EnterpriseBody) =>
      apiRequest<{ enterprise: Enterprise }>('profile/enterprise', { method: 'PUT', body }),
    onSuccess: ({ enterprise }) => {
      queryClient.setQueryData(profileKeys.enterprise(enterprise.sEnterpriseId), enterprise);
    },
    meta,
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) =>
      apiRequest<{ user: ProfileUser }>('profile/users', { method: 'POST', body }),
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
      bActive?: boolean;
    }) =>
      apiRequest<{ user: ProfileUser }>(`profile/users/${encodeURIComponent(sUserId)}`, {
        method: 'PUT',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'users'] }),
    meta,
  });
}

export function useUpdateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankBody) =>
      apiRequest<{ bank: BankRegistration }>('profile/bank', { method: 'PUT', body }),
    onSuccess: ({ bank }) => queryClient.setQueryData(profileKeys.bank(), bank),
    meta,
  });
}
