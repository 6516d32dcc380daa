import type { FrameEvent, ServerSpan, SpanEvent } from '../events.js';
import { messageTraceContext } from './trace-context.js';

/** A server span placed in the tree: the event that carried it, and how deep under its request. */
export interface SpanNode {
  seq: number;
  span: ServerSpan;
  /** 0: a child of the request's own span (the server's span for it); 1: that span's child… */
  depth: number;
}

/** How many parent links are followed from a span to its request (a hostile cycle ends there). */
const MAX_CHAIN = 64;

/**
 * Which server spans belong to which request mcpscope sent. A request that carried trace context
 * (`params._meta.traceparent`, W3C) named its span; the server's span for it is that span's child,
 * and the server's own spans hang under that one. A span whose parent chain reaches a request's
 * span is nested under it, whatever order the spans arrived in (a child often ends, and is
 * exported, before its parent); every other span is listed for the session.
 * Frames and spans are added as they come; the placement is worked out again when asked after a
 * change (linear in the spans held).
 */
export class SpanTree {
  private readonly requestBySpanId = new Map<string, { seq: number; traceId: string }>();
  private readonly spans: SpanNode[] = [];
  private readonly bySpanId = new Map<string, SpanNode>();
  private dirty = false;
  private placed = new Map<number, SpanNode[]>();
  private loose: SpanNode[] = [];
  private requestOfSpan = new Map<string, number>();
  /** Grows whenever what the tree holds changes (a span, a request naming its span). */
  version = 0;

  get size(): number {
    return this.spans.length;
  }

  /** A frame: an outgoing request with trace context names its span. Other frames are ignored. */
  addFrame(frame: Pick<FrameEvent, 'seq' | 'dir' | 'msg' | 'channel'>): void {
    if (frame.dir !== 'out' || frame.channel === 'app' || !frame.msg || typeof frame.msg.method !== 'string' || !('id' in frame.msg))
      return;
    const context = messageTraceContext(frame.msg);
    if (!context || this.requestBySpanId.has(context.spanId)) return;
    this.requestBySpanId.set(context.spanId, { seq: frame.seq, traceId: context.traceId });
    if (this.spans.length > 0) {
      this.dirty = true;
      this.version++;
    }
  }

  addSpan(event: Pick<SpanEvent, 'seq' | 'span'>): void {
    const node: SpanNode = { seq: event.seq, span: event.span, depth: 0 };
    this.spans.push(node);
    // The first span of an id wins (a resent batch repeats spans).
    if (!this.bySpanId.has(event.span.spanId)) this.bySpanId.set(event.span.spanId, node);
    this.dirty = true;
    this.version++;
  }

  /** The requests (their frames' seq) that have spans under them, ascending. */
  requestsWithSpans(): number[] {
    this.place();
    return [...this.placed.keys()].sort((a, b) => a - b);
  }

  /** The spans nested under request `seq`, depth-first, siblings by start time. */
  underRequest(requestSeq: number): readonly SpanNode[] {
    this.place();
    return this.placed.get(requestSeq) ?? [];
  }

  /** The request (its frame's seq) a span belongs to, if its chain reaches one. */
  requestOf(spanId: string): number | undefined {
    this.place();
    return this.requestOfSpan.get(spanId);
  }

  /** The request whose trace context named `spanId` (the span mcpscope made for it). */
  requestNamed(spanId: string): number | undefined {
    return this.requestBySpanId.get(spanId)?.seq;
  }

  /** Spans that belong to no request, by start time. */
  unmatched(): readonly SpanNode[] {
    this.place();
    return this.loose;
  }

  /** Every span, in arrival order. */
  all(): readonly SpanNode[] {
    return this.spans;
  }

  private place(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const requestOfSpan = new Map<string, number>();
    for (const node of this.spans) {
      const seq = this.chainToRequest(node.span);
      if (seq !== undefined) requestOfSpan.set(node.span.spanId, seq);
    }
    // Children by parent id, among the spans placed under some request.
    const children = new Map<string, SpanNode[]>();
    const loose: SpanNode[] = [];
    for (const node of this.spans) {
      if (this.bySpanId.get(node.span.spanId) !== node) continue; // a repeat
      if (!requestOfSpan.has(node.span.spanId)) {
        loose.push(node);
        continue;
      }
      const key = node.span.parentSpanId ?? '';
      const siblings = children.get(key);
      if (siblings) siblings.push(node);
      else children.set(key, [node]);
    }
    const byStart = (a: SpanNode, b: SpanNode) => a.span.start - b.span.start || a.seq - b.seq;
    const placed = new Map<number, SpanNode[]>();
    const visit = (parentId: string, depth: number, out: SpanNode[]) => {
      const kids = children.get(parentId);
      if (!kids || depth > MAX_CHAIN) return;
      kids.sort(byStart);
      for (const kid of kids) {
        kid.depth = depth;
        out.push(kid);
        visit(kid.span.spanId, depth + 1, out);
      }
    };
    for (const [spanId, request] of this.requestBySpanId) {
      if (!children.has(spanId)) continue;
      const out: SpanNode[] = [];
      visit(spanId, 0, out);
      placed.set(request.seq, out);
    }
    this.placed = placed;
    this.loose = loose.sort(byStart);
    this.requestOfSpan = requestOfSpan;
  }

  private chainToRequest(span: ServerSpan): number | undefined {
    let parent = span.parentSpanId;
    for (let i = 0; i < MAX_CHAIN && parent !== undefined; i++) {
      const request = this.requestBySpanId.get(parent);
      if (request !== undefined) return request.traceId === span.traceId ? request.seq : undefined;
      const up = this.bySpanId.get(parent);
      if (!up || up.span.traceId !== span.traceId) return undefined;
      parent = up.span.parentSpanId;
    }
    return undefined;
  }
}
