/**
 * For tests: a seeded generator of integers in [0, n) (mulberry32: 32-bit integer steps; an LCG
 * in floats loses its low bits and soon repeats one value).
 */
export function seededInts(seed: number): (n: number) => number {
  let state = seed | 0;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}
