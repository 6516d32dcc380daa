/**
 * The listeners of one kind of change (a store's snapshot, an engine's messages, a log's events):
 * `add` gives back the function that removes the listener; the emits call them in the order they
 * were added. Pure, so the engine, the proxy and the browser hold their listeners the same way.
 */
export class Listeners<A extends unknown[] = []> {
  private readonly set = new Set<(...args: A) => void>();

  /** `onError` hears of a listener that threw during `emitIsolated` (with what it was called with). */
  constructor(private readonly onError?: (err: unknown, ...args: A) => void) {}

  /** Adds `listener`; the function returned removes it. */
  add(listener: (...args: A) => void): () => void {
    this.set.add(listener);
    return () => {
      this.set.delete(listener);
    };
  }

  clear(): void {
    this.set.clear();
  }

  /**
   * Calls every listener, over a copy of the set: one that removes or adds a listener while it is
   * called changes the next emit, not this one. A listener that throws ends the emit; the caller
   * gets the error (a UI store's listeners are React's, whose errors are the app's to see).
   */
  emit(...args: A): void {
    for (const listener of [...this.set]) listener(...args);
  }

  /**
   * Calls every listener; one that throws fails alone (`onError` hears of it) and the others are
   * still called. Walks the set itself, no copy: this runs for every event of a session.
   */
  emitIsolated(...args: A): void {
    for (const listener of this.set) {
      try {
        listener(...args);
      } catch (err) {
        this.onError?.(err, ...args);
      }
    }
  }
}
