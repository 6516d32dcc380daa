import { requestLabel, requestTarget, type SessionEvent } from '@mcpscope/protocol';
import { canonicalParams, compareDetailed, type CompareOptions, type Difference, type IgnoredDifference } from './compare.js';
import { exchangesOf, type Exchange } from './exchanges.js';

export interface MatchedExchange {
  method: string;
  params: unknown;
  left: Exchange;
  right: Exchange;
  differences: Difference[];
  /** Differences left out as expected (timestamps, generated ids, marked paths…), with why. */
  ignored: IgnoredDifference[];
  /** right latency minus left latency, ms. */
  latencyDeltaMs?: number;
}

export interface TraceDiff {
  matched: MatchedExchange[];
  onlyLeft: Exchange[];
  onlyRight: Exchange[];
  /** True when every request matched and no response differs. */
  same: boolean;
}

function responseBody(x: Exchange): unknown {
  const msg = x.response?.msg;
  if (!msg) return { noResponse: true };
  return 'error' in msg ? { error: msg.error } : { result: msg.result };
}

/**
 * Compares the client→server requests of two sessions (two traces, or a trace and a live
 * session): requests are matched in order by method and params (volatile keys such as task
 * ids left out), their responses diffed with what is expected to differ ignored and reported.
 */
export function diffTraces(left: Iterable<SessionEvent>, right: Iterable<SessionEvent>, opts: CompareOptions = {}): TraceDiff {
  const skipHandshake = (x: Exchange) => x.dir === 'out' && x.method !== 'initialize' && x.method !== 'server/discover';
  const a = exchangesOf(left).filter(skipHandshake);
  const b = exchangesOf(right).filter(skipHandshake);
  const pool = new Map<string, Exchange[]>();
  for (const x of b) {
    const key = `${x.method} ${canonicalParams(x.params)}`;
    pool.set(key, [...(pool.get(key) ?? []), x]);
  }
  const matched: MatchedExchange[] = [];
  const onlyLeft: Exchange[] = [];
  const used = new Set<Exchange>();
  for (const x of a) {
    const candidates = pool.get(`${x.method} ${canonicalParams(x.params)}`);
    const y = candidates?.shift();
    if (!y) {
      onlyLeft.push(x);
      continue;
    }
    used.add(y);
    const latencyDeltaMs =
      x.latencyMs !== undefined && y.latencyMs !== undefined ? Math.round((y.latencyMs - x.latencyMs) * 1000) / 1000 : undefined;
    const { differences, ignored } = compareDetailed(responseBody(x), responseBody(y), {
      ...opts,
      scope: requestLabel(x.method, requestTarget(x.method, x.params)),
    });
    matched.push({ method: x.method, params: x.params, left: x, right: y, differences, ignored, latencyDeltaMs });
  }
  const onlyRight = b.filter((y) => !used.has(y));
  const same = onlyLeft.length === 0 && onlyRight.length === 0 && matched.every((m) => m.differences.length === 0);
  return { matched, onlyLeft, onlyRight, same };
}
