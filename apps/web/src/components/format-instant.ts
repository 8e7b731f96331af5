import type { Language } from '@app/domain';
import { localeOf } from '../lib/i18n/i18n';

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();
const dayFormats = new Map<Language, Intl.DateTimeFormat>();

function cached(
  store: Map<Language, Intl.DateTimeFormat>,
  language: Language,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = store.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), options);
    store.set(language, format);
  }
  return format;
}

/**
 * An instant (ISO-8601) as a date with the month's full name and a time, in the user's
 * time zone: "November 21, 2026 at 3:04 PM" / "21 de noviembre de 2026, 15:04".
 */
export function formatDateTime(instant: string, language: Language): string {
  return cached(dateTimeFormats, language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

/** The day of an instant in the user's time zone: "November 21, 2026". */
export function formatDay(instant: string, language: Language): string {
  return cached(dayFormats, language, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(instant),
  );
}

/** An instant as a short date and time in the user's time zone ("Nov 24, 2026, 3:04 PM"). */
export function formatInstant(instant: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(instant));
}
