/** Runs `fn` once at the next animation frame, or after `fallbackMs` in a hidden tab (no rAF). */
export type Schedule = (fn: () => void) => void;

export function frameScheduler(fallbackMs = 100): Schedule {
  return (fn) => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      fn();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    setTimeout(run, fallbackMs);
  };
}
