/**
 * How a resource's contents (spec server/resources#resource-contents: `text` or base64 `blob`,
 * with an optional `mimeType`) are shown. Pure; the views pick their renderer from this.
 */

const JSON_MIME = /^application\/(?:[\w.+-]+\+)?json(?:;|$)|^text\/json(?:;|$)/i;
const MARKDOWN_MIME = /^text\/(?:x-)?markdown(?:;|$)/i;

function looksLikeJson(text: string): boolean {
  const t = text.trimStart();
  if (t[0] !== '{' && t[0] !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A text content: JSON by its mime type (or, with none, by parsing), markdown by mime or `.md`, else text. */
export function textKind(text: string, mimeType?: string, uri?: string): 'json' | 'markdown' | 'text' {
  if (mimeType) {
    if (JSON_MIME.test(mimeType)) return looksLikeJson(text) ? 'json' : 'text';
    if (MARKDOWN_MIME.test(mimeType)) return 'markdown';
    if (!/^text\/plain/i.test(mimeType)) return 'text';
  }
  if (looksLikeJson(text)) return 'json';
  if (!mimeType && uri && /\.(md|markdown)$/i.test(uri)) return 'markdown';
  return 'text';
}

/** A blob: previewed as image or audio by mime type; everything else is binary (hex + download). */
export function blobKind(mimeType?: string): 'image' | 'audio' | 'binary' {
  if (mimeType && /^image\/[\w.+-]+/i.test(mimeType)) return 'image';
  if (mimeType && /^audio\/[\w.+-]+/i.test(mimeType)) return 'audio';
  return 'binary';
}

/** A blob whose mime type says it is text (e.g. a server sending text/plain as base64). */
export function isTextualMime(mimeType?: string): boolean {
  return !!mimeType && (/^text\//i.test(mimeType) || JSON_MIME.test(mimeType) || /[/+]xml(?:;|$)/i.test(mimeType));
}

/** Base64 (standard or url-safe, padding optional) to bytes; null when it is not base64. */
export function decodeBase64(b64: string): Uint8Array | null {
  const clean = b64.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.replace(/=+$/, '').length % 4 === 1) return null;
  const padded = clean.replace(/=+$/, '').padEnd(Math.ceil(clean.replace(/=+$/, '').length / 4) * 4, '=');
  try {
    const bin = atob(padded);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

export function utf8Size(text: string): number {
  return new TextEncoder().encode(text).length;
}

export const HEX_ROW_BYTES = 16;

/** One hex dump line: offset, 16 bytes in hex (two groups of 8), printable ASCII. */
export function hexLine(bytes: Uint8Array, row: number): { offset: string; hex: string; ascii: string } {
  const start = row * HEX_ROW_BYTES;
  const end = Math.min(start + HEX_ROW_BYTES, bytes.length);
  let hex = '';
  let ascii = '';
  for (let i = start; i < start + HEX_ROW_BYTES; i++) {
    if (i === start + 8) hex += ' ';
    if (i < end) {
      const b = bytes[i];
      hex += `${b.toString(16).padStart(2, '0')} `;
      ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    } else hex += '   ';
  }
  return { offset: start.toString(16).padStart(8, '0'), hex: hex.trimEnd(), ascii };
}

export function hexRowCount(length: number): number {
  return Math.ceil(length / HEX_ROW_BYTES);
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'application/zip': 'zip',
};

/** A file name for a download: the URI's last path segment, else "resource", with an extension from the mime type. */
export function fileNameFor(uri: string | undefined, mimeType?: string): string {
  let last = '';
  if (uri) {
    const path = uri.replace(/[?#].*$/, '');
    last = decodeURIComponentSafe(path.slice(path.lastIndexOf('/') + 1));
  }
  const safe =
    last
      .replace(/[^\w.\- ]+/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 120) || 'resource';
  const ext = mimeType ? EXTENSIONS[mimeType.toLowerCase().split(';')[0].trim()] : undefined;
  return ext && !safe.includes('.') ? `${safe}.${ext}` : safe;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** One item of `contents` of resources/read, or the `resource` of an embedded resource. */
export interface ResourceContentsLike {
  uri?: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export type AnalyzedContent =
  | { kind: 'json' | 'markdown' | 'text'; text: string; size: number }
  | { kind: 'image' | 'audio' | 'binary'; bytes: Uint8Array; size: number }
  | { kind: 'invalid'; error: string; size: number };

export function analyzeContent(c: ResourceContentsLike): AnalyzedContent {
  if (typeof c.text === 'string') return { kind: textKind(c.text, c.mimeType, c.uri), text: c.text, size: utf8Size(c.text) };
  if (typeof c.blob === 'string') {
    const bytes = decodeBase64(c.blob);
    if (!bytes) return { kind: 'invalid', error: 'blob is not valid base64', size: c.blob.length };
    return { kind: blobKind(c.mimeType), bytes, size: bytes.length };
  }
  return { kind: 'invalid', error: 'neither text nor blob', size: 0 };
}
