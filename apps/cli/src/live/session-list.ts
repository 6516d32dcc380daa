import type { SessionInfo } from '@mcpscope/wire';

// No zod here: `call --session`, `check --session` and `sessions` find their session through this
// file without loading it. The reply comes from a running mcpscope that answered with its token;
// what is checked is what the CLI reads (wire SessionInfoSchema has the whole shape).

const STATES = new Set(['connecting', 'connected', 'failed', 'closed']);
const TRANSPORTS = new Set(['stdio', 'http', 'sse']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An epoch time `new Date()` can print (toISOString throws past ±8.64e15). */
const isTime = (v: unknown): v is number => typeof v === 'number' && Math.abs(v) <= 8.64e15;
const optional = (v: unknown, type: 'string' | 'boolean' | 'number'): boolean => v === undefined || typeof v === type;

/** One session of the API (wire SessionInfo), checked for what the CLI reads. */
export function sessionInfoOf(v: unknown): SessionInfo | undefined {
  if (!isObject(v)) return undefined;
  const {
    id,
    name,
    state,
    transport,
    target,
    createdAt,
    wrapped,
    named,
    era,
    protocolVersion,
    serverInfo,
    offline,
    replayOf,
    error,
    eraFallback,
    reinitialized,
    unreachable,
  } = v;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof target !== 'string' || typeof createdAt !== 'number') return undefined;
  if (!STATES.has(state as string) || !TRANSPORTS.has(transport as string)) return undefined;
  if (
    !optional(wrapped, 'boolean') ||
    !optional(named, 'boolean') ||
    !optional(offline, 'boolean') ||
    !optional(protocolVersion, 'string') ||
    !optional(replayOf, 'string')
  )
    return undefined;
  if ((era !== undefined && era !== 'legacy' && era !== 'modern') || (serverInfo !== undefined && !isObject(serverInfo))) return undefined;
  if (error !== undefined && !(isObject(error) && typeof error.message === 'string')) return undefined;
  // What `sessions` and `connect` print about a server that broke (times are epoch milliseconds).
  if (eraFallback !== undefined && !(isObject(eraFallback) && typeof eraFallback.reason === 'string')) return undefined;
  if (
    reinitialized !== undefined &&
    !(
      isObject(reinitialized) &&
      isTime(reinitialized.at) &&
      typeof reinitialized.count === 'number' &&
      typeof reinitialized.reason === 'string'
    )
  )
    return undefined;
  if (unreachable !== undefined && !(isObject(unreachable) && isTime(unreachable.since) && typeof unreachable.reason === 'string'))
    return undefined;
  return { ...v, wrapped: wrapped === true } as SessionInfo;
}

/** GET /api/sessions's `{ sessions }`, or undefined when it is not that shape. */
export function sessionListOf(body: unknown): SessionInfo[] | undefined {
  const list = isObject(body) ? body.sessions : undefined;
  if (!Array.isArray(list)) return undefined;
  const sessions = list.map(sessionInfoOf);
  return sessions.every((s): s is SessionInfo => s !== undefined) ? sessions : undefined;
}
