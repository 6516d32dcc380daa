import { describe, expect, it } from 'vitest';
import type { FrameEvent, HttpEvent } from '@mcpscope/protocol';
import { FindingsLog } from './findingsLog';
import { SessionLog } from './sessionLog';
import { notification, rawFrame } from './testFrames';

const big = (seq: number): FrameEvent => ({ ...notification(seq, 'notifications/message'), size: 1000 });
const withId = (seq: number): FrameEvent => ({
  ...notification(seq, 'notifications/message'),
  findings: [{ rule: 'notification-with-id', severity: 'error', message: 'carries an id' }],
});

describe('SessionLog findings', () => {
  it('keeps every finding (seq, ordinal, t, dir, method) after its frame left memory', () => {
    const log = new SessionLog('s1', 256 * 1024);
    log.append(big(1));
    log.append(withId(2));
    log.append(rawFrame(3, 'stray'));
    for (let seq = 4; seq <= 3000; seq++) log.append(big(seq));
    log.append({
      type: 'http',
      seq: 3001,
      t: 3001,
      sessionId: 's1',
      method: 'POST',
      url: 'http://x/mcp',
      status: 200,
      findings: [{ rule: 'http-content-type', severity: 'warning', message: 'bad' }],
    } as HttpEvent);
    expect(log.framesOnDisk).toBeGreaterThan(2000);
    expect(log.frameBySeq(2)).toBeUndefined();
    expect(log.findings.records).toEqual([
      expect.objectContaining({
        seq: 2,
        source: 'frame',
        index: 1,
        t: 2,
        dir: 'in',
        method: 'notifications/message',
        findings: [expect.objectContaining({ rule: 'notification-with-id' })],
      }),
      expect.objectContaining({ seq: 3, index: 2, excerpt: '← stray' }),
      expect.objectContaining({ seq: 3001, source: 'http', method: 'POST' }),
    ]);
    expect(log.findings.counts).toEqual({ error: 2, warning: 1, info: 0 });
    expect(log.findings.errorFrames).toBe(2);
  });

  it('knows the first frame it saw (a page that joined mid-session did not see the ones before)', () => {
    const log = new SessionLog('s1');
    log.applyPageInfo({ firstSeq: 9001, lastSeq: 9001, total: 9001, firstFrame: 8000, frames: 8001 });
    log.append(withId(9001));
    expect([log.findings.firstFrame, log.findings.records[0].index]).toEqual([8000, 8000]);
  });

  it('lists up to its cap and counts the rest', () => {
    const findings = new FindingsLog(2);
    for (let seq = 1; seq <= 5; seq++) findings.add(withId(seq), seq - 1);
    expect(findings.records.map((r) => r.seq)).toEqual([1, 2]);
    expect([findings.notListed, findings.counts.error, findings.errorFrames]).toEqual([3, 5, 5]);
  });

  it('counts console lines per kind that are still in memory', () => {
    const log = new SessionLog('s1', 128 * 1024);
    for (let seq = 1; seq <= 3000; seq++) log.append({ type: 'stderr', seq, t: seq, sessionId: 's1', text: 'x'.repeat(100) });
    expect(log.droppedConsole).toBeGreaterThan(0);
    expect(log.consoleCounts.stderr).toBe(log.console.held);
  });
});
