import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n/i18n';
import { acknowledgeSessionEnded, useSessionEnded } from '../lib/session-ended';
import { clearSession } from '../lib/session-store';
import { whenIdle } from '../lib/when-idle';

// Its own chunk (a dialog few sessions ever see), asked for once the browser is idle so it
// is there when the session ends, even if the network has gone by then.
const loadDialog = () => import('../components/session-ended-dialog');
const SessionEndedDialog = lazy(async () => ({ default: (await loadDialog()).SessionEndedDialog }));

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
  useEffect(
    () =>
      whenIdle(() => {
        loadDialog().catch(() => {});
      }),
    [],
  );

  const onConfirm = () => {
    clearStorageKeepingLanguage();
    clearSession();
    queryClient.clear();
    acknowledgeSessionEnded();
    void navigate('/login', { replace: true });
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedDialog open onConfirm={onConfirm} />
    </Suspense>
  );
}
