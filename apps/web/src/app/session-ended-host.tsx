import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SessionEndedDialog } from '../components/session-ended-dialog';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n/i18n';
import { acknowledgeSessionEnded, useSessionEnded } from '../lib/session-ended';
import { clearSession } from '../lib/session-store';

/** Clears everything the browser keeps for this app except the language choice. */
function clearStorageKeepingLanguage(): void {
  const language = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  localStorage.clear();
  if (language !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

/** Shows the session-ended dialog while the signal is raised; OK starts afresh at /login. */
export function SessionEndedHost() {
  const open = useSessionEnded();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onConfirm = () => {
    clearStorageKeepingLanguage();
    clearSession();
    queryClient.clear();
    acknowledgeSessionEnded();
    void navigate('/login', { replace: true });
  };

  return <SessionEndedDialog open={open} onConfirm={onConfirm} />;
}
