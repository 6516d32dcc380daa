import { answerReason, type Engine, type EngineMessage, type Session } from '@mcpscope/engine';
import { ownValue, type FrameEvent, type FrameOrigin } from '@mcpscope/protocol';
import type { AnswerFile, SessionCallLine } from '@mcpscope/wire';

/** The JSON-RPC error code of a headless refusal, as a direct `call` answers (engine headless-answers.ts). */
const REFUSAL_CODE = -1;

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export interface CallWatchOptions {
  /** The call's origin: its tools/call frames are recognised by it. */
  origin: FrameOrigin;
  callId: string;
  /** Answer the server's requests from here (a missing method: refused); without: leave them to the UI. */
  answers?: AnswerFile;
  /** Stream the server's `notifications/message`. */
  logs: boolean;
  line(line: SessionCallLine): void;
}

/**
 * What `call --session` watches while its request runs, on the session it shares with the UI (so
 * only what belongs to this call is touched): the server's requests that arrived during the call
 * or carry its callId (answered from the answer file as a direct `call` does, or named and left to
 * the person in the UI), the server's logs, and the linter's verdict on the answers to this call's
 * tools/call (`structured-content-schema`). Subscribed to the engine: nothing is polled.
 */
export class CallWatch {
  private readonly started = Date.now();
  private readonly ourCalls = new Set<number>();
  readonly schemaFindings: Array<{ message: string; spec?: string }> = [];
  private readonly stop: () => void;

  constructor(
    engine: Engine,
    private readonly session: Session,
    private readonly opts: CallWatchOptions,
  ) {
    this.stop = engine.subscribe((m) => this.see(m));
  }

  close(): void {
    this.stop();
  }

  private see(m: EngineMessage): void {
    if (m.type === 'server-request' && m.request.sessionId === this.session.id) return this.serverRequest(m.request);
    if (m.type === 'frame' && m.sessionId === this.session.id) this.frame(m);
  }

  private serverRequest(request: Extract<EngineMessage, { type: 'server-request' }>['request']): void {
    const ours = request.callId === undefined ? request.receivedAt >= this.started : request.callId === this.opts.callId;
    if (!ours) return;
    const { answers, line } = this.opts;
    if (!answers) return line({ type: 'server-request', method: request.method, answered: 'ui' });
    // The method is the server's string: an own key of the file only.
    const canned = ownValue(answers, request.method);
    const answer = canned ?? { error: { code: REFUSAL_CODE, message: `mcpscope call is headless: no one to answer ${request.method}` } };
    line({ type: 'server-request', method: request.method, answered: canned ? 'file' : 'refused' });
    // Not from inside the engine's emit: the queue settles the request on its own turn.
    queueMicrotask(() => this.session.answer(request.requestId, answer, { by: 'user', reason: answerReason(request.method) }));
  }

  private frame(frame: FrameEvent): void {
    const msg = record(frame.msg);
    if (frame.dir === 'out') {
      const { origin } = this.opts;
      if (msg?.method === 'tools/call' && frame.origin?.by === origin.by && frame.origin.reason === origin.reason)
        this.ourCalls.add(frame.seq);
      return;
    }
    if (this.opts.logs && msg?.method === 'notifications/message') {
      const { level, logger, data } = record(msg.params) ?? {};
      this.opts.line({ type: 'log', level, logger, data });
    }
    if (frame.pair && this.ourCalls.has(frame.pair.requestSeq)) {
      for (const f of frame.findings ?? [])
        if (f.rule === 'structured-content-schema') this.schemaFindings.push({ message: f.message, ...(f.spec ? { spec: f.spec } : {}) });
    }
  }
}
