import type { ExpectMatcherState } from '@playwright/test';
import type { FrameQuery, McpFrame } from '../types.js';
import { describeFrame, traceHint } from './describe.js';
import { framesMatching } from './frame-query.js';
import { sessionOf, type MatcherResult } from './receiver.js';

const POLL_MS = [50, 100, 250, 500];

/**
 * Waits (up to the expect timeout) until a frame of this test matches the query, or, negated,
 * until none does; the message names the matching frame, or the nearest ones when none matched.
 */
async function trafficMatcher(
  state: ExpectMatcherState,
  name: 'toHaveSent' | 'toHaveReceived',
  received: unknown,
  query: FrameQuery = {},
): Promise<MatcherResult> {
  const mcp = sessionOf(name, received);
  const dir = name === 'toHaveSent' ? 'out' : 'in';
  const deadline = Date.now() + (state.timeout ?? 5_000);
  let frames: McpFrame[] = [];
  let hits: McpFrame[] = [];
  for (let i = 0; ; i++) {
    frames = await mcp.frames();
    hits = framesMatching(frames, dir, query);
    if (hits.length > 0 !== state.isNot || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, POLL_MS[Math.min(i, POLL_MS.length - 1)]));
  }
  const pass = hits.length > 0;
  const channel = query.channel ?? 'server';
  const what = `a frame ${dir === 'out' ? (channel === 'app' ? 'mcpscope sent the app' : 'mcpscope sent the server') : channel === 'app' ? 'the app sent mcpscope' : 'the server sent'}`;
  const hint = state.utils.matcherHint(name, 'mcp', 'query', { isNot: state.isNot });
  const expected = `Query: ${state.utils.printExpected(query)}`;
  return {
    name,
    pass,
    expected: query,
    actual: hits.map(describeFrame),
    message: () => {
      if (pass)
        return `${hint}\n\n${expected}\nExpected no ${what} to match, but ${hits.length} did:\n${hits
          .slice(0, 10)
          .map((f) => `  ${describeFrame(f)}`)
          .join('\n')}\n\n${traceHint(mcp.tracePath)}`;
      const sameWay = frames.filter((f) => f.dir === dir && f.channel === channel);
      const near = query.method === undefined ? sameWay : sameWay.filter((f) => f.method === query.method);
      const shown = (near.length ? near : sameWay).slice(-10);
      const label = near.length ? `the ${near.length} with method ${query.method}` : `the last of ${sameWay.length}`;
      const list = shown.length
        ? `\n\nNone matched; ${label}:\n${shown.map((f) => `  ${describeFrame(f)}`).join('\n')}`
        : `\n\nThis test has no such frames at all.`;
      return `${hint}\n\n${expected}\nExpected ${what} to match, within ${state.timeout ?? 5_000} ms.${list}\n\n${traceHint(mcp.tracePath)}`;
    },
  };
}

/** `expect(mcp).toHaveSent({ method, params?, origin?, channel? })`: mcpscope sent such a frame in this test. */
export function toHaveSent(this: ExpectMatcherState, received: unknown, query?: FrameQuery): Promise<MatcherResult> {
  return trafficMatcher(this, 'toHaveSent', received, query);
}

/** `expect(mcp).toHaveReceived({ method, result?, error?, channel? })`: such a frame came in this test (`method` of a response: the request it answers). */
export function toHaveReceived(this: ExpectMatcherState, received: unknown, query?: FrameQuery): Promise<MatcherResult> {
  return trafficMatcher(this, 'toHaveReceived', received, query);
}
