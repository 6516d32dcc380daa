// `@mcpscope/wire/plain`: the part of the wire contract that loads no zod, for the CLI's fast
// paths (`call --session`, `sessions`: a process that should cost little more than Node's start).
export * from './display-name.js';
export * from './origin-header.js';
export type { CallToolApp, SessionCallLine } from './call.js';
