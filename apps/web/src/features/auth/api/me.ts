import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { apiGet, type ApiAnswer } from '../../../lib/api/typed-client';
import { i18n } from '../../../lib/i18n/i18n';
import { isSessionUser, updateSessionUser, useSession } from '../../../lib/session-store';

export type Me = ApiAnswer<'get', 'auth/me'>;

export async function getMe(): Promise<Me> {
  const answer = await apiGet('auth/me');
  if (!isSessionUser(answer?.user)) {
    throw new ApiError('UNEXPECTED_RESPONSE', 200, i18n.t('errors.unknown'));
  }
  return answer;
}

export function meQueryOptions(token: string | undefined) {
  return queryOptions({
    queryKey: ['auth', 'me', token],
    queryFn: getMe,
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

/**
 * On start (and after each login) asks who the token belongs to and stores the fresh
 * user data. A 403 here opens the session-ended dialog through the api client.
 */
export function useRefreshSessionUser(): void {
  const token = useSession()?.token;
  const { data } = useQuery(meQueryOptions(token));
  useEffect(() => {
    if (data) updateSessionUser(data.user);
  }, [data]);
}
