import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type StatementCurrency = 'USD' | 'MXN';

export interface StatementQuery {
  currency: StatementCurrency;
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, included, YYYY-MM-DD. */
  to: string;
}

export interface StatementEntry {
  dDate: string;
  created_at: string;
  sDescription: string;
  /** The journal kind: ADD_FUNDS, FOREX, PAY_NOW, … */
  sType: string;
  /** Money out. */
  dDebit: number;
  /** Money in. */
  dCredit: number;
  /** The balance after this movement. */
  dBalance: number;
  sReference: string | null;
}

export interface Statement {
  sCurrency: StatementCurrency;
  dFrom: string;
  dTo: string;
  openingBalance: number;
  closingBalance: number;
  dTotalDebit: number;
  dTotalCredit: number;
  /** More than 5,000 movements: the list stops there, the totals do not. */
  truncated: boolean;
  entries: StatementEntry[];
}

function statementSearch(query: StatementQuery): string {
  return new URLSearchParams({
    currency: query.currency,
    from: query.from,
    to: query.to,
  }).toString();
}

export const statementKeys = {
  all: ['statement'] as const,
  period: (query: StatementQuery) =>
    [...statementKeys.all, query.currency, query.from, query.to] as const,
};

export function getStatement(query: StatementQuery): Promise<Statement> {
  return apiRequest<Statement>(`statement?${statementSearch(query)}`);
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
  const answer = await apiRequest<{ statement: { data: string } }>(
    `statement/pdf?${statementSearch(query)}`,
  );
  return answer.statement.data;
}
