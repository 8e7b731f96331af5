import {
  addDays,
  daysBetween,
  moneyToDecimalString,
  rateToDecimalString,
  todayInTimeZone,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { publishEvent } from './publish-event.js';

/** Days before the due date of the first reminder. */
export const FORWARD_REMINDER_DAYS = 3;

/**
 * The `forwards.remind` job: each active forward due within 3 days gets `forward.due` once
 * ("due in N days", N = 1 to 3), and once more on its due date ("due today"). Each is
 * published with a dedupe key (forward and reminder), so running the job again, on another
 * replica or after a missed day, repeats nothing. Calendar days are Mexico City's.
 */
export async function remindDueForwards(db: Db, now: Date): Promise<number> {
  const today = todayInTimeZone(now);
  const forwards = await db
    .selectFrom('conversions')
    .select([
      'id',
      'enterprise_id',
      'forward_date',
      'usd_cents',
      'mxn_cents',
      'rate_micro',
      'tracking_id',
    ])
    .where('type', '=', 'FORWARD')
    .where('status', '=', 'ACTIVE')
    .where('forward_date', '>=', today)
    .where('forward_date', '<=', addDays(today, FORWARD_REMINDER_DAYS))
    .orderBy('forward_date')
    .execute();
  let published = 0;
  for (const forward of forwards) {
    if (!forward.forward_date) continue;
    const daysLeft = daysBetween(today, forward.forward_date);
    const reminder = daysLeft === 0 ? 'due-today' : 'due-soon';
    const eventId = await db.transaction().execute((trx) =>
      publishEvent(trx, {
        type: 'forward.due',
        sEnterpriseId: forward.enterprise_id,
        at: now,
        dedupeKey: `forward.due:${forward.id}:${reminder}`,
        data: {
          sConversionId: forward.id,
          iTrackingId: Number(forward.tracking_id),
          dForwardDate: forward.forward_date,
          iDaysLeft: daysLeft,
          dAmountUsd: moneyToDecimalString(forward.usd_cents),
          dAmountMxn: moneyToDecimalString(forward.mxn_cents),
          dRate: rateToDecimalString(forward.rate_micro),
        },
      }),
    );
    if (eventId) published += 1;
  }
  return published;
}
