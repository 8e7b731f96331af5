import type { PasswordRecoveryBody } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Always 202: the answer never tells whether the e-mail has an account. */
export async function requestPasswordRecovery(body: PasswordRecoveryBody): Promise<void> {
  await apiRequest<void>('auth/password-recovery', { method: 'POST', body });
}

export function usePasswordRecoveryMutation() {
  return useMutation({ mutationFn: requestPasswordRecovery, meta: { errorToast: false } });
}
