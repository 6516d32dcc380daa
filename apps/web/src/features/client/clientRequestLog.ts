import type { FrameEvent } from '@mcpscope/protocol';
import { isRecord } from '@mcpscope/protocol';

/**
 * Every request the server made of the client, with the client's answer, read from frames:
 * 2025-11-25 real requests (`ping`, `roots/list`, `sampling/createMessage`,
 * `elicitation/create`) answered by a response frame; 2026-07-28 `inputRequests` of an
 * `input_required` result, answered by the `inputResponses` of the retried request.
 * Incremental: `observe` each frame once, in order.
 */
export interface ClientRequestEntry {
  /** Frame that carried the question. */
  seq: number;
  t: number;
  method: string;
  /** JSON-RPC id (legacy) or inputRequests key (2026-07-28). */
  id: string;
  via: 'request' | 'input_required';
  answerSeq?: number;
  answerT?: number;
  /** One line: "accept {name, age}", "error -1 User rejected…", "2 roots"… */
  answer?: string;
}

export function summarizeAnswer(method: string, result: unknown): string {
  if (!isRecord(result)) return 'result';
  if (method === 'elicitation/create') {
    const content = isRecord(result.content) ? ` {${Object.keys(result.content).join(', ')}}` : '';
    return `${String(result.action ?? '?')}${content}`;
  }
  if (method === 'roots/list') {
    const n = Array.isArray(result.roots) ? result.roots.length : undefined;
    return n === undefined ? 'roots: ?' : `${n} root${n === 1 ? '' : 's'}`;
  }
  if (method === 'sampling/createMessage') {
    const c = Array.isArray(result.content) ? result.content[0] : result.content;
    const text = isRecord(c) && typeof c.text === 'string' ? `: ${c.text.slice(0, 60)}` : isRecord(c) ? ` [${String(c.type)}]` : '';
    return `${String(result.model ?? '?')}${text}`;
  }
  return Object.keys(result).length === 0 ? '{}' : 'result';
}

export class ClientRequestLog {
  readonly entries: ClientRequestEntry[] = [];
  private readonly byRequestId = new Map<string, ClientRequestEntry>();
  /** 2026-07-28 questions waiting for their inputResponses, by key. */
  private readonly openInputs = new Map<string, ClientRequestEntry>();

  /** Returns true when the entries changed. */
  observe(f: FrameEvent): boolean {
    const msg = f.msg;
    if (!msg) return false;
    if (f.dir === 'in' && typeof msg.method === 'string' && 'id' in msg) {
      const entry: ClientRequestEntry = { seq: f.seq, t: f.t, method: msg.method, id: JSON.stringify(msg.id), via: 'request' };
      this.entries.push(entry);
      this.byRequestId.set(entry.id, entry);
      return true;
    }
    if (f.dir === 'out' && typeof msg.method !== 'string' && 'id' in msg) {
      const entry = this.byRequestId.get(JSON.stringify(msg.id));
      if (!entry) return false;
      this.byRequestId.delete(entry.id);
      entry.answerSeq = f.seq;
      entry.answerT = f.t;
      entry.answer = isRecord(msg.error)
        ? `error ${String(msg.error.code)} ${String(msg.error.message)}`
        : summarizeAnswer(entry.method, msg.result);
      return true;
    }
    if (f.dir === 'in' && isRecord(msg.result) && msg.result.resultType === 'input_required' && isRecord(msg.result.inputRequests)) {
      for (const [key, req] of Object.entries(msg.result.inputRequests)) {
        const method = isRecord(req) && typeof req.method === 'string' ? req.method : '?';
        const entry: ClientRequestEntry = { seq: f.seq, t: f.t, method, id: key, via: 'input_required' };
        this.entries.push(entry);
        this.openInputs.set(key, entry);
      }
      return true;
    }
    if (f.dir === 'out' && typeof msg.method === 'string' && isRecord(msg.params) && isRecord(msg.params.inputResponses)) {
      let changed = false;
      for (const [key, response] of Object.entries(msg.params.inputResponses)) {
        const entry = this.openInputs.get(key);
        if (!entry) continue;
        this.openInputs.delete(key);
        entry.answerSeq = f.seq;
        entry.answerT = f.t;
        entry.answer = summarizeAnswer(entry.method, response);
        changed = true;
      }
      return changed;
    }
    return false;
  }
}
