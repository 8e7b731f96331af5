import { missingVerificationPrerequisites } from '@app/domain';
import type { VendorArticle } from './api/articles';
import type { BankRegistration, Enterprise } from './api/profile';

export type ChecklistStepKey = 'pacaLicense' | 'taxId' | 'bank' | 'article' | 'verification';

export interface ChecklistStep {
  key: ChecklistStepKey;
  done: boolean;
  /** The profile tab where the grower completes the step (none: the back office's step). */
  to: string | null;
}

/**
 * What a new grower still has to do before buyers see its articles: its PACA licence and tax
 * id (RFC) in the company data, bank data with a valid CLABE (where its sales are paid), a
 * first active article with a photo, and then the back office's verification, which needs the
 * first three (the same rule the server applies) and lists its articles.
 */
export function growerChecklist(data: {
  enterprise: Pick<Enterprise, 'sPacaLicense' | 'sTaxId' | 'bVerified'>;
  bank: Pick<BankRegistration, 'clabe'>;
  articles: ReadonlyArray<Pick<VendorArticle, 'bActive' | 'aImages'>>;
}): { steps: ChecklistStep[]; doneCount: number; complete: boolean; readyForReview: boolean } {
  const missing = missingVerificationPrerequisites({
    pacaLicense: data.enterprise.sPacaLicense,
    taxId: data.enterprise.sTaxId,
    clabe: data.bank.clabe,
  });
  const steps: ChecklistStep[] = [
    { key: 'pacaLicense', done: !missing.includes('PACA_LICENSE'), to: '/profile/tab/1' },
    { key: 'taxId', done: !missing.includes('TAX_ID'), to: '/profile/tab/1' },
    { key: 'bank', done: !missing.includes('CLABE'), to: '/profile/tab/3' },
    {
      key: 'article',
      done: data.articles.some((article) => article.bActive && article.aImages.length > 0),
      to: '/profile/tab/4',
    },
    { key: 'verification', done: data.enterprise.bVerified, to: null },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  return {
    steps,
    doneCount,
    complete: doneCount === steps.length,
    readyForReview: missing.length === 0,
  };
}
