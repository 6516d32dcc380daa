import type { FrameEvent } from '@mcpscope/protocol';

/**
 * What a frame summary keeps of a frame for the structured filter terms (method, dir, is:, has:,
 * origin:, channel:, app:): the frame without its payload. `params`/`result` become `{}`, ids a
 * placeholder of the same kind, finding texts ''; seq, size and the pair's latency are kept per
 * frame (frame-summary.ts), everything else here, interned: most frames of a trace share a shape.
 * A frame whose fields are not of the expected kinds or too long to intern has no shape
 * (undefined) and is read from disk when searched. A new filter term that reads another field
 * must keep it here (frame-summary.test.ts compares summary and full-frame answers).
 */
export type FrameShape = Omit<FrameEvent, 'seq' | 't' | 'sessionId' | 'size' | 'pair'> & { pair?: { method: string } };

const LONGEST = 512;
const short = (v: unknown): v is string => typeof v === 'string' && v.length <= LONGEST;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function idPlaceholder(id: unknown): unknown {
  if (typeof id === 'string') return '';
  if (typeof id === 'number' && Number.isFinite(id)) return 0;
  return id === null ? null : false;
}

function msgShape(msg: Record<string, unknown>): Record<string, unknown> | undefined {
  const m: Record<string, unknown> = {};
  if ('jsonrpc' in msg) {
    if (!short(msg.jsonrpc)) return undefined;
    m.jsonrpc = msg.jsonrpc;
  }
  if ('id' in msg) m.id = idPlaceholder(msg.id);
  if ('method' in msg) {
    if (!short(msg.method)) return undefined;
    m.method = msg.method;
  }
  if ('params' in msg) m.params = {};
  if ('result' in msg) m.result = {};
  if ('error' in msg) {
    const e = msg.error;
    if (!isObject(e) || (e.code !== undefined && typeof e.code !== 'number') || (e.message !== undefined && !short(e.message)))
      return undefined;
    m.error = { ...(e.code !== undefined ? { code: e.code } : {}), ...(e.message !== undefined ? { message: e.message } : {}) };
  }
  return m;
}

/** The shape of a parsed frame, or undefined (no summary for it: read it when searched). */
export function frameShape(f: FrameEvent): FrameShape | undefined {
  const s: Record<string, unknown> = { type: 'frame', dir: f.dir };
  if (f.msg !== undefined) {
    const m = msgShape(f.msg as Record<string, unknown>);
    if (!m) return undefined;
    s.msg = m;
  }
  if (f.raw !== undefined) s.raw = '';
  const pair = f.pair as unknown;
  if (pair !== undefined) {
    if (!isObject(pair) || !short(pair.method) || typeof pair.latencyMs !== 'number') return undefined;
    s.pair = { method: pair.method };
  }
  const findings = f.findings as unknown;
  if (findings !== undefined) {
    if (!Array.isArray(findings) || findings.length > 32) return undefined;
    const kept = [];
    for (const x of findings) {
      if (!isObject(x) || !short(x.rule) || !short(x.severity)) return undefined;
      kept.push({ rule: x.rule, severity: x.severity, message: '' });
    }
    s.findings = kept;
  }
  if (f.origin !== undefined) s.origin = f.origin;
  if (f.channel !== undefined) s.channel = f.channel;
  if (f.app !== undefined) s.app = f.app;
  return s as FrameShape;
}

/**
 * A frame event made of a shape, to be filled with each frame's numbers (setFrameNumbers) and
 * tested: one object per shape, reused frame after frame (a search allocates nothing per frame).
 */
export function frameOfShape(shape: FrameShape, sessionId: string): FrameEvent {
  const frame = { ...shape, seq: 0, t: 0, sessionId, size: 0 } as FrameEvent;
  if (shape.pair) frame.pair = { method: shape.pair.method, requestSeq: 0, latencyMs: 0 };
  return frame;
}

export function setFrameNumbers(frame: FrameEvent, seq: number, size: number, latencyMs: number): FrameEvent {
  frame.seq = seq;
  frame.size = size;
  if (frame.pair) frame.pair.latencyMs = latencyMs;
  return frame;
}
