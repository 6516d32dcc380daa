import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestPath } from '../paths.js';
import { staticResponse, type StaticFile, type StaticFiles } from '../early/staticFiles.js';

/**
 * Serves the built web UI (a fixed set of files read at start, ../early/staticFiles.ts) at `/`.
 * Vite puts content-hashed files under `assets/`, which may be cached forever; everything else
 * (index.html) is revalidated. The same files and headers as the early listener serves before
 * Fastify is up. The SPA fallback to index.html lives in the app's not-found handler (buildApp).
 */
export const spa = fp<{ files: StaticFiles }>(
  async (app, { files }) => {
    // GET (and the HEAD Fastify adds); other methods and unknown paths reach the not-found handler.
    app.get('/*', async (request, reply) => {
      const file = files.lookup(requestPath(request));
      return (file && sendStaticFile(request, reply, file)) ?? reply.callNotFound();
    });
  },
  { name: 'mcpscope-spa' },
);

/** The file's answer (200, or 304 for a conditional request); undefined when it has gone from disk. */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply | undefined {
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const answer = staticResponse(file, request.method, { ifNoneMatch, ifModifiedSince });
  if (!answer) return undefined;
  for (const [name, value] of answer.headers) reply.header(name, value);
  // Fastify's HEAD route sets content-length: 0 for an undefined payload; an empty stream keeps ours.
  const body = answer.body ?? (request.method === 'HEAD' && answer.status === 200 ? Readable.from([]) : undefined);
  return reply.code(answer.status).send(body);
}
