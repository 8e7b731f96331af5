import { useState } from 'react';
import { addDisputeImage } from './api/disputes';
import { readFileAsBase64 } from './dispute-images';

export interface UploadFailure {
  name: string;
  error: unknown;
}

/**
 * Uploads photos to a dispute one by one (each is a request of up to ~7 MB), keeping
 * the progress for the screen; a refused photo does not stop the others.
 */
export function useImageUpload(side: 'buyer' | 'vendor' = 'buyer') {
  const [progress, setProgress] = useState<{ current: number; total: number } | null>(null);

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
