import type { FrameEvent } from '@mcpscope/protocol';
import type { PendingServerRequest } from '@mcpscope/wire';
import { isRecord } from '@mcpscope/protocol';

/**
 * Which client request a pending server→client request belongs to, read from the frames.
 * 2026-07-28 (spec basic/patterns/mrtr): the request is an entry of the `inputRequests` of an
 * `input_required` result; the pending request names that entry's key, and each retry of the
 * original request carries `inputResponses`/`requestState`, which gives the round number.
 * 2025-11-25: a real request from the server, sent while one of ours was still unanswered.
 */
export interface FrameSource {
  readonly frames: { readonly length: number; get(index: number): FrameEvent | undefined };
  frameBySeq(seq: number): FrameEvent | undefined;
  responseTo(requestSeq: number): FrameEvent | undefined;
}

export interface RequestOrigin {
  /** e.g. "tools/call ask_llm" */
  label: string;
  /** 2026-07-28 only: 1 for the first input_required answer, 2 after one retry… */
  round?: number;
  /** The client request the server is waiting on (for "view in Frames"). */
  requestSeq: number;
  /** The frame that carried the server's question (the input_required result or the request). */
  questionSeq?: number;
  mode: 'input_required' | 'nested';
}

const SCAN_LIMIT = 20_000;

function paramsOf(f: FrameEvent | undefined): Record<string, unknown> {
  const p = f?.msg?.params;
  return isRecord(p) ? p : {};
}

/** "tools/call ask_llm", "resources/read demo://x", "prompts/get greeting". */
export function requestLabel(f: FrameEvent): string {
  const method = typeof f.msg?.method === 'string' ? f.msg.method : '?';
  const p = paramsOf(f);
  const subject = typeof p.name === 'string' ? p.name : typeof p.uri === 'string' ? p.uri : undefined;
  return subject ? `${method} ${subject}` : method;
}

function isRetry(f: FrameEvent): boolean {
  const p = paramsOf(f);
  return 'inputResponses' in p || 'requestState' in p;
}

function isOutRequest(f: FrameEvent | undefined): f is FrameEvent {
  return !!f && f.dir === 'out' && typeof f.msg?.method === 'string' && 'id' in f.msg;
}

function roundOf(log: FrameSource, request: FrameEvent, fromIndex: number): number {
  let round = 1;
  let current = request;
  const label = requestLabel(request);
  for (let i = fromIndex - 1; i >= 0 && i > fromIndex - SCAN_LIMIT && isRetry(current); i--) {
    const f = log.frames.get(i);
    if (!isOutRequest(f) || f.seq >= current.seq || requestLabel(f) !== label) continue;
    round++;
    current = f;
  }
  return round;
}

function inputRequiredOrigin(log: FrameSource, key: string, method: string): RequestOrigin | null {
  for (let i = log.frames.length - 1; i >= 0 && i > log.frames.length - SCAN_LIMIT; i--) {
    const f = log.frames.get(i);
    if (f?.dir !== 'in' || !f.msg) continue;
    const result = f.msg.result;
    if (!isRecord(result) || result.resultType !== 'input_required' || !isRecord(result.inputRequests)) continue;
    const entry = result.inputRequests[key];
    if (!isRecord(entry) || entry.method !== method) continue;
    const request = f.pair ? log.frameBySeq(f.pair.requestSeq) : undefined;
    if (!request) return null;
    const requestIndex = findIndex(log, request.seq, i);
    return {
      label: requestLabel(request),
      round: roundOf(log, request, requestIndex),
      requestSeq: request.seq,
      questionSeq: f.seq,
      mode: 'input_required',
    };
  }
  return null;
}

function findIndex(log: FrameSource, seq: number, from: number): number {
  for (let i = from; i >= 0; i--) if (log.frames.get(i)?.seq === seq) return i;
  return 0;
}

function nestedOrigin(log: FrameSource, requestId: string, method: string): RequestOrigin | null {
  let questionIndex = -1;
  for (let i = log.frames.length - 1; i >= 0 && i > log.frames.length - SCAN_LIMIT; i--) {
    const f = log.frames.get(i);
    if (f?.dir === 'in' && f.msg?.method === method && 'id' in f.msg && idKeyOf(f.msg.id) === requestId) {
      questionIndex = i;
      break;
    }
  }
  if (questionIndex < 0) return null;
  const question = log.frames.get(questionIndex)!;
  // The latest of our requests still unanswered when the question came is the one it is nested in.
  for (let i = questionIndex - 1; i >= 0 && i > questionIndex - SCAN_LIMIT; i--) {
    const f = log.frames.get(i);
    if (!isOutRequest(f)) continue;
    const response = log.responseTo(f.seq);
    if (response && response.seq < question.seq) continue;
    return { label: requestLabel(f), requestSeq: f.seq, questionSeq: question.seq, mode: 'nested' };
  }
  return { label: '', requestSeq: question.seq, questionSeq: question.seq, mode: 'nested' };
}

function idKeyOf(id: unknown): string | undefined {
  if (typeof id === 'number') return `n:${id}`;
  if (typeof id === 'string') return `s:${id}`;
  return undefined;
}

export function findRequestOrigin(
  log: FrameSource | undefined,
  request: Pick<PendingServerRequest, 'requestId' | 'method' | 'inputKey'>,
): RequestOrigin | null {
  if (!log) return null;
  // The engine names an embedded request by its inputRequests key (`inputKey`).
  const key = request.inputKey ?? (request.requestId.startsWith('s:') ? request.requestId.slice(2) : undefined);
  if (key !== undefined) {
    const viaInput = inputRequiredOrigin(log, key, request.method);
    if (viaInput) return viaInput;
  }
  return nestedOrigin(log, request.requestId, request.method);
}

/** "part of tools/call ask_llm, round 1" / "while tools/call trigger-sampling-request was running". */
export function describeOrigin(origin: RequestOrigin | null): string | null {
  if (!origin) return null;
  if (origin.mode === 'input_required') return `part of ${origin.label}, round ${origin.round ?? 1}`;
  return origin.label ? `sent while ${origin.label} was running` : 'sent by the server on its own';
}
