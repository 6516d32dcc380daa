import { Socket } from 'node:net';

// Loaded by mcpscope.ts before anything else (a background start by `connect`): node: imports and
// the engine's spawn code only.

/** A target is a few KiB at most; a starter that sends more is not one of ours. */
const MAX_BYTES = 1024 * 1024;

/** The session the starter will ask for (POST /api/sessions with this claim), opened ahead by launch. */
export interface FirstSession {
  claim: string;
  /** As the starter will POST it; launch checks it with the API's own schema. */
  config: unknown;
}

let firstSession: FirstSession | undefined;

/** The first session the channel named, once (launch opens it as soon as the engine is up). */
export function takeFirstSession(): FirstSession | undefined {
  const first = firstSession;
  firstSession = undefined;
  return first;
}

/** The starter's random claim: letters, digits, - and _ (base64url), nothing to look up or print. */
const CLAIM = /^[\w-]{16,128}$/;

function firstSessionOf(value: Record<string, unknown>): FirstSession | undefined {
  const open = Object.hasOwn(value, 'open') ? value.open : undefined;
  if (typeof open !== 'object' || open === null) return undefined;
  const { claim, config } = open as Record<string, unknown>;
  if (typeof claim !== 'string' || !CLAIM.test(claim) || typeof config !== 'object' || config === null) return undefined;
  return { claim, config };
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The JSON the starter sent, parsed; undefined when it is not an object. */
function channelValue(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The stdio target the starter sent (live/background.ts BackgroundOptions.first). */
function targetOf(
  value: Record<string, unknown>,
): { command: string; args: string[]; env: Record<string, string>; cwd?: string } | undefined {
  const { command, args, env, cwd } = value;
  if (typeof command !== 'string' || command === '' || !isStrings(args) || (cwd !== undefined && typeof cwd !== 'string')) return undefined;
  if (typeof env !== 'object' || env === null || Array.isArray(env) || !Object.values(env).every((v) => typeof v === 'string'))
    return undefined;
  return { command, args, env: env as Record<string, string>, ...(cwd === undefined ? {} : { cwd }) };
}

/**
 * Reads the stdio server `connect` is about to open from `fd` (a private socket: the target's env
 * may hold secrets, so it is never in an argv) and starts it now, under its supervisor, while the
 * rest of mcpscope loads: the session `connect` opens takes it (engine prespawn.ts) instead of
 * spawning another. With the session itself (`open`: its config and the starter's claim), launch
 * opens it as soon as the engine is up, before the API listens (takeFirstSession). Anything
 * unexpected: nothing is started, the session spawns as usual.
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
    const value = channelValue(Buffer.concat(chunks).toString('utf8'));
    const target = value && targetOf(value);
    if (!target) return;
    firstSession = firstSessionOf(value);
    void import('@mcpscope/engine/prespawn').then(({ prespawn, UNCLAIMED_MS }) => prespawn(target, { unclaimedMs: UNCLAIMED_MS }));
  });
}
