/** A base64 string (as the API sends files) as a Blob of the given type. */
export function base64ToBlob(data: string, type = 'application/pdf'): Blob {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

/** Long enough for a download to start or a new tab's viewer to read the file; then it is freed. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Saves a Blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Opens a PDF in a new tab. When the browser blocks the new tab (window.open answers
 * null), the file is downloaded instead, so the user always gets it.
 */
export function openPdf(blob: Blob, fileName: string): 'opened' | 'downloaded' {
  const url = URL.createObjectURL(blob);
  const tab = window.open(url, '_blank');
  if (!tab) {
    URL.revokeObjectURL(url);
    downloadBlob(blob, fileName);
    return 'downloaded';
  }
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  return 'opened';
}
