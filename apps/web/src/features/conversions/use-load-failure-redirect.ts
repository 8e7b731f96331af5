import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { showErrorToast } from '../../lib/toast';

/**
 * A list that fails to load with an error carrying a code sends the user to /welcome and
 * shows the error (spec, error catalogue). A 403 is left to the "Session ended" dialog.
 */
export function useLoadFailureRedirect(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isApiError(error) || error.status === 403) return;
    showErrorToast(error);
    void navigate('/welcome', { replace: true });
  }, [error, navigate]);
}
