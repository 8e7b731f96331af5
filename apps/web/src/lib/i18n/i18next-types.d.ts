import 'i18next';
import type { EnglishTexts } from './translation';

// Typed keys: `t('auth.login.titel')` is a compile error, for the shell's texts and for
// every feature's, even though a feature's texts are loaded only with its routes.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: EnglishTexts };
  }
}
