import type { EraFallback } from '@mcpscope/engine';
import { escapeControl } from './commands/escape-control.js';

/**
 * Why a session that probed with server/discover went legacy, as one terminal line
 * (`mcpscope: server/discover answered HTTP 500 → legacy initialize`). `onlyIfProbeFailed`: say
 * nothing when the probe got the answer a legacy server is expected to give (a JSON-RPC error, a
 * 4xx): `call` and `check` run in scripts, where only a slow or broken probe is news.
 */
export function eraFallbackLine(fallback: EraFallback | undefined, onlyIfProbeFailed = false): string {
  if (!fallback || (onlyIfProbeFailed && !fallback.probeFailed)) return '';
  return `mcpscope: ${escapeControl(fallback.reason)}\n`;
}
