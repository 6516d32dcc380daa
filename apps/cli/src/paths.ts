import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioSessionConfig } from '@mcpscope/engine';

/** Set by build.mjs (esbuild `define`); undefined when running from source. */
declare const __MCPSCOPE_VERSION__: string | undefined;

/**
 * Where mcpscope's own files are. In the published bundle everything sits next to
 * dist/mcpscope.js (`demo-server.js`, `web/`); from source (tests, dev) they come from the
 * workspace packages.
 */
const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/** Set by the bin entry to its own directory (dist/ in the bundle; chunks live below it). */
let binDir: string | undefined;
let binFile: string | undefined;

export function setBinDir(dir: string, entry?: string): void {
  binDir = dir;
  binFile = entry;
}

/** The bin's own file (dist/mcpscope.js), to start a background mcpscope; undefined from source. */
export function binEntry(): string | undefined {
  return binFile;
}

const besideBin = (name: string): string | undefined => (binDir ? join(binDir, name) : undefined);

export function cliVersion(): string {
  if (typeof __MCPSCOPE_VERSION__ === 'string') return __MCPSCOPE_VERSION__;
  const pkg = JSON.parse(readFileSync(here('../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export async function demoServerPath(): Promise<string> {
  const bundled = besideBin('demo-server.js');
  if (bundled && existsSync(bundled)) return bundled;
  const { demoStdioEntry } = await import('@mcpscope/demo-server');
  return demoStdioEntry();
}

/** The demo server as a stdio target, run with this very Node binary. */
export async function demoConfig(): Promise<StdioSessionConfig> {
  return { transport: 'stdio', command: process.execPath, args: [await demoServerPath()], env: {}, name: 'demo' };
}

/** The built web UI, or undefined when it has not been built (the API still works). */
export function webDir(): string | undefined {
  for (const candidate of [besideBin('web'), here('../../web/dist')]) {
    if (candidate && existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}
