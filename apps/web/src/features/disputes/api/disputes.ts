import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { DisputeTab } from '../dispute-tabs';

/** GET disputes/{disputeId}. */
export type Dispute = ApiAnswer<'get', 'disputes/{disputeId}'>['dispute'];

/** A page of GET disputes?tab=…. */
export type DisputeList = ApiAnswer<'get', 'disputes'>;

export type DisputeSummary = DisputeList['disputes'][number];

export type DisputeStatus = DisputeSummary['sStatus'];

export type DisputeCategory = ApiAnswer<'get', 'disputes/categories'>['categories'][number];

export type OpenDisputeBody = ApiBody<'post', 'disputes'>;

/** Category and status names come from the server in the language: it is in every key. */
export const disputesKeys = {
  all: ['disputes'] as const,
  /** Lists and details: what a write changes (the photos' bytes never change). */
  reads: () => [...disputesKeys.all, 'reads'] as const,
  list: (tab: DisputeTab, page: number, limit: number, language: string) =>
    [...disputesKeys.reads(), 'list', tab, page, limit, language] as const,
  detail: (disputeId: string, language: string) =>
    [...disputesKeys.reads(), 'detail', disputeId, language] as const,
  categories: (language: string) => [...disputesKeys.all, 'categories', language] as const,
};

export function getDisputes(tab: DisputeTab, page: number, limit: number): Promise<DisputeList> {
  return apiGet('disputes', { query: { tab, page, limit } });
}

export function useDisputesQuery(tab: DisputeTab, page: number, limit: number) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: disputesKeys.list(tab, page, limit, language),
      queryFn: () => getDisputes(tab, page, limit),
      placeholderData: keepPreviousData,
    }),
  );
}

export async function getDispute(disputeId: string): Promise<Dispute> {
  return (await apiGet('disputes/{disputeId}', { params: { disputeId } })).dispute;
}

export function useDisputeQuery(disputeId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: disputesKeys.detail(disputeId, language),
    queryFn: () => getDispute(disputeId),
    staleTime: 0,
    // A language switch refetches the texts while the page keeps showing the dispute.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === disputeId ? previous : undefined,
    meta: { errorToast: false },
  });
}

export function useDisputeCategoriesQuery(enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: disputesKeys.categories(language),
    queryFn: async () => (await apiGet('disputes/categories')).categories,
    staleTime: Infinity,
    enabled,
  });
}

/** A dispute photo's bytes, through the typed client's blob twin (403 ends the session). */
export async function openDispute(body: OpenDisputeBody): Promise<Dispute> {
  return (await apiPost('disputes', { body })).dispute;
}

export function addDisputeImage(
  disputeId: string,
  image: { sFileName: string; sContentBase64: string },
  side: 'buyer' | 'vendor' = 'buyer',
): Promise<{ image: Dispute['images'][number] }> {
  const call = { params: { disputeId }, body: image };
  return side === 'vendor'
    ? apiPost('vendor/disputes/{disputeId}/images', call)
    : apiPost('disputes/{disputeId}/images', call);
}

/** Reloads every dispute list and detail. */
export function useInvalidateDisputes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: disputesKeys.reads() });
}

export function useAnswerDispute() {
  const onSuccess = useInvalidateDisputes();
  return useMutation({
    mutationFn: (input: { disputeId: string; sAnswer: string }) =>
      apiPost('vendor/disputes/{disputeId}/answer', {
        params: { disputeId: input.disputeId },
        body: { sAnswer: input.sAnswer },
      }),
    onSuccess,
  });
}
