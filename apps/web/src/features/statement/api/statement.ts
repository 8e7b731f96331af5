import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer, type ApiQuery } from '../../../lib/api/typed-client';
import { getLanguage } from '../../../lib/i18n/i18n';

/** GET statement: `truncated` when more than 5,000 movements (the totals still count them). */
export type Statement = ApiAnswer<'get', 'statement'>;

/** A movement: `dDebit` out, `dCredit` in, `dBalance` after it; `sType` the journal kind. */
export type StatementEntry = Statement['entries'][number];

export type StatementCurrency = Statement['sCurrency'];

/** The period: `from` and `to` (included) as YYYY-MM-DD; the screens always send both. */
export type StatementQuery = Required<ApiQuery<'get', 'statement'>>;

export const statementKeys = {
  all: ['statement'] as const,
  // The descriptions come in the interface language: each language is its own statement.
  period: (query: StatementQuery) =>
    [...statementKeys.all, query.currency, query.from, query.to, getLanguage()] as const,
};

export function getStatement(query: StatementQuery): Promise<Statement> {
  return apiGet('statement', { query: query });
}

export function statementQueryOptions(query: StatementQuery) {
  return queryOptions({
    queryKey: statementKeys.period(query),
    queryFn: () => getStatement(query),
    // Keep the last statement on screen while the next period loads.
    placeholderData: keepPreviousData,
  });
}

/** The statement of a period; `enabled` is false while the chosen period is not valid. */
export function useStatementQuery(query: StatementQuery, enabled: boolean) {
  return useQuery({ ...statementQueryOptions(query), enabled });
}

/** The same statement as a PDF, base64-encoded (rendered in the interface language). */
export async function getStatementPdf(query: StatementQuery): Promise<string> {
  const answer = await apiGet('statement/pdf', { query: query });
  return answer.statement.data;
}
