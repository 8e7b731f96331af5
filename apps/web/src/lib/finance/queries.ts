import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getLanguage } from '../i18n/i18n';
import { refetchOnMountUnlessJustFetched } from '../query-client';
import { apiGet } from '../api/typed-client';
import type { Dashboard } from './types';

/**
 * Finance reads that several screens share (the quote and balances, the status catalogue,
 * the supplier list). Each screen's own calls live in its feature's api/ folder.
 */
export const financeKeys = {
  all: ['finance'] as const,
  dashboard: () => [...financeKeys.all, 'dashboard'] as const,
  statuses: (language: string) => [...financeKeys.all, 'statuses', language] as const,
  paymentRecipients: () => [...financeKeys.all, 'payment-recipients'] as const,
};

export function getDashboard(): Promise<Dashboard> {
  return apiGet('dashboard');
}

/** The dashboard answer: today's quote (rate, reference, expiry), balances and counters. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: financeKeys.dashboard(),
    queryFn: getDashboard,
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessJustFetched,
  });
}

export function useDashboardQuery() {
  return useQuery(dashboardQueryOptions());
}

export function statusCatalogQueryOptions() {
  const language = getLanguage();
  return queryOptions({
    queryKey: financeKeys.statuses(language),
    queryFn: () => apiGet('catalog/statuses'),
    staleTime: Infinity,
  });
}

export function useStatusCatalogQuery() {
  return useQuery(statusCatalogQueryOptions());
}

export function paymentRecipientsQueryOptions() {
  return queryOptions({
    queryKey: financeKeys.paymentRecipients(),
    queryFn: async () => (await apiGet('payment-recipient')).paymentRecipients,
  });
}

export function usePaymentRecipientsQuery() {
  return useQuery(paymentRecipientsQueryOptions());
}

/** A new Idempotency-Key: created when a confirm dialog opens, sent with its money POST. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The key of one confirm dialog: a fresh one each time `open` turns true, the same one
 * for every click while it stays open, so a double click never pays twice.
 */
export function useIdempotencyKey(open: boolean): string {
  const [state, setState] = useState(() => ({ open, key: newIdempotencyKey() }));
  if (open !== state.open) {
    const next = { open, key: open ? newIdempotencyKey() : state.key };
    setState(next);
    return next.key;
  }
  return state.key;
}
