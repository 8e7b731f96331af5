import type { ChangePasswordBody } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/typed-client';

/** `resetToken` is the `{id}` of the e-mailed link; it works once and expires. */
export async function changePassword(resetToken: string, body: ChangePasswordBody): Promise<void> {
  await apiPost('auth/change-password/{id}', { params: { id: resetToken }, body });
}

export function useChangePasswordMutation(resetToken: string) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => changePassword(resetToken, body),
    meta: { errorToast: false },
  });
}
