import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * apps/web runs in the browser and imports only the pure packages (wire, protocol, trace).
 * This gate fails on any import of Node built-ins, the engine, the proxy or apps/proxy.
 * Test files are exempt: they run in Node (e.g. this file, or a real HTTP server in a test).
 */
const SRC = join(import.meta.dirname, '.');
const FORBIDDEN: Array<[RegExp, string]> = [
  [/^node:/, 'a Node built-in (node:*)'],
  [/^(child_process|fs|fs\/promises|net|tls|http|https|os|path|worker_threads|cluster|dgram|dns)$/, 'a Node built-in'],
  [/^@mcpscope\/(engine|proxy|cli|demo-server)(\/|$)/, 'a Node-side workspace package'],
  [/(^|\/)apps\/(proxy|cli)(\/|$)/, 'apps/proxy or apps/cli'],
  [/^@modelcontextprotocol\/(node|server|client)(\/|$)/, 'the MCP SDK (the client lives in the engine)'],
];
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\s\S]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|jsx|mts)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const REPO = resolve(SRC, '../../..');

/** `file` is absolute; relative imports are resolved so `../../../proxy/src` is caught too. */
export function forbiddenImports(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    const target = spec.startsWith('.') ? relative(REPO, resolve(dirname(file), spec)).replaceAll('\\', '/') : spec;
    for (const [pattern, why] of FORBIDDEN) {
      if (pattern.test(target)) problems.push(`${relative(SRC, file)}: imports "${spec}" — ${why}`);
    }
    if (spec.startsWith('.') && /^packages\/(engine|demo-server)\//.test(target))
      problems.push(`${relative(SRC, file)}: imports "${spec}" — engine sources`);
  }
  return problems;
}

/** features/<a> may not import features/<b>; lib/ and ui/ may not import any feature. */
export function crossFeatureImports(file: string, text: string): string[] {
  const rel = relative(SRC, file).replaceAll('\\', '/');
  const own = /^features\/([^/]+)\//.exec(rel)?.[1];
  const shared = /^(lib|ui)\//.test(rel);
  if (!own && !shared) return [];
  const problems: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec.startsWith('.')) continue;
    const target = relative(SRC, resolve(dirname(file), spec)).replaceAll('\\', '/');
    const other = /^features\/([^/]+)/.exec(target)?.[1];
    if (other && other !== own)
      problems.push(
        `${rel}: imports "${spec}" — ${shared ? 'shared code must not depend on a feature' : 'features never import each other (share through lib/ or ui/)'}`,
      );
  }
  return problems;
}

describe('apps/web architecture', () => {
  it('finds the imports it must reject', () => {
    const file = join(SRC, 'features/x/sample.ts');
    const sample = [
      `import fs from 'node:fs';`,
      `import { x } from "@mcpscope/engine";`,
      `export * from '../../../../proxy/src/index.js';`,
      `const c = await import('child_process');`,
      `import { Session } from '../../../../../packages/engine/src/session';`,
      `import type { Frame } from '../../lib/sessionLog';`,
    ].join('\n');
    expect(forbiddenImports(file, sample)).toHaveLength(5);
    expect(forbiddenImports(file, `import { z } from 'zod';\nimport type { FrameEvent } from '@mcpscope/protocol';`)).toEqual([]);
  });

  it('no browser source imports Node, the engine or the proxy', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((f) => forbiddenImports(f, readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('features stay independent of each other', () => {
    const sample = `import { x } from '../frames/useFrameLogModel';\nimport { y } from './local';\nimport { z } from '../../lib/api';`;
    expect(crossFeatureImports(join(SRC, 'features/console/a.ts'), sample)).toHaveLength(1);
    expect(crossFeatureImports(join(SRC, 'lib/a.ts'), `import { x } from '../features/frames/x';`)).toHaveLength(1);
    const problems = sourceFiles(SRC).flatMap((f) => crossFeatureImports(f, readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });
});
