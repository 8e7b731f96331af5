import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { showErrorToast } from './toast';

interface AppMeta extends Record<string, unknown> {
  /** `false` when the screen shows the error itself (e.g. on a form field). */
  errorToast?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; network failures and 5xx get one more try.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** How long data a route asked for while its page's code loaded counts as just fetched. */
const JUST_FETCHED_MS = 5000;

/**
 * `refetchOnMount` for queries that are stale at once (a quote): a page that mounts within
 * seconds of its route's prefetch shows that answer instead of asking again.
 */
export function refetchOnMountUnlessJustFetched(query: {
  state: { dataUpdatedAt: number };
}): boolean {
  return Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== false) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
