import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer, type ApiQuery } from '../../../lib/api/typed-client';
import { getLanguage } from '../../../lib/i18n/i18n';

/**
 * GET statement: the balances and totals of the whole period, and one page of its movements
 * (`total` of them in all); `truncated` when more than fit in one answer (5,000).
 */
export type Statement = ApiAnswer<'get', 'statement'>;

/** A movement: `dDebit` out, `dCredit` in, `dBalance` after it; `sType` the journal kind. */
export type StatementEntry = Statement['entries'][number];

export type StatementCurrency = Statement['sCurrency'];

/** The period: `from` and `to` (included) as YYYY-MM-DD; the screens always send both. */
export type StatementPeriod = Required<
  Pick<ApiQuery<'get', 'statement'>, 'currency' | 'from' | 'to'>
>;

/** A period and one page of its movements (1-based). */
export type StatementQuery = StatementPeriod & { page: number; limit: number };

/** The most movements one answer holds: the export reads the period in pages of this size. */
export const STATEMENT_PAGE_MAX = 5_000;

export const statementKeys = {
  all: ['statement'] as const,
  // The descriptions come in the interface language: each language is its own statement.
  page: (query: StatementQuery) =>
    [
      ...statementKeys.all,
      query.currency,
      query.from,
      query.to,
      query.page,
      query.limit,
      getLanguage(),
    ] as const,
};

export function getStatement(query: StatementQuery): Promise<Statement> {
  return apiGet('statement', { query });
}

/**
 * The period with every movement, for the Excel file: the first page of 5,000, then the
 * others at once when there are more.
 */
export async function getWholeStatement(period: StatementPeriod): Promise<Statement> {
  const first = await getStatement({ ...period, page: 1, limit: STATEMENT_PAGE_MAX });
  const pages = Math.ceil(first.total / STATEMENT_PAGE_MAX);
  if (pages <= 1) return first;
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, index) =>
      getStatement({ ...period, page: index + 2, limit: STATEMENT_PAGE_MAX }),
    ),
  );
  return { ...first, entries: [first, ...rest].flatMap((page) => page.entries) };
}

export function statementQueryOptions(query: StatementQuery) {
  return queryOptions({
    queryKey: statementKeys.page(query),
    queryFn: () => getStatement(query),
    // Keep the last page on screen while the next one (or the next period) loads.
    placeholderData: keepPreviousData,
  });
}

/** A page of a period's statement; `enabled` is false while the chosen period is not valid. */
export function useStatementQuery(query: StatementQuery, enabled: boolean) {
  return useQuery({ ...statementQueryOptions(query), enabled });
}

/** The same statement as a PDF, base64-encoded (rendered in the interface language). */
export async function getStatementPdf(period: StatementPeriod): Promise<string> {
  const answer = await apiGet('statement/pdf', { query: period });
  return answer.statement.data;
}
