import type { Language } from '@app/domain';

/**
 * 'YYYY-MM-DD' → '11/21/2026' (en) or '21/11/2026' (sp): the compact date of a table cell,
 * never cut, whatever the language. The full date is in its tooltip (and its accessible
 * name's title).
 */
export function formatCompactDate(calendarDate: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(calendarDate);
  if (!match) return calendarDate;
  const [, year, month, day] = match;
  return language === 'sp' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}
