import 'i18next';
import type { en } from './en';

// Typed keys: `t('auth.login.titel')` is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
