import { useEffect, useState } from 'react';

/**
 * A `blob:` URL for bytes that are already in the page (a preview or a download never makes a
 * request), revoked when the bytes change or the component goes away.
 */
export function useObjectUrl(bytes: Uint8Array | null, mimeType: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) return setUrl(null);
    const next = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType || 'application/octet-stream' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes, mimeType]);
  return url;
}

/** Saves bytes as a file through a temporary `blob:` URL. */
export function downloadBytes(bytes: Uint8Array | string, mimeType: string | undefined, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType || 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
