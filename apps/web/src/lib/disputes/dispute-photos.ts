import { useQuery } from '@tanstack/react-query';
import { apiGetBlob, type ApiAnswer } from '../api/typed-client';

/**
 * A dispute's photo, as the buyer's and grower's dispute pages and the back office show it.
 * Its `sUrl` needs the bearer token: read it with `getDisputeImage`, never as an <img src>.
 */
export type DisputeImage = ApiAnswer<'get', 'disputes/{disputeId}'>['dispute']['images'][number];

/** Under the disputes' key; a photo's bytes never change, so no write reloads it. */
export const disputeImageKey = (disputeId: string, imageId: string) =>
  ['disputes', 'image', disputeId, imageId] as const;

export function getDisputeImage(
  disputeId: string,
  imageId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiGetBlob('disputes/{disputeId}/images/{imageId}', {
    params: { disputeId, imageId },
    accept: 'image/*, application/json',
    ...(signal ? { signal } : {}),
  });
}

export function useDisputeImageQuery(disputeId: string, imageId: string) {
  return useQuery({
    queryKey: disputeImageKey(disputeId, imageId),
    queryFn: ({ signal }) => getDisputeImage(disputeId, imageId, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

/** A photo's name for labels: its file name, else its position. */
export function imageName(image: { sFileName: string | null }, index: number): string {
  return image.sFileName ?? `#${String(index + 1)}`;
}
