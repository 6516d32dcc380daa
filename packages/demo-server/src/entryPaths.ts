import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the built stdio entry (`dist/stdio.js`). This file sits one level
 * below the package root both as `src/entryPaths.ts` (under vitest) and as
 * `dist/entryPaths.js` (built), so `../dist/stdio.js` names the runnable file either way.
 */
export function demoStdioEntry(): string {
  return fileURLToPath(new URL('../dist/stdio.js', import.meta.url));
}

/** Absolute path of the built Streamable HTTP entry (`dist/http.js`). */
export function demoHttpEntry(): string {
  return fileURLToPath(new URL('../dist/http.js', import.meta.url));
}
