import { createHash, randomBytes } from 'node:crypto';
import { spansFromOtlp, type ServerSpan } from '@mcpscope/protocol';

/**
 * mcpscope's own limits on what a server may send to its OTLP receiver (no spec sets them): a
 * flood is refused early (429, before decoding) and can neither slow the session nor grow memory
 * without bound. SPAN_CAPS (protocol) bounds each span.
 */
export const SERVER_SPAN_LIMITS = {
  /** Spans read from one export request; the rest are rejected (partial success). */
  perRequest: 1000,
  /** Spans kept for one session; past it every span is rejected. */
  perSession: 10_000,
  /** Sustained spans per second, and the burst above it. */
  spansPerSecond: 1000,
  spanBurst: 5000,
  /** Sustained request bytes per second, and the burst. */
  bytesPerSecond: 4 * 1024 * 1024,
  byteBurst: 8 * 1024 * 1024,
} as const;

/** A token bucket on a monotonic clock (ms). */
class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }

  /** Takes `n` if there are that many; else how long until there would be (ms). */
  take(n: number, now: number): number {
    this.refill(now);
    if (this.tokens >= n) {
      this.tokens -= n;
      return 0;
    }
    return Math.ceil(((Math.min(n, this.burst) - this.tokens) / this.perSecond) * 1000);
  }

  /** Gives back what a request did not use (spans it turned out not to have). */
  give(n: number): void {
    this.tokens = Math.min(this.burst, this.tokens + n);
  }
}

export interface ReceiveResult {
  accepted: number;
  rejected: number;
  /** Why spans were rejected, for the OTLP partial-success answer. */
  message?: string;
}

/**
 * One session's intake of server spans: rate limits before anything is decoded, the span caps
 * while reading, the session's total cap, and the events the spans become. Owned by the session.
 */
export class ServerSpanIntake {
  private readonly spans: Bucket;
  private readonly bytes: Bucket;
  kept = 0;
  private notedFull = false;

  constructor(
    private readonly startedAt: number,
    private readonly add: (span: ServerSpan) => void,
    private readonly note: (message: string) => void,
    now = performance.now(),
  ) {
    this.spans = new Bucket(SERVER_SPAN_LIMITS.spansPerSecond, SERVER_SPAN_LIMITS.spanBurst, now);
    this.bytes = new Bucket(SERVER_SPAN_LIMITS.bytesPerSecond, SERVER_SPAN_LIMITS.byteBurst, now);
  }

  /** Before decoding: 0 when a body of `size` bytes may be read, else ms to wait (429 Retry-After). */
  admit(size: number, now = performance.now()): number {
    return this.bytes.take(size, now);
  }

  /** Reads a decoded export request (OTLP JSON shape) into span events. */
  receive(request: unknown, now = performance.now()): ReceiveResult {
    const room = Math.max(0, Math.min(SERVER_SPAN_LIMITS.perRequest, SERVER_SPAN_LIMITS.perSession - this.kept));
    const read = spansFromOtlp(request, { startedAt: this.startedAt, maxSpans: room });
    let rejected = read.rejected;
    let accepted = 0;
    for (const span of read.spans) {
      if (this.spans.take(1, now) > 0) {
        rejected++;
        continue;
      }
      this.add(span);
      accepted++;
    }
    this.kept += accepted;
    if (this.kept >= SERVER_SPAN_LIMITS.perSession && !this.notedFull) {
      this.notedFull = true;
      this.note(`the server sent ${SERVER_SPAN_LIMITS.perSession} spans: mcpscope keeps no more for this session (its own limit)`);
    }
    const message =
      rejected === 0
        ? undefined
        : room === 0
          ? `mcpscope keeps at most ${SERVER_SPAN_LIMITS.perSession} spans per session`
          : 'spans malformed, over the per-request limit or the rate limit were not kept';
    return { accepted, rejected, ...(message ? { message } : {}) };
  }

  /**
   * Before decoding: 0 while the span budget holds at least a tenth of a second's worth, else ms
   * until it does (429 Retry-After). A sender at the limit is turned away whole, before its body
   * is parsed, rather than having each request decoded and mostly dropped.
   */
  spanWait(now = performance.now()): number {
    const want = SERVER_SPAN_LIMITS.spansPerSecond / 10;
    const wait = this.spans.take(want, now);
    if (wait === 0) this.spans.give(want);
    return wait;
  }
}

const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * The receiver's secrets, one per session that collects server spans (not the UI token: a server
 * holds it, in its environment). Looked up by digest, so the secret itself is not a Map key.
 */
export class SpanReceivers {
  /** `http://127.0.0.1:PORT/otlp/v1/traces` once the proxy listens; without it nothing is collected. */
  url?: string;
  private readonly sessions = new Map<string, string>();
  private readonly secrets = new Map<string, string>();

  /** The secret for `sessionId` (made once; the same one after that). */
  secretFor(sessionId: string): string {
    const known = this.secrets.get(sessionId);
    if (known) return known;
    const secret = randomBytes(32).toString('base64url');
    this.secrets.set(sessionId, secret);
    this.sessions.set(digest(secret), sessionId);
    return secret;
  }

  sessionIdFor(secret: string | undefined): string | undefined {
    if (typeof secret !== 'string' || secret.length === 0 || secret.length > 256) return undefined;
    return this.sessions.get(digest(secret));
  }

  forget(sessionId: string): void {
    const secret = this.secrets.get(sessionId);
    if (secret === undefined) return;
    this.secrets.delete(sessionId);
    this.sessions.delete(digest(secret));
  }
}
