import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\s\S]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|jsx|mts)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

export function forbiddenImports(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    for (const [pattern, why] of FORBIDDEN) if (pattern.test(spec)) problems.push(`${file}: imports "${spec}" — ${why}`);
  }
  return problems;
}

describe('apps/web architecture', () => {
  it('finds the imports it must reject', () => {
    const sample = `import fs from 'node:fs';\nimport { x } from "@mcpscope/engine";\nexport * from '../../proxy/src/index.js';\nconst c = await import('child_process');\nimport '../apps/proxy/x';`;
    expect(forbiddenImports('sample.ts', sample)).toHaveLength(4);
    expect(forbiddenImports('ok.ts', `import { z } from 'zod';\nimport type { FrameEvent } from '@mcpscope/protocol';`)).toEqual([]);
  });

  it('no browser source imports Node, the engine or the proxy', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((f) => forbiddenImports(relative(SRC, f), readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });
});
