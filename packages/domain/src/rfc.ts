/**
 * RFC, the Mexican tax id. Company: 3 letters + YYMMDD + 2 homoclave + check (12 chars);
 * person: 4 letters + YYMMDD + 2 + check (13). About 1.5 % of real RFCs fail the mod-11
 * check, so a wrong check digit is reported as a warning, never a refusal.
 */

export type RfcKind = 'company' | 'person';

export type RfcValidation =
  | {
      ok: true;
      kind: RfcKind;
      /** Uppercase, trimmed, without spaces or hyphens: the form to store. */
      normalized: string;
      /** False means "show a warning": the RFC is still accepted. */
      checkDigitValid: boolean;
      /** XAXX010101000 (general public) or XEXX010101000 (foreign): valid by SAT rule. */
      generic: boolean;
    }
  | { ok: false; reason: 'FORMAT' | 'DATE' };

export const GENERIC_RFCS = ['XAXX010101000', 'XEXX010101000'] as const;

const COMPANY_PATTERN = /^[A-Z&Ñ]{3}\d{6}[A-Z\d]{2}[\dA]$/;
const PERSON_PATTERN = /^[A-Z&Ñ]{4}\d{6}[A-Z\d]{2}[\dA]$/;
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** Trim, uppercase (ñ → Ñ) and drop the spaces and hyphens people type ("MAB-930714-8T4"). */
export function normalizeRfc(value: string): string {
  return value.normalize('NFC').toUpperCase().replace(/[\s-]/g, '');
}

export function validateRfc(value: string): RfcValidation {
  const normalized = normalizeRfc(value);
  const kind: RfcKind | undefined = COMPANY_PATTERN.test(normalized)
    ? 'company'
    : PERSON_PATTERN.test(normalized)
      ? 'person'
      : undefined;
  if (!kind) return { ok: false, reason: 'FORMAT' };
  const dateStart = kind === 'company' ? 3 : 4;
  if (!isRealYymmdd(normalized.slice(dateStart, dateStart + 6)))
    return { ok: false, reason: 'DATE' };
  const generic = (GENERIC_RFCS as readonly string[]).includes(normalized);
  return {
    ok: true,
    kind,
    normalized,
    checkDigitValid: generic || rfcCheckDigit(normalized) === normalized.slice(-1),
    generic,
  };
}

/**
 * The SAT mod-11 check character of a full RFC (its last character is ignored). A company
 * RFC is padded with a leading space to 12 characters; weights 13 down to 2.
 */
export function rfcCheckDigit(rfc: string): string {
  const body = normalizeRfc(rfc).slice(0, -1).padStart(12, ' ');
  let sum = 0;
  for (let index = 0; index < 12; index += 1) {
    const value = CHECK_ALPHABET.indexOf(body[index] ?? '');
    if (value < 0) throw new RangeError(`Not an RFC character: ${body[index]}`);
    sum += value * (13 - index);
  }
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'A' : String(check);
}

function isRealYymmdd(digits: string): boolean {
  const yy = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return false;
  // The century is unknown; Feb 29 is real when 19YY or 20YY was a leap year (YY % 4 === 0).
  const monthDays = [31, yy % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (monthDays[month - 1] ?? 0);
}
