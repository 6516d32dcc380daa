import { randomUUID } from 'node:crypto';
import { ProtocolError, SdkError, SdkErrorCode, type Client, type StandardSchemaV1 } from '@modelcontextprotocol/client';
import type { FrameOrigin, JsonRpcId, JsonRpcMessage } from '@mcpscope/protocol';
import { CallLegs, type CallWire } from './call-legs.js';
import { EngineError } from '../errors/errors.js';
import type { CallOrigins } from '../origin/origin-book.js';
import { ambientOrigin, auto, user } from '../origin/origin.js';
import { engineErrorFromSdk, rpcErrorOf, type RpcError } from '../errors/sdk-errors.js';
import { ParamHeaderBook } from './param-headers.js';
import type { EngineMessage, RequestOptions, RequestOutcome } from '../session/types.js';

/** Accepts any result: a debugger shows what came instead of validating it away. */
const PASS_THROUGH: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': { version: 1, vendor: 'mcpscope', validate: (value) => ({ value: value as Record<string, unknown> }) },
};

interface Call extends CallWire {
  callId: string;
  method: string;
  controller: AbortController;
  cancelled: boolean;
  /** Set when maxTotalTimeoutMs ran out. */
  expired?: number;
  /** Set when an answer to one of its legs was refused at the boundary. */
  failure?: EngineError;
  /** Why its requests were sent (RequestOptions.origin, else the ambient origin when it started). */
  origin?: FrameOrigin;
  /** Who cancelled it, for its notifications/cancelled. */
  cancelOrigin?: FrameOrigin;
}

export interface RunnerDeps {
  sessionId: string;
  client(): Client | undefined;
  /** `_meta` to add to every request (the 2026-07-28 log level), if any. */
  extraMeta(): Record<string, unknown> | undefined;
  emit(message: EngineMessage): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function wireError(error: unknown): RpcError {
  const e = isObject(error) ? error : {};
  return {
    code: typeof e.code === 'number' ? e.code : 0,
    message: typeof e.message === 'string' ? e.message : String(e.message ?? ''),
    ...('data' in e ? { data: e.data } : {}),
  };
}

/**
 * Requests made through the SDK client (Session.request): progress, timeout reset, cancel, and
 * on 2026-07-28 the `input_required` rounds, which the SDK fulfils through the session's
 * server-request handlers and retries on fresh ids (2026-07-28/basic/patterns/mrtr).
 */
export class RequestRunner implements CallOrigins {
  readonly legs = new CallLegs<Call>();
  private readonly calls = new Map<string, Call>();
  private answering?: Call;
  /** SEP-2243: each listed tool's `x-mcp-header` declarations, learned from tools/list answers. */
  readonly paramHeaders = new ParamHeaderBook();

  constructor(private readonly deps: RunnerDeps) {}

  /** Called by the tap for every inbound message, before the client dispatches it. */
  inbound(msg: JsonRpcMessage): void {
    if (msg.method === 'notifications/progress') this.progress(msg.params);
    const call = this.legs.inbound(msg);
    this.answering = call;
    // Embedded input requests are dispatched synchronously from the answer that carried them.
    if (call) queueMicrotask(() => this.answering === call && (this.answering = undefined));
  }

  ofTag(tag: unknown): FrameOrigin | undefined {
    return this.legs.callOfTag(tag)?.origin;
  }

  cancelOfLeg(id: unknown): { origin?: FrameOrigin } | undefined {
    const call = this.legs.callOfLeg(id);
    return call ? { origin: call.cancelOrigin } : undefined;
  }

  /** The call whose answer the client is handling right now. */
  answeringCallId(): string | undefined {
    return this.answering?.callId;
  }

  /** `progress: false` for the engine's own requests: no progressToken in their `_meta`. */
  async run(
    method: string,
    params: Record<string, unknown> | undefined,
    opts: RequestOptions = {},
    { progress = true } = {},
  ): Promise<RequestOutcome> {
    const client = this.deps.client();
    if (!client) throw new EngineError('ENGINE_NOT_CONNECTED', 'not connected');
    const callId = opts.callId ?? randomUUID();
    if (this.calls.has(callId)) throw new EngineError('ENGINE_CALL_ID_IN_USE', `A call ${JSON.stringify(callId)} is already running`);
    const origin = opts.origin ?? ambientOrigin();
    const call: Call = {
      callId,
      method,
      tag: this.tagFor(client, method, params),
      legs: new Set(),
      controller: new AbortController(),
      cancelled: false,
      ...(origin ? { origin } : {}),
    };
    this.calls.set(callId, call);
    this.legs.track(call);
    const timeoutMs = opts.timeoutMs ?? 60_000;
    const started = performance.now();
    const latency = (): number => Math.round((performance.now() - started) * 1000) / 1000;
    // A hard limit of our own: the SDK checks maxTotalTimeout only when progress arrives, and then
    // gives up without notifications/cancelled; aborting makes it send one (or close the stream).
    const maxTotal = opts.maxTotalTimeoutMs;
    const total =
      maxTotal === undefined
        ? undefined
        : setTimeout(() => {
            call.expired = maxTotal;
            call.cancelOrigin = auto('cancel: maxTotalTimeoutMs');
            call.controller.abort(new SdkError(SdkErrorCode.RequestTimeout, `Maximum total timeout of ${maxTotal} ms exceeded`));
          }, maxTotal);
    // The caller's signal: whoever made the call cancels it.
    const onAbort = (): void => void this.cancel(callId, undefined, { by: call.origin?.by ?? 'user', reason: 'cancel' });
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    try {
      const value = await client.request({ method, params: this.withMeta(params) }, PASS_THROUGH, {
        timeout: timeoutMs,
        resetTimeoutOnProgress: opts.resetTimeoutOnProgress ?? true,
        signal: call.controller.signal,
        headers: call.tag,
        // Asks for progress (the SDK sets the progressToken) and resets the timeout on it; the
        // events come from the tap: the SDK may drop the last one when the answer follows at once.
        ...(progress ? { onprogress: () => undefined } : {}),
      });
      const raw = call.last?.result;
      const result = isObject(raw) ? raw : value;
      if (method === 'tools/list') this.paramHeaders.learn(result);
      return { callId, outcome: 'result', result, latencyMs: latency() };
    } catch (err) {
      return this.failed(call, err, latency(), timeoutMs);
    } finally {
      clearTimeout(total);
      opts.signal?.removeEventListener('abort', onAbort);
      this.calls.delete(callId);
      this.legs.forget(call);
    }
  }

