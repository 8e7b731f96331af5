import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';

export type StatementImport = ApiAnswer<'post', 'ops/bank-statements'>;
export type UnmatchedPage = ApiAnswer<'get', 'ops/bank-statements/unmatched'>;
export type UnmatchedEntry = UnmatchedPage['entries'][number];

export const bankStatementKeys = {
  all: ['operator', 'bank-statements'] as const,
  unmatched: () => [...bankStatementKeys.all, 'unmatched'] as const,
};

/** Imports one statement file's text; each entry comes back MATCHED, UNMATCHED, … */
export function importStatement(body: ApiBody<'post', 'ops/bank-statements'>) {
  return apiPost('ops/bank-statements', { body });
}

export function useUnmatchedQuery(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: bankStatementKeys.unmatched(),
      queryFn: () => apiGet('ops/bank-statements/unmatched', { query: { limit: 200 } }),
    }),
    enabled,
  });
}

export function assignEntry(entryId: string, enterpriseId: string) {
  return apiPost('ops/bank-statements/unmatched/{entryId}/assign', {
    params: { entryId },
    body: { sEnterpriseId: enterpriseId },
  });
}

export function rejectEntry(entryId: string, reason: string) {
  return apiPost('ops/bank-statements/unmatched/{entryId}/reject', {
    params: { entryId },
    body: { sReason: reason },
  });
}

export type StatementReconciliation = ApiAnswer<'get', 'ops/reconciliation/bank-statements'>;

/** The day's differences between the imported statements and the ledger. */
export function useStatementReconciliationQuery(date: string) {
  return useQuery({
    ...queryOptions({
      queryKey: [...bankStatementKeys.all, 'reconciliation', date] as const,
      queryFn: () => apiGet('ops/reconciliation/bank-statements', { query: { date } }),
    }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}
