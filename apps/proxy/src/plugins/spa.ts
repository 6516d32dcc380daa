import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web UI from `root` at `/`. Vite puts content-hashed files under
 * `assets/`, which may be cached forever; everything else (index.html) is revalidated.
 * The SPA fallback to index.html lives in the app's not-found handler (see buildApp).
 */
export const spa = fp<{ root: string }>(
  async (app, { root }) => {
    const assetsDir = `${root.replace(/[\\/]+$/, '')}${sep}assets${sep}`;
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
  },
  { name: 'mcpscope-spa' },
);
