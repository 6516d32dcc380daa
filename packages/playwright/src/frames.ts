import { excerptOf, type ReportedFinding } from '@mcpscope/engine';
import { classifyMessage, messageMethod, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';
import type { McpFinding, McpFrame } from './types.js';

/** The public shape of a frame event; `ordinal` is its place among the session's frames. */
export function toFrame(event: FrameEvent, ordinal: number): McpFrame {
  const kind = event.msg ? classifyMessage(event.msg) : 'raw';
  const findings = (event.findings ?? []).map((f) => ({ ...f, seq: event.seq, ordinal, excerpt: excerptOf(event) }));
  return {
    seq: event.seq,
    ordinal,
    t: event.t,
    dir: event.dir,
    channel: event.channel === 'app' ? 'app' : 'server',
    ...(event.msg ? { msg: event.msg as Record<string, unknown> } : {}),
    ...(event.raw !== undefined ? { raw: event.raw } : {}),
    ...methodOf(event),
    kind,
    ...(event.origin ? { origin: event.origin } : {}),
    ...(event.app ? { app: event.app } : {}),
    ...(event.pair ? { latencyMs: event.pair.latencyMs } : {}),
    findings,
  };
}

function methodOf(event: FrameEvent): { method?: string } {
  const method = messageMethod(event.msg) ?? event.pair?.method;
  return method === undefined ? {} : { method };
}

/** Frames (with ordinals) and the findings of every event, from a session's events in seq order. */
export async function readEvents(
  events: AsyncIterable<SessionEvent>,
  fromSeq = 0,
): Promise<{ frames: McpFrame[]; findings: McpFinding[] }> {
  const frames: McpFrame[] = [];
  const findings: McpFinding[] = [];
  let ordinal = 0;
  for await (const event of events) {
    if (event.type === 'frame') {
      const frame = toFrame(event, ordinal++);
      if (event.seq <= fromSeq) continue;
      frames.push(frame);
      findings.push(...frame.findings);
    } else if (event.type === 'http' && event.seq > fromSeq && event.findings?.length) {
      for (const f of event.findings) findings.push({ ...f, seq: event.seq, excerpt: excerptOf(event) });
    }
  }
  return { frames, findings };
}

/** Ordinals of the frames among `events`, by seq: names "the frame to look at" in a check report. */
export async function ordinalsBySeq(events: AsyncIterable<SessionEvent>): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  let ordinal = 0;
  for await (const event of events) if (event.type === 'frame') out.set(event.seq, ordinal++);
  return out;
}

/** A check report's finding with its frame ordinal, when it is about a frame. */
export function withOrdinal(f: ReportedFinding, ordinals: ReadonlyMap<number, number>): McpFinding {
  const ordinal = f.seq ? ordinals.get(f.seq) : undefined;
  return {
    rule: f.rule,
    severity: f.severity,
    message: f.message,
    ...(f.spec ? { spec: f.spec } : {}),
    ...(f.quote ? { quote: f.quote } : {}),
    seq: f.seq,
    ...(ordinal === undefined ? {} : { ordinal }),
    excerpt: f.excerpt,
  };
}

const RANK = { info: 0, warning: 1, error: 2 } as const;

/** Findings at `severity` or worse. */
export function atLeast<T extends { severity: McpFinding['severity'] }>(findings: T[], severity: McpFinding['severity'] = 'info'): T[] {
  return findings.filter((f) => RANK[f.severity] >= RANK[severity]);
}
