import type { ServerSpan } from '@mcpscope/protocol';
import type { SessionOtelInfo } from '../session/types.js';
import { newTraceIdentity, type TraceIdentity } from './identity.js';
import type { OutgoingContext } from './inject.js';
import { ServerSpanIntake } from './server-spans.js';
import type { ExportStatus } from './telemetry.js';

/** What a session gives its OpenTelemetry side (SessionDeps.otel, and the session's own hooks). */
export interface SessionOtelOptions {
  /** The session's trace (otel/identity.ts); default a new one. */
  identity?: TraceIdentity;
  /** Send W3C trace context from the start (--trace-context). */
  traceContext?: boolean;
  /** The OTLP export's state, shown with the session. */
  exportStatus?: () => ExportStatus;
  /** What the session is, for its span (`session`, `call`, `check`, `replay`). */
  kind?: string;
}

interface Hooks {
  createdAt: number;
  addSpan(span: ServerSpan): void;
  note(message: string): void;
  /** The session's info changed (subscribers are told). */
  changed(): void;
}

/**
 * One session's OpenTelemetry state, owned by the session: its trace identity, the trace-context
 * switch, and the intake of its server's spans (created when the receiver starts taking them).
 */
export class SessionOtel {
  readonly trace: TraceIdentity;
  readonly kind: string;
  private traceContextOn: boolean;
  private spanIntake?: ServerSpanIntake;

  constructor(
    private readonly opts: SessionOtelOptions,
    private readonly hooks: Hooks,
  ) {
    this.trace = opts.identity ?? newTraceIdentity();
    this.kind = opts.kind ?? 'session';
    this.traceContextOn = opts.traceContext === true;
  }

  info(): SessionOtelInfo {
    const status = this.opts.exportStatus?.();
    return {
      traceId: this.trace.traceId,
      traceContext: this.traceContextOn,
      ...(status && status.state !== 'off' ? { export: status } : {}),
      ...(this.spanIntake ? { serverSpans: true } : {}),
    };
  }

  /** What requests carry while trace context is on (the tap asks before each send). */
  outgoing(): OutgoingContext | undefined {
    if (!this.traceContextOn) return undefined;
    return this.trace.traceState ? { traceId: this.trace.traceId, traceState: this.trace.traceState } : { traceId: this.trace.traceId };
  }

  /** Turns trace context on or off for what is sent from now on. */
  setTraceContext(on: boolean): void {
    this.traceContextOn = on;
    this.hooks.changed();
  }

  /** Takes the server's spans from now on: each one a `span` event, within the intake's limits. Idempotent. */
  collectServerSpans(): ServerSpanIntake {
    if (!this.spanIntake) {
      this.spanIntake = new ServerSpanIntake(this.hooks.createdAt, this.hooks.addSpan, this.hooks.note);
      this.hooks.changed();
    }
    return this.spanIntake;
  }

  get intake(): ServerSpanIntake | undefined {
    return this.spanIntake;
  }
}
