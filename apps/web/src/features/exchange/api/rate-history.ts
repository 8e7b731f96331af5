import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer } from '../../../lib/api/typed-client';

/** The periods the rate history chart offers. */
export const HISTORY_PERIODS = [7, 30, 90] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];

/** `t` an ISO-8601 instant, `rate` MXN per USD. */
export type RatePoint = ApiAnswer<'get', 'exchange-rate/history'>['points'][number];

export const exchangeKeys = {
  all: ['exchange'] as const,
  rateHistory: (days: HistoryPeriod) => [...exchangeKeys.all, 'rate-history', days] as const,
  depositDetails: (language: string) => [...exchangeKeys.all, 'deposit-details', language] as const,
};

export async function getRateHistory(days: HistoryPeriod): Promise<RatePoint[]> {
  return (await apiGet('exchange-rate/history', { query: { days } })).points;
}

export function rateHistoryQueryOptions(days: HistoryPeriod) {
  return queryOptions({
    queryKey: exchangeKeys.rateHistory(days),
    queryFn: () => getRateHistory(days),
    staleTime: 5 * 60_000,
    // The chart shows its own error; no toast for a decoration of the page.
    meta: { errorToast: false },
  });
}

/** The rate history of `days`; the previous period stays on screen while the next loads. */
export function useRateHistoryQuery(days: HistoryPeriod, enabled: boolean) {
  return useQuery({ ...rateHistoryQueryOptions(days), enabled, placeholderData: keepPreviousData });
}
