import { createReadStream, readdirSync, readFileSync, statSync, type Dirent, type ReadStream, type Stats } from 'node:fs';
import { extname, join } from 'node:path';

// Loaded by the early listener before Fastify: node: imports only.

/**
 * Files up to this size are read whole and answered in one go (index.html: no stream to open,
 * so the early listener answers it within one turn of the event loop, between two module loads).
 */
const READ_WHOLE_MAX = 64 * 1024;

/** Vite's content-hashed files live under assets/ and may be cached forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What the built web UI holds; anything else is served as bytes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/vnd.microsoft.icon',
  '.webp': 'image/webp',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export interface StaticFile {
  /** Absolute path on disk. */
  file: string;
  type: string;
  cacheControl: string;
}

/**
 * The built web UI's files, read once at start: URL path (`/index.html`, `/assets/x.js`) → file.
 * Only these paths are ever served (nothing is resolved from a request's path, so there is no
 * traversal to guard against); dotfiles and dot-directories are left out. A missing or unreadable
 * root gives an empty set.
 */
export class StaticFiles {
  private readonly files = new Map<string, StaticFile>();

  constructor(readonly root: string) {
    const walk = (dir: string, prefix: string, depth: number): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const file = join(dir, entry.name);
        const path = `${prefix}/${entry.name}`;
        if (entry.isDirectory() && depth < 8) walk(file, path, depth + 1);
        else if (entry.isFile()) {
          const type = TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream';
          this.files.set(path, { file, type, cacheControl: path.startsWith('/assets/') ? IMMUTABLE : 'no-cache' });
        }
      }
    };
    walk(root, '', 0);
  }

  /** The file for a decoded URL path (`/` is index.html), or undefined. */
  lookup(path: string): StaticFile | undefined {
    return this.files.get(path === '/' ? '/index.html' : path);
  }

  get index(): StaticFile | undefined {
    return this.files.get('/index.html');
  }
}

export interface StaticResponse {
  status: 200 | 304;
  headers: Array<[string, string]>;
  /** The body for a 200 to a GET (a small file read whole); undefined for HEAD and 304. */
  body?: ReadStream | Buffer;
}

/**
 * The answer for `file`: ETag (weak, size and mtime) and Last-Modified like @fastify/static gave,
 * 304 when the request's If-None-Match (or, without one, If-Modified-Since) says the browser has
 * it. Undefined when the file has gone from disk since start.
 */
export function staticResponse(
  file: StaticFile,
  method: string,
  conditional: { ifNoneMatch?: string; ifModifiedSince?: string },
): StaticResponse | undefined {
  let stat: Stats;
  try {
    stat = statSync(file.file);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) return undefined;
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const lastModified = stat.mtime.toUTCString();
  const headers: Array<[string, string]> = [
    ['last-modified', lastModified],
    ['etag', etag],
    ['content-type', file.type],
    ['cache-control', file.cacheControl],
  ];
  if (isFresh(etag, stat.mtimeMs, conditional)) return { status: 304, headers };
  if (method === 'HEAD' || stat.size > READ_WHOLE_MAX) {
    headers.push(['content-length', String(stat.size)]);
    return { status: 200, headers, body: method === 'HEAD' ? undefined : createReadStream(file.file) };
  }
  let body: Buffer;
  try {
    body = readFileSync(file.file);
  } catch {
    return undefined;
  }
  headers.push(['content-length', String(body.length)]);
  return { status: 200, headers, body };
}

function isFresh(
  etag: string,
  mtimeMs: number,
  { ifNoneMatch, ifModifiedSince }: { ifNoneMatch?: string; ifModifiedSince?: string },
): boolean {
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const weak = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => weak(tag) === weak(etag));
  }
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
  }
  return false;
}
