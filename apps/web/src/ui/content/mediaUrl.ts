/**
 * How server bytes become a URL in the page (active content from a server never
 * runs at mcpscope's origin). Previews are `data:` URLs, never `blob:`: a `blob:` URL has the
 * page's origin, so an SVG or HTML opened from it in a tab would run its scripts as mcpscope
 * (with the token in sessionStorage and the API one fetch away), outside the page's CSP. An
 * `<img>` never runs script whatever it shows, and a `data:` URL opened on its own gets an
 * opaque origin. Downloads go through a `blob:` of a passive type only, with `download` set.
 */

/** Types a browser shows as inert media; anything else (SVG, HTML, XML, unknown) is active. */
const PASSIVE_MIME = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/mpeg',
  'audio/mp3',
  'audio/ogg',
  'audio/webm',
  'audio/flac',
  'audio/aac',
  'audio/mp4',
  'application/octet-stream',
  'application/pdf',
  'application/zip',
  'application/json',
  'text/plain',
  'text/csv',
  'text/markdown',
]);

/** `type/subtype` of a server's mimeType, lower-cased without parameters; null when it is not one. */
export function essenceOf(mimeType: string | undefined): string | null {
  const essence = (mimeType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return /^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/.test(essence) ? essence : null;
}

/** True for every type that could run script if a browser rendered it as a document. */
export function isActiveMime(mimeType: string | undefined): boolean {
  const essence = essenceOf(mimeType);
  return essence === null || !PASSIVE_MIME.has(essence);
}

/** The type a download's `blob:` carries: the server's when it is passive, else octet-stream. */
export function downloadMimeOf(mimeType: string | undefined): string {
  return isActiveMime(mimeType) ? 'application/octet-stream' : essenceOf(mimeType)!;
}

export function base64Of(bytes: Uint8Array): string {
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(bin);
}

/**
 * `data:<type>;base64,…` for an `<img>`/`<audio>` preview. The type is the server's essence only
 * (so a crafted mimeType cannot inject `,` or parameters), or octet-stream.
 */
export function dataUrlOf(bytes: Uint8Array, mimeType: string | undefined): string {
  return `data:${essenceOf(mimeType) ?? 'application/octet-stream'};base64,${base64Of(bytes)}`;
}

/** Saves bytes as a file through a temporary `blob:` URL of a passive type (see downloadMimeOf). */
export function downloadBytes(bytes: Uint8Array | string, mimeType: string | undefined, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: downloadMimeOf(mimeType) }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Open in new tab" for an image: a new blank tab whose only content is an `<img>` of the
 * `data:` URL (built with DOM calls, no markup from the server). Nothing in it can run script;
 * the tab cannot reach back (opener cut). Returns false when a popup blocker said no.
 */
export function openImageInNewTab(dataUrl: string, title: string): boolean {
  const tab = window.open('', '_blank');
  if (!tab) return false;
  tab.opener = null;
  const doc = tab.document;
  doc.title = title;
  doc.body.style.cssText = 'margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#1e1e1e';
  const img = doc.createElement('img');
  img.alt = title;
  img.src = dataUrl;
  img.style.cssText = 'max-width:100%;max-height:100vh;background:repeating-conic-gradient(#ccc 0 25%,#fff 0 50%) 0 0/16px 16px';
  doc.body.appendChild(img);
  return true;
}
