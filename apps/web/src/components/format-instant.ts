import { formatCompanyTime, type Language } from '@app/domain';
import { companyTimeZone } from '../lib/company-clock';
import { localeOf } from '../lib/i18n/i18n';

// Every time on a screen is on the company clock (its time zone setting) with its zone named
// ("9:12 AM CST"), as on the company's receipts and statements, whatever the browser's zone.

/**
 * An instant (ISO-8601) as a date with the month's full name and a time on the company
 * clock: "November 21, 2026 at 3:04 PM CST" / "21 de noviembre de 2026, 15:04 CST".
 */
export function formatDateTime(instant: string, language: Language): string {
  return formatCompanyTime(
    new Date(instant),
    localeOf(language),
    { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    companyTimeZone(),
  );
}

/** The day of an instant on the company clock: "November 21, 2026". */
export function formatDay(instant: string, language: Language): string {
  return formatCompanyTime(
    new Date(instant),
    localeOf(language),
    { year: 'numeric', month: 'long', day: 'numeric' },
    companyTimeZone(),
  );
}

/** An instant as a short date and time on the company clock ("Nov 24, 2026, 3:04 PM CST"). */
export function formatInstant(instant: string, language: Language): string {
  return formatCompanyTime(
    new Date(instant),
    localeOf(language),
    { dateStyle: 'medium', timeStyle: 'short' },
    companyTimeZone(),
  );
}
