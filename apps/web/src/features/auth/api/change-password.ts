import type { ChangePasswordBody } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `resetToken` is the `{id}` of the e-mailed link; it works once and expires. */
export async function changePassword(resetToken: string, body: ChangePasswordBody): Promise<void> {
  await apiRequest<void>(`auth/change-password/${encodeURIComponent(resetToken)}`, {
    method: 'POST',
    body,
  });
}

export function useChangePasswordMutation(resetToken: string) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => changePassword(resetToken, body),
    meta: { errorToast: false },
  });
}
