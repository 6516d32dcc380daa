/**
 * How many messages per second one app view may send the host. Every message an app posts runs
 * on mcpscope's own main thread (parsed, handled by the bridge, shown, recorded): an app that
 * posts 20,000 of them after ui/initialize had the tab frozen for 20 s. Past this budget (a
 * burst of BURST, then RATE a second, as the proxy paces what a server sends the tab) a message
 * is dropped before anything handles or records it; the view's panel says how many.
 */
export const APP_MESSAGES_PER_SECOND = 200;
export const APP_MESSAGE_BURST = 500;
/** The drop count shown is refreshed at most this often (one re-render, not one per message). */
const NOTICE_INTERVAL_MS = 250;

export interface FloodState {
  dropped: number;
  /** Still dropping (messages came past the budget within the last second). */
  ongoing: boolean;
}

/** A token bucket over one view's incoming messages; `onFlood` hears of drops at most every 250 ms. */
export class MessageBudget {
  private tokens = APP_MESSAGE_BURST;
  private last: number;
  private dropped = 0;
  private lastDrop = 0;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onFlood: (state: FloodState, first: boolean) => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.last = this.now();
  }

  /** Whether this message may be handled; false: drop it. */
  admit(): boolean {
    const t = this.now();
    this.tokens = Math.min(APP_MESSAGE_BURST, this.tokens + ((t - this.last) * APP_MESSAGES_PER_SECOND) / 1000);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.dropped++;
    this.lastDrop = t;
    if (this.dropped === 1) this.onFlood({ dropped: 1, ongoing: true }, true);
    this.noticeTimer ??= setTimeout(() => this.tell(), NOTICE_INTERVAL_MS);
    return false;
  }

  private tell(): void {
    this.noticeTimer = undefined;
    const ongoing = this.now() - this.lastDrop < 1000;
    this.onFlood({ dropped: this.dropped, ongoing }, false);
    if (ongoing) this.noticeTimer = setTimeout(() => this.tell(), NOTICE_INTERVAL_MS);
  }

  stop(): void {
    clearTimeout(this.noticeTimer);
    this.noticeTimer = undefined;
  }
}
