import { classifyMessage, idKey, messageId, type JsonRpcMessage } from '@mcpscope/protocol';

/** What the tap learns about one Session.request call. */
export interface CallWire {
  /** Passed as the call's transport `headers`: its identity tags every leg (empty but for SEP-2243 `Mcp-Param-*`). */
  readonly tag: Record<string, string>;
  /** idKeys of the JSON-RPC requests sent for the call (the first one, then each retry). */
  readonly legs: Set<string>;
  /** The last response or error that answered one of its legs, exactly as received. */
  last?: JsonRpcMessage;
}

/**
 * Which JSON-RPC requests on the wire belong to which call. A call's first request and the
 * SDK's `input_required` retries (each on a fresh id, 2026-07-28/basic/patterns/mrtr) all carry
 * the call's own `headers` object in their transport send options — the SDK hands the same
 * object to every leg — so its identity tags them, and the tap reports every send and answer.
 * This is how the engine shows what came (the raw result) and knows which call an embedded
 * input request belongs to, without patching the client.
 */
export class CallLegs<C extends CallWire> {
  private readonly byTag = new WeakMap<object, C>();
  private readonly byLeg = new Map<string, C>();

  track(call: C): void {
    this.byTag.set(call.tag, call);
  }

  forget(call: C): void {
    this.byTag.delete(call.tag);
    for (const leg of call.legs) this.byLeg.delete(leg);
  }

  /** An outbound message and the send options the client gave the transport. */
  outbound(msg: JsonRpcMessage, options: { headers?: unknown } | undefined): void {
    const tag = options?.headers;
    if (typeof tag !== 'object' || tag === null) return;
    const call = this.byTag.get(tag);
    const id = messageId(msg);
    if (!call || id === undefined || classifyMessage(msg) !== 'request') return;
    call.legs.add(idKey(id));
    this.byLeg.set(idKey(id), call);
  }

  /** The call whose transport `headers` object this is (what the client hands the transport). */
  callOfTag(tag: unknown): C | undefined {
    return typeof tag === 'object' && tag !== null ? this.byTag.get(tag) : undefined;
  }

  /** The call that sent the JSON-RPC request with this id (while it waits for the answer). */
  callOfLeg(id: unknown): C | undefined {
    return typeof id === 'number' || typeof id === 'string' ? this.byLeg.get(idKey(id)) : undefined;
  }

  /** An inbound message, before the client sees it; returns the call it answers, if any. */
  inbound(msg: JsonRpcMessage): C | undefined {
    const kind = classifyMessage(msg);
    const id = messageId(msg);
    if ((kind !== 'response' && kind !== 'error') || id === undefined) return undefined;
    const call = this.byLeg.get(idKey(id));
    if (!call) return undefined;
    this.byLeg.delete(idKey(id));
    call.last = msg;
    return call;
  }
}
