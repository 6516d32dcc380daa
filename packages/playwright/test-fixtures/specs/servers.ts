import { fileURLToPath } from 'node:url';

/** The engine's raw JSON-RPC test server (FIXTURE_MODE picks its faults; see its header). */
export const RAW_SERVER = fileURLToPath(new URL('../../../engine/test-fixtures/raw-server.mjs', import.meta.url));

/** A credential-looking value the server puts in its tool's description: traces must not keep it. */
const env: Record<string, string> = process.env.PW_FIXTURE_SECRET ? { FIXTURE_TOOL_DESCRIPTION: process.env.PW_FIXTURE_SECRET } : {};

export function rawServer(mode: string, ...args: string[]) {
  return { command: process.execPath, args: [RAW_SERVER, ...args], env: { FIXTURE_MODE: mode, ...env } };
}

/** A marker in the server's argv: the driving test finds every process of this run by it. */
export const MARKER = process.env.PW_FIXTURE_MARKER ?? 'pw-fixture-marker';
