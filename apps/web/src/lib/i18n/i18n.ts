import type { Language } from '@app/domain';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en';

export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Language = 'en';

const LOCALES: Record<Language, string> = { en: 'en-US', sp: 'es-MX' };
const HTML_LANGS: Record<Language, string> = { en: 'en', sp: 'es' };

function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'sp';
}

/** The BCP 47 locale of a language of the API (`sp` is Spanish as spoken in Mexico). */
export function localeOf(language: Language): string {
  return LOCALES[language];
}

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n = i18next.createInstance();

/**
 * The shell's English texts are in the first load (English is also the fallback); the
 * Spanish ones are their own chunk, loaded before the first render when Spanish is the
 * stored choice (`loadLanguage` in `main.tsx`) and otherwise when the user switches.
 */
const shellLoaded = new Set<Language>(['en']);
const shellLoading = new Map<Language, Promise<void>>();

/** Loads a language's shell texts (once); resolves when they are in. */
export function loadLanguage(language: Language): Promise<void> {
  if (shellLoaded.has(language)) return Promise.resolve();
  let pending = shellLoading.get(language);
  if (!pending) {
    pending = import('./sp').then(({ sp }) => {
      i18n.addResourceBundle('sp', 'translation', sp, true, false);
      shellLoaded.add(language);
    });
    // A chunk that failed to load (e.g. offline) is asked for again next time.
    pending.catch(() => shellLoading.delete(language));
    shellLoading.set(language, pending);
  }
  return pending;
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'sp'],
  initAsync: false,
  showSupportNotice: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANGS[language];
}
applyDocumentLanguage(getLanguage());

/** The interface language; also the `{lang}` segment of every API path. */
export function getLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Switches the interface language and remembers it. With its texts already in, the switch is
 * immediate; otherwise it happens as soon as they are (the page keeps the old language until
 * then, never raw keys).
 */
export function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  const apply = () => {
    void i18n.changeLanguage(language);
    applyDocumentLanguage(language);
  };
  if (shellLoaded.has(language)) {
    apply();
    return Promise.resolve();
  }
  return loadLanguage(language).then(apply, () => {});
}

/** The current language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
