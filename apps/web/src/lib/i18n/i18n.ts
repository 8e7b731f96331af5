import type { Language } from '@app/domain';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en';
import { sp } from './sp';

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

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, sp: { translation: sp } },
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

export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  void i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

/** The current language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
