import type { TFunction } from 'i18next';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { addDisputeImage } from './api/disputes';
import { readFileAsBase64 } from './dispute-images';

export interface UploadFailure {
  name: string;
  error: unknown;
}

export interface UploadProgress {
  current: number;
  total: number;
}

/** A refused photo as the user reads it: its file name and the server's reason. */
export function uploadFailureText(failure: UploadFailure, t: TFunction): string {
  const message = isApiError(failure.error) ? failure.error.message : t('errors.unknown');
  return `${failure.name}: ${message}`;
}

/**
 * Uploads photos to a dispute one by one (each is a request of up to ~7 MB), keeping
 * the progress for the screen; a refused photo does not stop the others.
 */
export function useImageUpload(side: 'buyer' | 'vendor' = 'buyer') {
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const upload = async (
    disputeId: string,
    files: readonly File[],
  ): Promise<{ uploaded: number; failures: UploadFailure[] }> => {
    let uploaded = 0;
    const failures: UploadFailure[] = [];
    for (const [index, file] of files.entries()) {
      setProgress({ current: index + 1, total: files.length });
      try {
        const content = await readFileAsBase64(file);
        await addDisputeImage(disputeId, { sFileName: file.name, sContentBase64: content }, side);
        uploaded += 1;
      } catch (error) {
        failures.push({ name: file.name, error });
      }
    }
    setProgress(null);
    return { uploaded, failures };
  };

  return { upload, progress };
}
