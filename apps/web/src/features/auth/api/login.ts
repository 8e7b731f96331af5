import { useMutation } from '@tanstack/react-query';
import { apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';
import { setSession } from '../../../lib/session-store';

export type LoginBody = ApiBody<'post', 'auth/login'>;
export type LoginAnswer = ApiAnswer<'post', 'auth/login'>;

export async function login(body: LoginBody): Promise<LoginAnswer> {
  return apiPost('auth/login', { body });
}

/** Logs in and stores the session; the login route then sends the user on. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: login,
    meta: { errorToast: false },
    onSuccess: (answer) => setSession({ token: answer.token, user: answer.user }),
  });
}
