import { fileURLToPath } from 'node:url';
import type { SessionConfigInput } from '@mcpscope/wire';

export const FIXTURE_SERVER = fileURLToPath(new URL('./fixture-server.mjs', import.meta.url));

export function fixtureConfig(mode = 'plain'): SessionConfigInput {
  return { transport: 'stdio', command: process.execPath, args: [FIXTURE_SERVER], env: { FIXTURE_MODE: mode }, name: `fixture-${mode}` };
}
