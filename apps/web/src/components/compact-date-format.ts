import type { Language } from '@app/domain';
import { localeOf } from '../lib/i18n/i18n';

const formats = new Map<Language, Intl.DateTimeFormat>();

/**
 * 'YYYY-MM-DD' → 'Sep 21, 2026' (en) or '21 sep 2026' (sp): a table cell's date, with the
 * month by its standard abbreviation (the display rule names the month; the full name would
 * not fit a narrow column). The full date is in its tooltip (`formatDate`). Built at UTC
 * midnight and formatted in UTC, so no time zone can move it a day.
 */
export function formatCompactDate(calendarDate: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(calendarDate);
  if (!match) return calendarDate;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    formats.set(language, format);
  }
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}
