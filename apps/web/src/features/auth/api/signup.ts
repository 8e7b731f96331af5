import type { LoginResponse, SignupBody } from '@app/domain';
import { loginResponseSchema } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';

export type SignupKind = 'customer' | 'vendor';

export async function signup(kind: SignupKind, body: SignupBody): Promise<LoginResponse> {
  const answer = await apiRequest<unknown>(`auth/signup/${kind}`, { method: 'POST', body });
  return loginResponseSchema.parse(answer);
}

/** Creates the account (201 with a session) and logs the new user in. */
export function useSignupMutation(kind: SignupKind) {
  return useMutation({
    mutationFn: (body: SignupBody) => signup(kind, body),
    meta: { errorToast: false },
    onSuccess: (answer) => setSession({ token: answer.token, user: answer.user }),
  });
}
