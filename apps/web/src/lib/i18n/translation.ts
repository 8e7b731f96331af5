import type { en } from './en';

export type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language's texts must have: the English keys, any string values. */
export type Translation = Widen<typeof en>;
