import { validateClabe } from '@app/domain';
import type { VendorArticle } from './api/articles';
import type { BankRegistration, Enterprise } from './api/profile';

export type ChecklistStepKey = 'company' | 'bank' | 'article';

export interface ChecklistStep {
  key: ChecklistStepKey;
  done: boolean;
  /** The profile tab where the grower completes the step. */
  to: string;
}

/**
 * What a new grower still has to do before selling: company data with PACA licence and tax
 * id, bank data with a valid CLABE (a grower without one cannot be paid), and a first active
 * article with a photo.
 */
export function growerChecklist(data: {
  enterprise: Pick<Enterprise, 'sPacaLicense' | 'sTaxId'>;
  bank: Pick<BankRegistration, 'clabe'>;
  articles: ReadonlyArray<Pick<VendorArticle, 'bActive' | 'aImages'>>;
}): { steps: ChecklistStep[]; doneCount: number; complete: boolean } {
  const steps: ChecklistStep[] = [
    {
      key: 'company',
      done: Boolean(data.enterprise.sPacaLicense?.trim() && data.enterprise.sTaxId?.trim()),
      to: '/profile/tab/1',
    },
    {
      key: 'bank',
      done: validateClabe(data.bank.clabe?.trim() ?? '').ok,
      to: '/profile/tab/3',
    },
    {
      key: 'article',
      done: data.articles.some((article) => article.bActive && article.aImages.length > 0),
      to: '/profile/tab/4',
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  return { steps, doneCount, complete: doneCount === steps.length };
}
