/**
 * State shared by every server instance one demo process serves.
 *
 * The 2026-07-28 era builds a fresh server per HTTP request, so anything that must
 * outlive one request (the extra tool's on/off switch, the clock ticker) lives here and
 * not on an McpServer. Long-lived instances (stdio connections, legacy HTTP sessions)
 * subscribe to the events and turn them into notifications on their own connection; the
 * HTTP entry forwards them to `subscriptions/listen` streams.
 */

export const CLOCK_URI = 'demo://clock';

export type DemoEvent = { kind: 'tools_changed' } | { kind: 'resource_updated'; uri: string };

export type DemoEventListener = (event: DemoEvent) => void;

export interface DemoStateOptions {
  /** Period of the `demo://clock` updates while someone watches it. Default 1000 ms. */
  clockIntervalMs?: number;
}

export class DemoState {
  private extraTool = false;
  private readonly listeners = new Set<DemoEventListener>();
  private readonly clockIntervalMs: number;
  private clockWatchers = 0;
  private clockTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: DemoStateOptions = {}) {
    this.clockIntervalMs = options.clockIntervalMs ?? 1000;
  }

  get extraToolEnabled(): boolean {
    return this.extraTool;
  }

  /** Flips the extra tool on or off, tells every listener, returns the new value. */
  toggleExtraTool(): boolean {
    this.extraTool = !this.extraTool;
    this.emit({ kind: 'tools_changed' });
    return this.extraTool;
  }

  subscribe(listener: DemoEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Registers one watcher of `demo://clock`. The ticker runs only while at least one
   * watcher is registered. Returns an idempotent release function.
   */
  watchClock(): () => void {
    this.clockWatchers += 1;
    if (this.clockTimer === undefined) {
      this.clockTimer = setInterval(() => this.emit({ kind: 'resource_updated', uri: CLOCK_URI }), this.clockIntervalMs);
      // The ticker alone must never keep a process alive.
      this.clockTimer.unref();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.clockWatchers -= 1;
      if (this.clockWatchers === 0) this.stopClock();
    };
  }

  get clockRunning(): boolean {
    return this.clockTimer !== undefined;
  }

  close(): void {
    this.stopClock();
    this.clockWatchers = 0;
    this.listeners.clear();
  }

  private stopClock(): void {
    if (this.clockTimer !== undefined) clearInterval(this.clockTimer);
    this.clockTimer = undefined;
  }

  private emit(event: DemoEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        process.stderr.write(`demo-server: listener failed: ${String(error)}\n`);
      }
    }
  }
}
