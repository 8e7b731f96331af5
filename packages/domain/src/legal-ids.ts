import { validateRfc } from './rfc.js';

/**
 * The legal ids of a company profile: the PACA licence (USDA, digits with an optional
 * hyphen, 6 to 10 characters) and the tax id (a US EIN `NN-NNNNNNN`, or the RFC of a
 * Mexican company). Both ends run the same checks; the answer says which field is wrong.
 */

const PACA_PATTERN = /^\d+(-\d+)?$/;
const EIN_PATTERN = /^\d{2}-\d{7}$/;

export type LegalIdProblem = 'PACA_FORMAT' | 'TAX_ID_FORMAT';

/** A PACA licence: digits with at most one hyphen between them, 6–10 characters. */
export function validatePacaLicense(value: string): boolean {
  const text = value.trim();
  return text.length >= 6 && text.length <= 10 && PACA_PATTERN.test(text);
}

/** A US EIN written NN-NNNNNNN. */
export function isEin(value: string): boolean {
  return EIN_PATTERN.test(value.trim());
}

/**
 * A company's tax id: a US EIN, or the RFC of a Mexican company (12 characters, a real
 * date; the generic RFCs are refused, they name no company). Answers the form to store.
 */
export function normalizeCompanyTaxId(value: string): string | undefined {
  const text = value.trim();
  if (isEin(text)) return text;
  const rfc = validateRfc(text);
  if (rfc.ok && rfc.kind === 'company' && !rfc.generic) return rfc.normalized;
  return undefined;
}

/** The problems of a profile's legal ids (an empty value is not checked: it is optional). */
export function legalIdProblems(input: {
  pacaLicense: string | null;
  taxId: string | null;
}): Array<{ field: 'sPacaLicense' | 'sTaxId'; problem: LegalIdProblem }> {
  const problems: Array<{ field: 'sPacaLicense' | 'sTaxId'; problem: LegalIdProblem }> = [];
  if (input.pacaLicense && !validatePacaLicense(input.pacaLicense)) {
    problems.push({ field: 'sPacaLicense', problem: 'PACA_FORMAT' });
  }
  if (input.taxId && normalizeCompanyTaxId(input.taxId) === undefined) {
    problems.push({ field: 'sTaxId', problem: 'TAX_ID_FORMAT' });
  }
  return problems;
}
