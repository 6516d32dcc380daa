import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { earlierFindingsLoader } from './earlierFindings';
import { EventStore } from './eventStore';
import type { FrameSearchQuery } from './tracesApi';

const flagged = (seq: number): FrameEvent => ({
  type: 'frame',
  seq,
  t: seq,
  sessionId: 's1',
  dir: 'in',
  size: 10,
  raw: `junk ${seq}`,
  findings: [{ rule: 'stdio-non-json-stdout', severity: 'error', message: 'not JSON-RPC' }],
});
const plain = (seq: number): FrameEvent => ({
  type: 'frame',
  seq,
  t: seq,
  sessionId: 's1',
  dir: 'in',
  size: 10,
  msg: { jsonrpc: '2.0', method: 'notifications/message', params: {} },
});

function joinedLate() {
  const store = new EventStore((fn) => void fn());
  store.enqueue({ type: 'session-page-info', sessionId: 's1', firstSeq: 100, lastSeq: 101, total: 101, firstFrame: 99, frames: 101 });
  store.enqueue(plain(100));
  store.enqueue(flagged(101));
  store.flush();
  return store;
}

describe('earlierFindingsLoader', () => {
  it('reads the findings of frames before the page joined back from disk, in session order', async () => {
    const store = joinedLate();
    const asked: FrameSearchQuery[] = [];
    const load = earlierFindingsLoader(store, {
      searchFrames: async (_id, q) => (
        asked.push(q),
        {
          matches: [
            { index: 2, frame: flagged(3) },
            { index: 40, frame: flagged(41) },
          ],
          truncated: true,
          total: 3,
        }
      ),
    });
    load('s1', 99);
    await expect.poll(() => store.log('s1')!.findings.earlierLoaded).toBe(true);
    expect(asked).toEqual([{ filter: 'has:finding', before: 99, limit: 5000 }]);
    const findings = store.log('s1')!.findings;
    expect(findings.records.map((r) => r.seq).sort((a, b) => a - b)).toEqual([3, 41, 101]);
    expect(findings.counts.error).toBe(3);
    expect(findings.notListed).toBe(1); // the search left one older match out
  });

  it('does nothing for a page that saw the session from its start, and retries after a failure', async () => {
    const store = joinedLate();
    let calls = 0;
    const load = earlierFindingsLoader(store, { searchFrames: async () => (calls++, Promise.reject(new Error('proxy gone'))) });
    load('s1', 0);
    expect(calls).toBe(0);
    load('s1', 99);
    await expect.poll(() => calls).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.log('s1')!.findings.earlierLoaded).toBe(false);
    load('s1', 99);
    await expect.poll(() => calls).toBe(2);
  });
});
