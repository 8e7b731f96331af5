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
 * The period with every movement, for the Excel file, in pages of 5,000 asked for at once:
 * as many as `expectedTotal` (what the screen already shows) needs, then any more the first
 * page says there are now.
 */
export async function getWholeStatement(
  period: StatementPeriod,
  expectedTotal = 0,
): Promise<Statement> {
  const pageOf = (page: number) => getStatement({ ...period, page, limit: STATEMENT_PAGE_MAX });
  const range = (first: number, last: number) =>
    Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => pageOf(first + index));
  const asked = Math.max(1, Math.ceil(expectedTotal / STATEMENT_PAGE_MAX));
  const pages = await Promise.all(range(1, asked));
  const first = pages[0]!;
  const needed = Math.ceil(first.total / STATEMENT_PAGE_MAX);
  if (needed > asked) pages.push(...(await Promise.all(range(asked + 1, needed))));
  if (pages.length === 1) return first;
  return { ...first, entries: pages.flatMap((page) => page.entries) };
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
