import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api/typed-client';
import type { Transaction } from './types';

/**
 * The active forwards, read by the forwards page and by the dashboard (which flags those
 * due). The key sits under the conversions' key, so that whatever changes a conversion
 * refreshes this list too.
 */
export const activeForwardsKey = ['conversions', 'forwards'] as const;

export function activeForwardsQueryOptions() {
  return queryOptions({
    queryKey: activeForwardsKey,
    queryFn: () => apiGet('transactions/getForwardsActive'),
  });
}

/** A forward is due, and its payment may be requested, once its days remaining reach 0. */
export function isForwardDue(transaction: Pick<Transaction, 'iDaysRemaining'>): boolean {
  return transaction.iDaysRemaining !== null && transaction.iDaysRemaining <= 0;
}
