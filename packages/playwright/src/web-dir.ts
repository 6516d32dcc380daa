import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The built web UI: `web/` beside the bundle in the published package; apps/web/dist when the
 * package runs from the workspace's sources (its own tests).
 */
export function webDir(): string {
  const candidates = [new URL('./web/', import.meta.url), new URL('../../../apps/web/dist/', import.meta.url)].map((u) => fileURLToPath(u));
  const found = candidates.find((dir) => existsSync(`${dir}/index.html`));
  if (!found) throw new Error(`the mcpscope web UI is missing (looked in ${candidates.join(', ')}): reinstall @mcpscope/playwright`);
  return found;
}
