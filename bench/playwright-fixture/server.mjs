import { fileURLToPath } from 'node:url';

/** The server every variant starts per test: the engine's dependency-free raw JSON-RPC test server. */
export const SERVER = {
  command: process.execPath,
  args: [fileURLToPath(new URL('../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url))],
};
export const TESTS = Number(process.env.PW_BENCH_TESTS ?? 12);
