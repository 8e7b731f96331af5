import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLanguage, setLanguage } from '../lib/i18n/i18n';
import { acknowledgeSessionEnded } from '../lib/session-ended';
import { clearSession } from '../lib/session-store';

// The Spanish shell texts are a lazy chunk in the app; tests switch language synchronously.
await loadLanguage('sp');

// Lazy pages load their chunks in tests too; on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; the app resets scroll on each navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  clearSession();
  acknowledgeSessionEnded();
  localStorage.clear();
  setLanguage('en');
});
