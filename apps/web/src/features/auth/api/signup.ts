import { useMutation } from '@tanstack/react-query';
import { apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';
import { setSession } from '../../../lib/session-store';

export type SignupKind = 'customer' | 'vendor';
export type SignupBody = ApiBody<'post', 'auth/signup/customer'>;

export async function signup(
  kind: SignupKind,
  body: SignupBody,
): Promise<ApiAnswer<'post', 'auth/signup/customer'>> {
  return apiPost(`auth/signup/${kind}`, { body });
}

/** Creates the account (201 with a session) and logs the new user in. */
export function useSignupMutation(kind: SignupKind) {
  return useMutation({
    mutationFn: (body: SignupBody) => signup(kind, body),
    meta: { errorToast: false },
    onSuccess: (answer) => setSession({ token: answer.token, user: answer.user }),
  });
}
