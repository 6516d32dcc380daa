/** Summaries for repeated measurements: median, and {median, min, max, samples} rounded to 0.1. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const round = (x) => Math.round(x * 10) / 10;

export const stat = (xs) => ({
  median: round(median(xs)),
  min: round(Math.min(...xs)),
  max: round(Math.max(...xs)),
  samples: xs.map(round),
});
