import type { LoginBody, LoginResponse } from '@app/domain';
import { loginResponseSchema } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';

export async function login(body: LoginBody): Promise<LoginResponse> {
  const answer = await apiRequest<unknown>('auth/login', { method: 'POST', body });
  return loginResponseSchema.parse(answer);
}

/** Logs in and stores the session; the login route then sends the user on. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: login,
    meta: { errorToast: false },
    onSuccess: (answer) => setSession({ token: answer.token, user: answer.user }),
  });
}
