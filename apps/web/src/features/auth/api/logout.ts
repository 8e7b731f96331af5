import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiPost } from '../../../lib/api/typed-client';
import { clearSession } from '../../../lib/session-store';

export async function logout(): Promise<void> {
  await apiPost('auth/logout', { ignoreSessionEnd: true });
}

/**
 * Revokes the token on the server, then forgets the session here whatever the answer
 * (a user who asks to leave is never kept logged in) and goes to the login page.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Already expired or unreachable: the local session is cleared below anyway.
    }
    clearSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
