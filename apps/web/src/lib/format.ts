/** Formatting for dense data columns. All pure. */

export function formatClock(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** ms since session start: "+812ms", "+12.41s", "+3m04s". */
export function formatOffset(ms: number): string {
  if (ms < 1000) return `+${Math.round(ms)}ms`;
  if (ms < 60_000) return `+${(ms / 1000).toFixed(2)}s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `+${m}m${String(s).padStart(2, '0')}s`;
}

export function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * One time format everywhere: 24-hour, local time, never the browser locale's.
 * `formatClock` (with ms) is for frames and dense columns; `formatTime` for everything else.
 */
export function formatTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

/** "2026-11-24 17:30:53": for times that may not be today (traces, token expiry). */
export function formatDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${formatTime(epochMs)}`;
}

/** "just now", "42 s ago", "3 min ago", "2 h ago", "5 d ago"; a future time reads "in 3 min". */
export function formatRelative(epochMs: number, now = Date.now()): string {
  const diff = now - epochMs;
  const abs = Math.abs(diff);
  const span =
    abs < 5_000
      ? null
      : abs < 60_000
        ? `${Math.floor(abs / 1000)} s`
        : abs < 3_600_000
          ? `${Math.floor(abs / 60_000)} min`
          : abs < 86_400_000
            ? `${Math.floor(abs / 3_600_000)} h`
            : `${Math.floor(abs / 86_400_000)} d`;
  if (span === null) return 'just now';
  return diff >= 0 ? `${span} ago` : `in ${span}`;
}
