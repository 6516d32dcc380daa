/**
 * Tells the editor's own text coming back as the `value` prop (an echo) from a change made
 * elsewhere (a template, a prefill, a history entry). A controlled Monaco lost keystrokes under
 * fast typing: the prop effect of the render for "ab" ran after "c" was typed and, seeing "ab"
 * differ from the model's "abc", replaced the model. Every text the editor reported is an echo
 * until the prop catches up with it; only a text it never reported is applied to the model.
 */
export class EchoGuard {
  private readonly sent: string[] = [];

  constructor(private readonly max = 64) {}

  /** The editor reported `text` (its change event). */
  emitted(text: string): void {
    this.sent.push(text);
    if (this.sent.length > this.max) this.sent.shift();
  }

  /**
   * The prop is `text`: true when the editor reported it (it is the editor's own, maybe stale:
   * leave the model alone); it and every older report are then settled.
   */
  isEcho(text: string): boolean {
    const i = this.sent.lastIndexOf(text);
    if (i < 0) return false;
    this.sent.splice(0, i + 1);
    return true;
  }

  /** A change from outside was applied to the model: earlier reports are moot. */
  reset(): void {
    this.sent.length = 0;
  }
}
