import { randomUUID } from 'node:crypto';
import { COMPANY_TIME_ZONE, formatCompanyTime } from '@app/domain';
import type { Executor } from '../../db/database.js';
import type { BankAccountChangeKind } from '../../db/schema.js';
// eslint-disable-next-line no-restricted-imports -- the notice is queued in the caller's transaction, which holds no MailService
import { insertOutboxEmail } from '../mail/mail.repository.js';
// eslint-disable-next-line no-restricted-imports -- read under the caller's transaction, which holds no team service
import { adminEmails, findTeamSettings } from '../team/team.repository.js';
import { findCompanyTimeZone, insertBankChange } from './bank-changes.repository.js';

const HOUR_MS = 3_600_000;

/** One change of an account the product pays money to. */
export interface BankChange {
  enterpriseId: string;
  kind: BankAccountChangeKind;
  /** The supplier whose CLABE changed (kind SUPPLIER). */
  recipientId?: string | null | undefined;
  /** Who changed it (null when an approval ran it for them). */
  userId?: string | null | undefined;
  /** Whose account it is, as the e-mail names it (the supplier, or the company itself). */
  ownerName: string;
  oldClabe: string | null;
  newClabe: string;
  now: Date;
}

/**
 * The one mechanism behind every change of an account money is paid to (a buyer's
 * supplier, a grower's own payout account), in the caller's transaction: the company's
 * cooling-off starts (its `cooling_off_hours`, 24 by default), the change is recorded for
 * the back office, and every active ADMIN of the company is told by e-mail through the
 * outbox, so a stolen session that changes where money goes is seen before money moves.
 * Answers when the cooling-off ends; the caller holds its payments until then.
 */
export async function startBankChangeCoolingOff(trx: Executor, change: BankChange): Promise<Date> {
  const settings = await findTeamSettings(trx, change.enterpriseId);
  const heldUntil = new Date(change.now.getTime() + (settings?.cooling_off_hours ?? 24) * HOUR_MS);
  await insertBankChange(trx, {
    id: randomUUID(),
    enterpriseId: change.enterpriseId,
    kind: change.kind,
    recipientId: change.recipientId ?? null,
    userId: change.userId ?? null,
    oldClabe: change.oldClabe,
    newClabe: change.newClabe,
    changedAt: change.now,
    effectiveAt: heldUntil,
  });
  const text = change.kind === 'SUPPLIER' ? supplierEmail : payoutAccountEmail;
  const timeZone = (await findCompanyTimeZone(trx, change.enterpriseId)) ?? COMPANY_TIME_ZONE;
  const email = text(change.ownerName, change.oldClabe, change.newClabe, {
    en: heldUntilText(heldUntil, 'en-US', timeZone),
    sp: heldUntilText(heldUntil, 'es-MX', timeZone),
  });
  for (const to of await adminEmails(trx, change.enterpriseId)) {
    await insertOutboxEmail(trx, { id: randomUUID(), toAddress: to, ...email });
  }
  return heldUntil;
}

/** The last four digits only (an e-mail is no place for a whole account number). */
export function maskClabe(clabe: string | null): string {
  return clabe ? `…${clabe.slice(-4)}` : '—';
}

/** When the hold ends, on the company's clock with its zone named, in one language. */
function heldUntilText(until: Date, locale: string, timeZone: string): string {
  return formatCompanyTime(until, locale, { dateStyle: 'long', timeStyle: 'short' }, timeZone);
}

type HeldUntil = { en: string; sp: string };

function supplierEmail(name: string, oldClabe: string | null, newClabe: string, until: HeldUntil) {
  return {
    subject: `Supplier bank account changed: ${name} / Cuenta bancaria de proveedor cambiada`,
    bodyText: [
      `The CLABE of the supplier ${name} changed from ${maskClabe(oldClabe)} to ${maskClabe(newClabe)}.`,
      `Payments to it are held until ${until.en}.`,
      'If you did not expect this change, check it with the supplier by phone before paying.',
      '',
      `La CLABE del proveedor ${name} cambió de ${maskClabe(oldClabe)} a ${maskClabe(newClabe)}.`,
      `Los pagos a este proveedor quedan retenidos hasta el ${until.sp}.`,
      'Si no esperabas este cambio, confírmalo con el proveedor por teléfono antes de pagar.',
    ].join('\n'),
  };
}

function payoutAccountEmail(
  name: string,
  oldClabe: string | null,
  newClabe: string,
  until: HeldUntil,
) {
  return {
    subject: `Your payout bank account changed: ${name} / Cambió tu cuenta bancaria de cobro`,
    bodyText: [
      `The CLABE where ${name} is paid for its marketplace sales changed from ${maskClabe(oldClabe)} to ${maskClabe(newClabe)}.`,
      `Payouts are held until ${until.en}; then they go to the new account.`,
      'If you did not make this change, sign in, change your password and tell us at once: until then no money goes to the new account.',
      '',
      `La CLABE donde ${name} cobra sus ventas del marketplace cambió de ${maskClabe(oldClabe)} a ${maskClabe(newClabe)}.`,
      `Los pagos quedan retenidos hasta el ${until.sp}; después van a la cuenta nueva.`,
      'Si no hiciste este cambio, entra, cambia tu contraseña y avísanos de inmediato: hasta entonces no se envía dinero a la cuenta nueva.',
    ].join('\n'),
  };
}
