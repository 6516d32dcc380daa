import type { HttpEvent, LifecycleEvent, OAuthEvent, StderrEvent } from '@mcpscope/protocol';
import { originLabel, originOf } from './frameOrigin';

export type ConsoleKind = 'stderr' | 'lifecycle' | 'http' | 'oauth';
export type ConsoleLevel = 'info' | 'warn' | 'error';

/** One line of the Console tab: a stderr line, or a one-line summary of another event. */
export interface ConsoleEntry {
  seq: number;
  t: number;
  kind: ConsoleKind;
  /** For lifecycle events, the phase; for http, the method; for oauth, the step. */
  label: string;
  text: string;
  level: ConsoleLevel;
}

/** A stderr chunk becomes one entry per line (a trailing newline does not add an empty one). */
export function stderrEntries(ev: StderrEvent): ConsoleEntry[] {
  const lines = ev.text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((text) => ({ seq: ev.seq, t: ev.t, kind: 'stderr', label: 'stderr', text, level: 'info' }));
}

export function lifecycleEntry(ev: LifecycleEvent): ConsoleEntry {
  const parts: string[] = [];
  switch (ev.phase) {
    case 'spawn':
      parts.push(ev.pid !== undefined ? `process started, pid ${ev.pid}` : 'process started');
      break;
    case 'exit':
      if (ev.signal) parts.push(`process killed by ${ev.signal}`);
      else parts.push(`process exited with code ${ev.code ?? 'unknown'}`);
      break;
    case 'state':
      if (ev.state) parts.push(`state → ${ev.state}`);
      break;
    default:
      break;
  }
  // A step mcpscope took on its own (a new session, an era fallback) says so, as a frame's origin does.
  const origin = originOf(ev);
  if (origin) parts.push(originLabel(origin));
  if (ev.message) parts.push(ev.message);
  const failed = ev.phase === 'error' || (ev.phase === 'exit' && (Boolean(ev.signal) || (ev.code ?? 0) !== 0));
  return {
    seq: ev.seq,
    t: ev.t,
    kind: 'lifecycle',
    label: ev.phase,
    text: parts.join(' — ') || ev.phase,
    level: failed ? 'error' : ev.phase === 'disconnect' ? 'warn' : 'info',
  };
}

export function httpEntry(ev: HttpEvent): ConsoleEntry {
  const outcome = ev.error ? `failed: ${ev.error}` : `→ ${ev.status ?? '…'}${ev.contentType ? ` ${ev.contentType}` : ''}`;
  const level: ConsoleLevel = ev.error || (ev.status ?? 0) >= 500 ? 'error' : (ev.status ?? 0) >= 400 ? 'warn' : 'info';
  return {
    seq: ev.seq,
    t: ev.t,
    kind: 'http',
    label: ev.method,
    text: `${ev.method} ${ev.url} ${outcome} (${Math.round(ev.durationMs)} ms)`,
    level,
  };
}

export function oauthEntry(ev: OAuthEvent): ConsoleEntry {
  const detail = ev.detail ? ` ${JSON.stringify(ev.detail)}` : '';
  return { seq: ev.seq, t: ev.t, kind: 'oauth', label: ev.step, text: `${ev.step}${detail}`, level: 'info' };
}
