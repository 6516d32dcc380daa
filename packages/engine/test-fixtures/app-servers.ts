import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioSessionConfig } from '../src/session/types.js';

const require = createRequire(import.meta.url);

/** Published MCP Apps example servers (ext-apps 2.0.3, pinned at the repo root). */
export type ExampleAppServer = 'server-basic-vanillajs' | 'server-budget-allocator';

/** The bin of an example app server: `dist/index.js` beside the package's main `dist/server.js`. */
export function exampleAppEntry(name: ExampleAppServer): string {
  return join(dirname(require.resolve(`@modelcontextprotocol/${name}`)), 'index.js');
}

/** An example app server over stdio. */
export function exampleAppConfig(name: ExampleAppServer, era?: 'legacy'): StdioSessionConfig {
  return { transport: 'stdio', command: process.execPath, args: [exampleAppEntry(name), '--stdio'], env: {}, ...(era ? { era } : {}) };
}

/** The hostile app fixture (broken UI resources), see hostile-app-server.mjs. */
export const HOSTILE_APP_SERVER = fileURLToPath(new URL('./hostile-app-server.mjs', import.meta.url));

/** `tools-only`: tools with UI resources and no resources capability at all. */
export function hostileAppConfig(mode: 'broken-resources' | 'tools-only' = 'broken-resources'): StdioSessionConfig {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: [HOSTILE_APP_SERVER],
    env: mode === 'tools-only' ? { APP_FIXTURE: 'tools-only' } : {},
  };
}
