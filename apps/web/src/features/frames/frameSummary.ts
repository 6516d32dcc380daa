import { expectedError, frameKind, frameMethod, messageId, requestTarget, type ExpectedError, type FrameEvent } from '@mcpscope/protocol';
import type { SessionLog } from '../../lib/sessionLog';

export type RowKind = ReturnType<typeof frameKind>;

/** What a row of the frame table shows, derived from the frame and its pairing. */
export interface FrameSummary {
  kind: RowKind;
  method: string;
  /** What the request acts on (`echo` of `tools/call echo`), on the request and its answer; cleaned and capped. */
  target?: string;
  /** An error answer that is how a negotiation is meant to go (mcpscope's era probe): shown neutral, with its reason. */
  expected?: ExpectedError;
  /** Extra text after the method: an error's code and message, a raw line's text. */
  detail: string;
  id: string;
  /** Latency of the exchange: on the response, and on the request once answered. */
  latencyMs: number | undefined;
  /** A request still waiting for its response. */
  awaiting: boolean;
  findings: { errors: number; warnings: number; infos: number };
}

/** The most of a row's detail kept: one line of a table cell (a raw line may be 64 MiB: laid out whole it froze the tab). */
export const DETAIL_CHARS = 500;

const clip = (text: string): string => (text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}…` : text);

export function summarizeFrame(frame: FrameEvent, log: SessionLog | undefined): FrameSummary {
  const kind = frameKind(frame);
  const id = messageId(frame.msg);
  let latencyMs = frame.pair?.latencyMs;
  let awaiting = false;
  const method = frameMethod(frame);
  // An answer names the target of the request it answers (when that request is still at hand).
  const request = kind === 'request' ? frame : frame.pair && log ? log.frameBySeq(frame.pair.requestSeq) : undefined;
  const target = method && request?.msg ? requestTarget(method, request.msg.params) : undefined;
  const expected = kind === 'error' ? expectedError(request, frame) : undefined;
  if (kind === 'request') {
    const response = log?.responseTo(frame.seq);
    latencyMs = response?.pair?.latencyMs;
    // A request read back from disk whose response is not cached: unknown, not awaiting.
    awaiting = response === undefined && (log?.holdsFrameSeq(frame.seq) ?? true);
  }
  let detail = '';
  if (kind === 'raw') detail = clip(frame.raw ?? '');
  else if (kind === 'error') {
    const err = frame.msg?.error as { code?: unknown; message?: unknown } | undefined;
    detail = clip(
      [err?.code, err?.message]
        .filter((x) => x !== undefined)
        .map((x) => (typeof x === 'string' ? clip(x) : x))
        .join(' '),
    );
  }
  const findings = { errors: 0, warnings: 0, infos: 0 };
  for (const f of frame.findings ?? []) {
    if (f.severity === 'error') findings.errors++;
    else if (f.severity === 'warning') findings.warnings++;
    else findings.infos++;
  }
  return {
    kind,
    method: method ?? (kind === 'raw' ? '' : '—'),
    ...(target ? { target } : {}),
    ...(expected ? { expected } : {}),
    detail,
    id: id === undefined ? '' : typeof id === 'string' ? JSON.stringify(id) : String(id),
    latencyMs,
    awaiting,
    findings,
  };
}

export const KIND_LABEL: Record<RowKind, string> = {
  request: 'request',
  notification: 'notification',
  response: 'response',
  error: 'error',
  invalid: 'invalid',
  raw: 'raw',
};
