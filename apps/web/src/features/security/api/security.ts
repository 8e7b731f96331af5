import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  apiGet,
  apiPost,
  apiPut,
  type ApiAnswer,
  type ApiQuery,
} from '../../../lib/api/typed-client';

export type SecondFactorStatus = ApiAnswer<'get', 'auth/2fa'>;
export type AuditLogPage = ApiAnswer<'get', 'audit-log'>;
export type AuditEntry = AuditLogPage['entries'][number];
export type AuditLogQuery = ApiQuery<'get', 'audit-log'>;

export const secondFactorQueryOptions = () =>
  queryOptions({ queryKey: ['auth', '2fa'], queryFn: () => apiGet('auth/2fa') });

export function useSecondFactorQuery() {
  return useQuery(secondFactorQueryOptions());
}

export const securityPolicyQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'security'], queryFn: () => apiGet('settings/security') });

export function useSecurityPolicyQuery(enabled: boolean) {
  return useQuery({ ...securityPolicyQueryOptions(), enabled });
}

export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: ['audit-log', query],
    queryFn: () => apiGet('audit-log', { query }),
    placeholderData: keepPreviousData,
  });

export function useAuditLogQuery(query: AuditLogQuery) {
  return useQuery(auditLogQueryOptions(query));
}

/** The company's members, for the audit log's user filter (first 100 by name). */
export function useMembersQuery() {
  return useQuery({
    queryKey: ['profile', 'users', 'audit-filter'],
    queryFn: () => apiGet('profile/users', { query: { page: 1, limit: 100 } }),
  });
}

function useInvalidateSecondFactor() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['auth', '2fa'] });
}

export function useSetupSecondFactorMutation() {
  return useMutation({ mutationFn: () => apiPost('auth/2fa/setup') });
}

export function useEnableSecondFactorMutation() {
  const invalidate = useInvalidateSecondFactor();
  return useMutation({
    mutationFn: (sCode: string) => apiPost('auth/2fa/enable', { body: { sCode } }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useDisableSecondFactorMutation() {
  const invalidate = useInvalidateSecondFactor();
  return useMutation({
    mutationFn: (sCode: string) => apiPost('auth/2fa/disable', { body: { sCode } }),
    onSuccess: invalidate,
  });
}

export function useRegenerateRecoveryCodesMutation() {
  const invalidate = useInvalidateSecondFactor();
  return useMutation({
    mutationFn: (sCode: string) => apiPost('auth/2fa/recovery-codes', { body: { sCode } }),
    onSuccess: invalidate,
  });
}

export function useSecurityPolicyMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bRequireTotp: boolean) => apiPut('settings/security', { body: { bRequireTotp } }),
    onSuccess: (answer) => client.setQueryData(securityPolicyQueryOptions().queryKey, answer),
  });
}
