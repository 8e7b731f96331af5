/** At most this many photos per dispute (spec §5 and §9). */
export const MAX_DISPUTE_IMAGES = 15;
/** The server's limit per photo. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** For <input type="file" accept>. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type ImageRejection = { name: string; reason: 'badType' | 'tooLarge' | 'tooMany' };

/** What the file picker hands us: the browser's File has these. */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/**
 * Splits newly picked files into those that may be uploaded and those refused, as the
 * server would: JPEG, PNG or WebP, at most 5 MB each, at most 15 per dispute counting
 * the photos it already has (`alreadyCounted`) and the ones picked before.
 */
export function checkPickedImages<T extends PickedFile>(
  files: readonly T[],
  alreadyCounted: number,
): { accepted: T[]; rejected: ImageRejection[] } {
  const accepted: T[] = [];
  const rejected: ImageRejection[] = [];
  for (const file of files) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      rejected.push({ name: file.name, reason: 'badType' });
    } else if (file.size > MAX_IMAGE_BYTES) {
      rejected.push({ name: file.name, reason: 'tooLarge' });
    } else if (alreadyCounted + accepted.length >= MAX_DISPUTE_IMAGES) {
      rejected.push({ name: file.name, reason: 'tooMany' });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}

/** The file's bytes as base64 (no `data:` prefix), for POST disputes/:id/images. */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
