import { fileURLToPath } from 'node:url';
import { demoStdioEntry } from '@mcpscope/demo-server';
import type { SessionConfigInput } from '@mcpscope/wire';

export const FIXTURE_SERVER = fileURLToPath(new URL('./fixture-server.mjs', import.meta.url));

export function fixtureConfig(mode = 'plain'): SessionConfigInput {
  return { transport: 'stdio', command: process.execPath, args: [FIXTURE_SERVER], env: { FIXTURE_MODE: mode }, name: `fixture-${mode}` };
}

/** The demo server over stdio (built first: `pnpm --filter @mcpscope/demo-server build`), in either era. */
export function demoConfig(era: 'modern' | 'legacy', env: Record<string, string> = {}): SessionConfigInput {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: [demoStdioEntry()],
    env,
    name: `demo-${era}`,
    ...(era === 'legacy' ? { era: 'legacy' } : {}),
  };
}
