import { Listeners, type SessionEvent } from '@mcpscope/protocol';
import type { SecretValues } from '@mcpscope/trace';
import type { TraceIdentity } from './identity.js';
import type { LiveExport } from './sdk.js';
import { SessionSpans } from './session-spans.js';

/** What the user asked for (CLI flags and the standard OTEL_* variables: telemetry-options.ts). */
export interface TelemetryOptions {
  /** Live export to an OTLP/HTTP endpoint; absent: off. */
  export?: {
    /** Base endpoint given with --otlp-endpoint; absent: the exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT itself. */
    endpoint?: string;
    /** Where the traces go, for messages. */
    display: string;
    serviceName: string;
  };
  /** New sessions send W3C trace context in `params._meta` (--trace-context; the UI switches it per session). */
  traceContext: boolean;
  /** Tool arguments and results in span attributes (--otlp-content). */
  includeContent: boolean;
  /** A trace the sessions continue (TRACEPARENT / TRACESTATE of the environment). */
  parent?: { traceparent?: string; tracestate?: string };
  /** Told once when the export starts failing and once when it works again (stderr). */
  report?(line: string): void;
}

export type ExportState = 'off' | 'starting' | 'ok' | 'failing';

export interface ExportStatus {
  state: ExportState;
  endpoint?: string;
  /** Why the last export failed (state `failing`). */
  error?: string;
}

/** What a session (live, wrapped, replayed) tells the span builder about itself. */
export interface SpanSource {
  identity: TraceIdentity;
  transport: 'stdio' | 'http' | 'sse';
  url?: string;
  name: string;
  target: string;
  kind: string;
  /** Epoch ms of the session's t = 0. */
  createdAt: number;
  secrets?: SecretValues;
}

/** A session's span builder while the export is on: give it every event, then finish it. */
export interface SpanTracker {
  observe(event: SessionEvent): void;
  finish(opts?: { failed?: boolean }): void;
}

/**
 * The process's OpenTelemetry export: loads the SDK (otel/sdk.ts) only when the export is on,
 * builds each session's spans from its events and hands them to the batch processor. Its state
 * (`status`) changes are said once each, on stderr (`report`) and to listeners (the UI's session info).
 */
/** What is built before the SDK has loaded, handed to it once it has (bounded like its own queue). */
type Pending = (live: LiveExport) => void;
const MAX_PENDING = 2048;

export class Telemetry {
  private live?: LiveExport;
  private loading?: Promise<void>;
  private pending: Pending[] = [];
  private current: ExportStatus;
  private readonly listeners = new Listeners();

  constructor(readonly options: TelemetryOptions) {
    this.current = options.export ? { state: 'starting', endpoint: options.export.display } : { state: 'off' };
  }

  get exporting(): boolean {
    return this.options.export !== undefined;
  }

  get status(): ExportStatus {
    return this.current;
  }

  /**
   * Loads the SDK and starts the exporters (once); resolves at once when the export is off. Spans
   * may be tracked before it resolves (they wait for it): a session need not wait for the load.
   */
  ready(): Promise<void> {
    const exp = this.options.export;
    if (!exp) return Promise.resolve();
    this.loading ??= import('./sdk.js')
      .then((sdk) => {
        const live = sdk.startLiveExport({
          endpoint: exp.endpoint,
          serviceName: exp.serviceName,
          onResult: (ok, error) => this.result(ok, error),
        });
        this.live = live;
        for (const send of this.pending.splice(0)) send(live);
      })
      .catch((err: unknown) => {
        // The export could not start (a broken install): said once; the sessions go on without it.
        this.pending = [];
        this.result(false, `could not start: ${err instanceof Error ? err.message : String(err)}`);
      });
    return this.loading;
  }

  /** Hands `send` to the exporters now, or once they are loaded. */
  private toLive(send: Pending): void {
    if (this.live) send(this.live);
    else if (this.pending.length < MAX_PENDING) this.pending.push(send);
  }

  onChange(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  /** A span builder for one session, or undefined when the export is off (nothing is built then). */
  track(source: SpanSource): SpanTracker | undefined {
    if (!this.options.export) return undefined;
    void this.ready();
    const spans = new SessionSpans({
      identity: source.identity,
      transport: source.transport,
      url: source.url,
      session: { name: source.name, target: source.target, kind: source.kind },
      rules: { includeContent: this.options.includeContent, secrets: source.secrets },
      onSpan: (record) => this.toLive((live) => live.span(record, source.createdAt)),
      onOperation: (op) => this.toLive((live) => live.operation(op)),
    });
    return {
      observe: (event) => {
        spans.observe(event);
        if (event.type === 'span') this.toLive((live) => live.serverSpan(event.span, source.createdAt));
      },
      finish: (opts) => spans.finish(opts),
    };
  }

  /** Sends what is queued and stops the exporters, waiting at most `ms` (an endpoint that is down must not hold the exit). */
  async shutdown(ms = 2000): Promise<void> {
    await this.loading?.catch(() => undefined);
    const done = await this.live?.shutdown(ms);
    // The last batch did not go out in time (an endpoint that does not answer): said, if it was not already.
    if (done === false) this.result(false, `no answer within ${ms / 1000} s, when mcpscope stopped`);
  }

  private result(ok: boolean, error: string | undefined): void {
    const before = this.current.state;
    if (ok && before !== 'ok') {
      this.current = { state: 'ok', endpoint: this.options.export?.display };
      if (before === 'failing') this.options.report?.(`mcpscope: the OTLP export to ${this.options.export?.display} works again\n`);
    } else if (!ok && before !== 'failing') {
      this.current = { state: 'failing', endpoint: this.options.export?.display, error: (error ?? 'unknown error').slice(0, 300) };
      this.options.report?.(
        `mcpscope: the OTLP export to ${this.options.export?.display} failed (${this.current.error}); spans are dropped while it fails, the session itself loses nothing\n`,
      );
    } else return;
    this.listeners.emitIsolated(); // a listener's failure is its own
  }
}
