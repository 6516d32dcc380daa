import type { FrameEvent, JsonRpcMessage } from '../events.js';
import { idKey } from '../jsonrpc.js';
import { messageTraceContext } from '../otel/trace-context.js';
import { isRecord } from '../is-record.js';

/** A request mcpscope sent, as the telemetry rules need it. */
export interface SentRequest {
  /** Its JSON-RPC id as `jsonrpc.request.id` writes it (String(id)). */
  id: string;
  method: string;
  seq: number;
  t: number;
  /** When and how it was answered. */
  answeredAt?: number;
  errorCode?: number;
  isError?: boolean;
}

/** Requests remembered (oldest first out), as LintState's MAX_REQUESTS_REMEMBERED. */
const MAX_REMEMBERED = 10_000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
}

/**
 * What the telemetry rules know of the session's own requests: which span each announced in its
 * trace context, which ids were sent, when and how each was answered, and the trace ids mcpscope
 * sent. Learnt from the frames (live, or from a trace), bounded.
 */
export class TelemetryState {
  readonly traceIds = new Set<string>();
  readonly bySpanId = new Map<string, SentRequest>();
  readonly byRequestId = new Map<string, SentRequest>();
  private readonly pending = new Map<string, SentRequest>();

  observeFrame(frame: FrameEvent, msg: JsonRpcMessage): void {
    const id = msg.id;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    if (frame.dir === 'out' && typeof msg.method === 'string') {
      const sent: SentRequest = { id: String(id), method: msg.method, seq: frame.seq, t: frame.t };
      remember(this.pending, idKey(id), sent);
      remember(this.byRequestId, sent.id, sent);
      const context = messageTraceContext(msg);
      if (context) {
        remember(this.bySpanId, context.spanId, sent);
        if (this.traceIds.size < 64) this.traceIds.add(context.traceId);
      }
      return;
    }
    if (frame.dir !== 'in' || typeof msg.method === 'string') return;
    const sent = this.pending.get(idKey(id));
    if (!sent) return;
    this.pending.delete(idKey(id));
    sent.answeredAt = frame.t;
    const error = msg.error;
    if (isRecord(error) && typeof error.code === 'number') sent.errorCode = error.code;
    if (isRecord(msg.result) && msg.result.isError === true) sent.isError = true;
  }
}
