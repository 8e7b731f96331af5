import { COMPANY_TIME_ZONE } from '@app/domain';
import { getSession } from './session-store';

/**
 * The signed-in company's time zone (its setting, Mexico City's unless an admin chose
 * another): every time on a screen is on its clock, as on the company's receipts.
 */
export function companyTimeZone(): string {
  return getSession()?.user.sTimeZone ?? COMPANY_TIME_ZONE;
}
