import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest, apiUrl } from '../../../lib/api-client';
import { i18n, useLanguage } from '../../../lib/i18n/i18n';
import { notifySessionEnded } from '../../../lib/session-ended';
import { getSession } from '../../../lib/session-store';
import type { DisputeTab } from '../dispute-tabs';

export type DisputeStatus = 'IN_PROCESS' | 'FINALIZED';

export interface DisputeSummary {
  sDisputeId: string;
  iTrackingId: number;
  sOrderId: string;
  iOrderTrackingId: number;
  sStatus: DisputeStatus;
  sStatusName: string;
  sCategory: string;
  sCategoryName: string;
  sSubcategory: string;
  sSubcategoryName: string;
  sBuyerName: string;
  sVendorName: string;
  iImages: number;
  created_at: string;
  dFinalDate: string | null;
}

export interface DisputeImage {
  sImageId: string;
  sFileName: string | null;
  sContentType: string;
  iSize: number;
  /** Needs the bearer token: read it with `getDisputeImage`, never as an <img src>. */
  sUrl: string;
  created_at: string;
}

export interface Dispute extends DisputeSummary {
  sDescription: string;
  images: DisputeImage[];
  sInCharge: string | null;
  sResolution: string | null;
  sVendorAnswer: string | null;
  vendor_answered_at: string | null;
}

export interface DisputeList {
  disputes: DisputeSummary[];
  total: number;
  page: number;
  limit: number;
}

export interface DisputeCategory {
  sKey: string;
  sName: string;
  subcategories: Array<{ sKey: string; sName: string }>;
}

/** Category and status names come from the server in the language: it is in every key. */
export const disputesKeys = {
  all: ['disputes'] as const,
  /** Lists and details: what a write changes (the photos' bytes never change). */
  reads: () => [...disputesKeys.all, 'reads'] as const,
  list: (tab: DisputeTab, page: number, limit: number, language: string) =>
    [...disputesKeys.reads(), 'list', tab, page, limit, language] as const,
  detail: (disputeId: string, language: string) =>
    [...disputesKeys.reads(), 'detail', disputeId, language] as const,
  image: (disputeId: string, imageId: string) =>
    [...disputesKeys.all, 'image', disputeId, imageId] as const,
  categories: (language: string) => [...disputesKeys.all, 'categories', language] as const,
};

export function getDisputes(tab: DisputeTab, page: number, limit: number): Promise<DisputeList> {
  const query = new URLSearchParams({ tab, page: String(page), limit: String(limit) });
  return apiRequest<DisputeList>(`disputes?${query.toString()}`);
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
  return (await apiRequest<{ dispute: Dispute }>(`disputes/${encodeURIComponent(disputeId)}`))
    .dispute;
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
    queryFn: async () =>
      (await apiRequest<{ categories: DisputeCategory[] }>('disputes/categories')).categories,
    staleTime: Infinity,
    enabled,
  });
}

/**
 * A dispute photo's bytes. The API client speaks JSON, so this is its blob twin: the same
 * path prefix, bearer token and error handling (403 ends the session).
 */
export async function getDisputeImage(
  disputeId: string,
  imageId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(
      apiUrl(`disputes/${encodeURIComponent(disputeId)}/images/${encodeURIComponent(imageId)}`),
      { headers, ...(signal ? { signal } : {}) },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 0, i18n.t('errors.network'));
  }
  if (!response.ok) {
    if (response.status === 403) notifySessionEnded();
    throw new ApiError('UNEXPECTED_RESPONSE', response.status, i18n.t('errors.unknown'));
  }
  return response.blob();
}

export function useDisputeImageQuery(disputeId: string, imageId: string) {
  return useQuery({
    queryKey: disputesKeys.image(disputeId, imageId),
    queryFn: ({ signal }) => getDisputeImage(disputeId, imageId, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

export function openDispute(body: {
  sOrderId: string;
  sCategory: string;
  sSubcategory: string;
  sDescription: string;
}): Promise<Dispute> {
  return apiRequest<{ dispute: Dispute }>('disputes', { method: 'POST', body }).then(
    (answer) => answer.dispute,
  );
}

export function addDisputeImage(
  disputeId: string,
  image: { sFileName: string; sContentBase64: string },
): Promise<{ image: DisputeImage }> {
  return apiRequest(`disputes/${encodeURIComponent(disputeId)}/images`, {
    method: 'POST',
    body: image,
  });
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
      apiRequest<{ dispute: Dispute }>(
        `vendor/disputes/${encodeURIComponent(input.disputeId)}/answer`,
        { method: 'POST', body: { sAnswer: input.sAnswer } },
      ),
    onSuccess,
  });
}
