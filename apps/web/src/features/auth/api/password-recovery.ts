import { useMutation } from '@tanstack/react-query';
import { apiPost, type ApiBody } from '../../../lib/api/typed-client';

export type PasswordRecoveryBody = ApiBody<'post', 'auth/password-recovery'>;

/** Always 202: the answer never tells whether the e-mail has an account. */
export async function requestPasswordRecovery(body: PasswordRecoveryBody): Promise<void> {
  await apiPost('auth/password-recovery', { body });
}

export function usePasswordRecoveryMutation() {
  return useMutation({ mutationFn: requestPasswordRecovery, meta: { errorToast: false } });
}
