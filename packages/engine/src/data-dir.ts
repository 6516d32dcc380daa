import { homedir } from 'node:os';
import { join } from 'node:path';

// `@mcpscope/engine/data-dir`: where mcpscope keeps its state and whether a process is alive, for
// callers that must not load the engine (the CLI's fast paths look up the running mcpscope here).

/** `$XDG_DATA_HOME/mcpscope` or `~/.local/share/mcpscope`. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'mcpscope');
}

export { isProcessAlive } from './transports/process-tree.js';