  /**
   * Cancels a running call (the SDK sends notifications/cancelled, or aborts the HTTP stream on
   * 2026-07-28). Its notifications/cancelled goes out as `origin`, else the ambient origin, else
   * the user's (somebody asked for this cancel through the API or the call's signal).
   */
  cancel(callId: string, reason = 'cancelled in mcpscope', origin?: FrameOrigin): boolean {
    const call = this.calls.get(callId);
    if (!call || call.cancelled) return false;
    call.cancelled = true;
    call.cancelOrigin = origin ?? ambientOrigin() ?? user('cancel');
    call.controller.abort(reason);
    return true;
  }

  /**
   * No usable answer to leg `id` will come (it was refused at the boundary, or its stream ended
   * without it): the call fails now with `error`, not at its timeout. The SDK gives up on it as
   * on any abort, so a legacy server is told with notifications/cancelled sent as `origin`.
   */
  failLeg(id: JsonRpcId, error: EngineError, origin: FrameOrigin = auto('cancel: answer refused')): void {
    const call = this.legs.callOfLeg(id);
    if (!call || call.cancelled || call.failure) return;
    call.failure = error;
    call.cancelOrigin = origin;
    call.controller.abort(error);
  }

  /**
   * Every running call ends with `errorFor(its method)` instead of what the SDK says when it
   * gives up on it (its transport is about to close, or the request's POST already failed).
   * Nothing is sent: the session they ran on is gone.
   */
  failAll(errorFor: (method: string) => EngineError): void {
    for (const call of this.calls.values()) if (!call.cancelled && !call.failure) call.failure = errorFor(call.method);
  }

  /** Some call is running. */
  get busy(): boolean {
    return this.calls.size > 0;
  }

  private failed(call: Call, err: unknown, latencyMs: number, timeoutMs: number): RequestOutcome {
    const { callId } = call;
    if (call.failure) throw call.failure;
    if (call.cancelled) return { callId, outcome: 'cancelled', latencyMs };
    if (call.expired !== undefined)
      throw new EngineError('ENGINE_TIMEOUT', `${call.method} did not finish within ${call.expired} ms (maxTotalTimeoutMs)`, {
        cause: err,
      });
    const last = call.last;
    if (last && 'error' in last) return { callId, outcome: 'error', error: wireError(last.error), source: 'server', latencyMs };
    // A result the SDK would not decode (2026-07-28 shape checks, an unknown resultType): show what came.
    const undecodable =
      err instanceof SdkError && (err.code === SdkErrorCode.InvalidResult || err.code === SdkErrorCode.UnsupportedResultType);
    if (undecodable && last && isObject(last.result)) return { callId, outcome: 'result', result: last.result, latencyMs };
    // A ProtocolError with no error on the wire came from our own input handlers (an answer that
    // was an error, or that the SDK found invalid): the SDK did not retry (2026-07-28/client/roots#error-handling).
    if (err instanceof ProtocolError) return { callId, outcome: 'error', error: rpcErrorOf(err), source: 'input', latencyMs };
    throw engineErrorFromSdk(err, call.method, timeoutMs);
  }

  /**
   * The call's transport `headers`: a fresh object (its identity tags the call's legs), holding
   * on 2026-07-28 the `Mcp-Param-*` headers of a tools/call whose tool declared `x-mcp-header`
   * (2026-07-28/basic/transports/streamable-http#client-behavior; stdio ignores headers).
   */
  private tagFor(client: Client, method: string, params: Record<string, unknown> | undefined): Record<string, string> {
    return method === 'tools/call' && client.getProtocolEra() === 'modern' ? this.paramHeaders.headersFor(params) : {};
  }

  private withMeta(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    const extra = this.deps.extraMeta();
    if (!extra) return params;
    const meta = isObject(params?._meta) ? params._meta : {};
    return { ...params, _meta: { ...extra, ...meta } };
  }

  /**
   * A `notifications/progress` for one of our calls, as received: its progressToken is the id
   * of the call's request (the SDK's choice), so it maps onto the call's legs
   * (2025-11-25/basic/utilities/progress, 2026-07-28/basic/patterns/progress).
   */
  private progress(params: unknown): void {
    if (!isObject(params) || typeof params.progress !== 'number') return;
    const call = this.legs.callOfLeg(params.progressToken);
    if (!call) return;
    this.deps.emit({
      type: 'request-progress',
      sessionId: this.deps.sessionId,
      callId: call.callId,
      progress: params.progress,
      ...(typeof params.total === 'number' ? { total: params.total } : {}),
      ...(typeof params.message === 'string' ? { message: params.message } : {}),
    });
  }
}
