import { Socket } from 'node:net';

// Loaded by mcpscope.ts before anything else (a background start by `connect`): node: imports and
// the engine's spawn code only.

/** A target is a few KiB at most; a starter that sends more is not one of ours. */
const MAX_BYTES = 1024 * 1024;
/** A server nobody opens a session on (the starter went away) is stopped after this long. */
const UNCLAIMED_MS = 60_000;

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The JSON the starter sent, when it is a stdio target (live/background.ts BackgroundOptions.first). */
function targetOf(text: string): { command: string; args: string[]; env: Record<string, string>; cwd?: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { command, args, env, cwd } = value as Record<string, unknown>;
  if (typeof command !== 'string' || command === '' || !isStrings(args) || (cwd !== undefined && typeof cwd !== 'string')) return undefined;
  if (typeof env !== 'object' || env === null || Array.isArray(env) || !Object.values(env).every((v) => typeof v === 'string'))
    return undefined;
  return { command, args, env: env as Record<string, string>, ...(cwd === undefined ? {} : { cwd }) };
}

/**
 * Reads the stdio server `connect` is about to open from `fd` (a private socket: the target's env
 * may hold secrets, so it is never in an argv) and starts it now, under its supervisor, while the
 * rest of mcpscope loads: the session `connect` opens takes it (engine prespawn.ts) instead of
 * spawning another. Anything unexpected: nothing is started, the session spawns as usual.
 */
export function prespawnFromChannel(fd: number): void {
  let socket: Socket;
  try {
    socket = new Socket({ fd, readable: true, writable: false });
  } catch {
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  socket.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BYTES) return void socket.destroy();
    chunks.push(chunk);
  });
  socket.on('error', () => undefined);
  socket.on('end', () => {
    socket.destroy();
    const target = targetOf(Buffer.concat(chunks).toString('utf8'));
    if (target) void import('@mcpscope/engine/prespawn').then(({ prespawn }) => prespawn(target, { unclaimedMs: UNCLAIMED_MS }));
  });
}
