/**
 * Runs `fn` once: at the next animation frame, or after `delayMs` when given (and as a
 * fallback in a hidden tab, where requestAnimationFrame does not fire).
 */
export type Schedule = (fn: () => void, delayMs?: number) => void;

export function frameScheduler(hiddenFallbackMs = 100): Schedule {
  return (fn, delayMs = 0) => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      fn();
    };
    if (delayMs > 0) {
      setTimeout(run, delayMs);
      return;
    }
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    setTimeout(run, hiddenFallbackMs);
  };
}
