import { validateClabe } from './clabe.js';

/**
 * What the back office must find on a grower before verifying it: the PACA licence and the
 * tax id it checks, and the bank data (a CLABE whose check digit holds) its sales are paid to.
 * Only a verified grower's articles are listed, searchable and bought.
 */
export const VERIFICATION_PREREQUISITES = ['PACA_LICENSE', 'TAX_ID', 'CLABE'] as const;
export type VerificationPrerequisite = (typeof VERIFICATION_PREREQUISITES)[number];

/** The prerequisites a grower has not registered yet, in the order above. */
export function missingVerificationPrerequisites(company: {
  pacaLicense: string | null;
  taxId: string | null;
  clabe: string | null;
}): VerificationPrerequisite[] {
  const present: Record<VerificationPrerequisite, boolean> = {
    PACA_LICENSE: Boolean(company.pacaLicense?.trim()),
    TAX_ID: Boolean(company.taxId?.trim()),
    CLABE: validateClabe(company.clabe?.trim() ?? '').ok,
  };
  return VERIFICATION_PREREQUISITES.filter((prerequisite) => !present[prerequisite]);
}
