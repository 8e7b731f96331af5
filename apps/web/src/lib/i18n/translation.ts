import type { en } from './en';
import type { FeatureTexts } from './feature-texts';

export type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/**
 * Every English text: the shell's (`en.ts`, in the first load) and each feature's
 * (`features/*.ts`, loaded with the feature's routes). i18next's typed keys read it.
 */
export type EnglishTexts = typeof en & FeatureTexts;

/** The shape the shell's texts must have in every language: the English keys, any string values. */
export type Translation = Widen<typeof en>;
