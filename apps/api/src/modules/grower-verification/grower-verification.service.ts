import {
  missingVerificationPrerequisites,
  validateClabe,
  type VerificationPrerequisite,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './grower-verification.repository.js';

/** The field of the profile where each prerequisite is registered (a refusal names the first). */
const PREREQUISITE_FIELD: Record<VerificationPrerequisite, string> = {
  PACA_LICENSE: 'sPacaLicense',
  TAX_ID: 'sTaxId',
  CLABE: 'clabe',
};

/** The flag of each prerequisite in VERIFICATION_INCOMPLETE's params (its message lists them). */
const PREREQUISITE_PARAM: Record<VerificationPrerequisite, string> = {
  PACA_LICENSE: 'pacaLicense',
  TAX_ID: 'taxId',
  CLABE: 'clabe',
};

export interface VerificationAnswer {
  sEnterpriseId: string;
  bVerified: boolean;
  sReason: string;
  changed_at: string;
}

/** A grower's own view of its verification: what is missing before buyers see its articles. */
export interface OwnVerificationAnswer {
  bVerified: boolean;
  /** Whether buyers see its articles: verified, with a CLABE its sales can be paid to. */
  bListed: boolean;
  aMissing: VerificationPrerequisite[];
  /** The back office's reason for its last decision (why it was withdrawn, if it was). */
  sReason: string | null;
  changed_at: string | null;
}

type CompanyRow = NonNullable<Awaited<ReturnType<typeof repo.findCompany>>>;

function isListed(row: Pick<CompanyRow, 'verified' | 'clabe'>): boolean {
  return row.verified && validateClabe(row.clabe?.trim() ?? '').ok;
}

function missingOf(row: CompanyRow): VerificationPrerequisite[] {
  return missingVerificationPrerequisites({
    pacaLicense: row.paca_license,
    taxId: row.tax_id,
    clabe: row.clabe,
  });
}

/**
 * The back office verifies a company, or withdraws its verification, always with a reason.
 * A grower is verified only with its PACA licence, tax id and CLABE registered; withdrawing
 * hides its articles from buyers, while its open orders are still paid and delivered.
 */
export class GrowerVerificationService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Records the decision; answers it with the state before (for the audit log). */
  async decide(
    enterpriseId: string,
    verified: boolean,
    reason: string,
  ): Promise<{
    before: { bVerified: boolean; sReason: string | null };
    after: VerificationAnswer;
  }> {
    const id = isUuid(enterpriseId) ? enterpriseId.toLowerCase() : undefined;
    if (!id) throw new AppError('NOT_FOUND', { field: 'sEnterpriseId' });
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.lockCompany(trx, id);
      if (!row) throw new AppError('NOT_FOUND', { field: 'sEnterpriseId' });
      if (verified && row.type === 'vendor') {
        const missing = missingOf(row);
        const first = missing[0];
        if (first) {
          throw new AppError('VERIFICATION_INCOMPLETE', {
            field: PREREQUISITE_FIELD[first],
            params: Object.fromEntries(missing.map((item) => [PREREQUISITE_PARAM[item], 1])),
          });
        }
      }
      await repo.setVerification(trx, id, { verified, reason, at });
      return {
        before: { bVerified: row.verified, sReason: row.verification_reason },
        after: {
          sEnterpriseId: id,
          bVerified: verified,
          sReason: reason,
          changed_at: at.toISOString(),
        },
      };
    });
  }

  /** The grower's own verification: done, listed, and what is still missing. */
  async own(enterpriseId: string): Promise<OwnVerificationAnswer> {
    const row = await repo.findCompany(this.db, enterpriseId);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      bVerified: row.verified,
      bListed: isListed(row),
      aMissing: missingOf(row),
      sReason: row.verification_reason,
      changed_at: row.verification_changed_at?.toISOString() ?? null,
    };
  }
}
